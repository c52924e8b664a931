import type { RouteInstance } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import type { BuiltAssets } from '../bundle.js';
import type { OutputRecord } from '../state/build-state.js';
import type { OutputWriter, WrittenFiles } from '../write.js';
import type { RenderPool } from './pool.js';
import { createLayoutRenderer, type LayoutShells } from './layout-shell.js';
import { inputFrame as inputFrameOf } from './input-reach.js';
import { createWorkQueue } from './work-queue.js';
import { emitInto, renderRoutes, type RenderCounts, type RenderedOutput, type RenderedPart, type ReuseSource } from './render-routes.js';

export type { RenderedOutput };

export interface RenderSiteResult {
  counts: RenderCounts;
  /** For the next build: what declared inputs may read but the posts (input-reach.ts), the layout's shells. */
  inputFrame: string;
  shells: LayoutShells;
  shellsChanged: boolean;
  /** In route order. */
  outputs: RenderedOutput[];
  /** What worker threads wrote into the output folder themselves (the writer's commit adds them). */
  written: WrittenFiles[];
}

/**
 * Stage render: the route table into the output, this thread and the pool's workers taking route
 * instances from one queue; a page whose inputs did not change since `previous` is kept as it is.
 */
export async function renderSite(input: {
  site: SiteData;
  instances: readonly RouteInstance[];
  assets: Promise<BuiltAssets>;
  output: OutputWriter;
  /**
   * The previous run's records, its input frame, and the files the changed posts and lists reach,
   * with those that may wait (ReuseSource; asked only while the frame is the same: else every
   * file's inputs are made again).
   */
  previous?: { outputs: ReadonlyMap<string, OutputRecord>; inputFrame?: string; reach: () => Omit<ReuseSource, 'outputs'> };
  /** The previous build's layout shells: reused when the layout's inputs are the same. */
  shells?: LayoutShells;
  pool?: RenderPool;
  onProgress?: (done: number, total: number) => void;
}): Promise<RenderSiteResult> {
  const { site, instances, output, pool, onProgress } = input;
  try {
    const assets = await input.assets;
    const layout = createLayoutRenderer(site, assets.sharedProps, input.shells);
    const inputFrame = inputFrameOf(site, assets, layout.inputs);
    const before = input.previous;
    const previous: ReuseSource | undefined = before && { outputs: before.outputs, ...(before.inputFrame === inputFrame ? before.reach() : {}) };
    const queue = createWorkQueue();
    // The workers get their job first: they render while this thread takes pages from the same queue.
    const pooled = pool?.render({ site, instances: instances.length, assets, folder: output.folder, previous, queue });
    // Keep a worker's failure observed while this thread is still busy.
    pooled?.catch(() => {});
    const outputs: RenderedOutput[] = [];
    const counts = renderRoutes(instances, site, assets, emitInto(output, outputs), { previous, queue, layout, onProgress });
    // This thread's files went into `output` itself; the workers' are added at commit.
    const parts: RenderedPart[] = [{ counts, outputs }, ...((await pooled) ?? [])];
    const sum = (key: keyof RenderCounts) => parts.reduce((total, part) => total + part.counts[key], 0);
    return {
      counts: { pages: sum('pages'), files: sum('files'), rendered: sum('rendered'), later: sum('later') },
      inputFrame,
      outputs: parts.flatMap((part) => part.outputs).sort((a, b) => a.order - b.order),
      written: parts.flatMap((part) => part.written ?? []),
      // The shells this thread rendered; the workers' are the same, for the pages they took.
      shells: layout.known(),
      shellsChanged: layout.changed(),
    };
  } finally {
    await pool?.close();
  }
}
