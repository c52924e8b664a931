import type { RouteInstance } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import type { BuiltAssets } from '../bundle.js';
import type { OutputRecord } from '../state/build-state.js';
import type { OutputWriter, WrittenFiles } from '../write.js';
import { startRenderPool, type RenderPool } from './pool.js';
import { createLayoutRenderer, type LayoutShells } from './layout-shell.js';
import { inputFrame as inputFrameOf } from './input-reach.js';
import { createRenderQueue, renderRoutes, type RenderCounts, type RenderedOutput, type ReuseSource } from './render-routes.js';

export type { RenderedOutput };

export interface RenderSiteResult {
  counts: RenderCounts;
  /** What declared inputs may read but the posts (input-reach.ts), for the next build. */
  inputFrame: string;
  /** The layout's shells, for the next build, and whether they differ from the previous build's. */
  shells: LayoutShells;
  shellsChanged: boolean;
  /** In route order. */
  outputs: RenderedOutput[];
  /** What worker threads wrote into the output folder themselves (the writer's commit adds them). */
  written: WrittenFiles[];
}

/** The threads that will render: the main one, and workers started ahead so they load meanwhile. */
export interface RenderThreads {
  readonly pool?: RenderPool;
  close(): Promise<void>;
}

/** Starts `count - 1` render workers now (none for 1): they load while the content is normalized. */
export function startRenderThreads(count: number): RenderThreads {
  const pool = count > 1 ? startRenderPool(count - 1) : undefined;
  return { ...(pool ? { pool } : {}), close: async () => pool?.close() };
}

/**
 * Stage: the whole route table into the output being written. With workers, the main thread and
 * each worker take route instances from one shared queue, all rendering at once.
 * Pages whose inputs did not change since `previous` are kept from the previous output instead of
 * rendered.
 */
export async function renderSite(input: {
  site: SiteData;
  instances: readonly RouteInstance[];
  assets: Promise<BuiltAssets>;
  output: OutputWriter;
  /**
   * The previous run's records, its input frame, and the files the changed posts and lists reach
   * (asked only while the frame is the same: else every file's inputs are made again).
   */
  previous?: { outputs: ReadonlyMap<string, OutputRecord>; inputFrame?: string; reached: () => ReadonlySet<string> };
  /** The previous build's layout shells: reused when the layout's inputs are the same. */
  shells?: LayoutShells;
  threads: RenderThreads;
  onProgress?: (done: number, total: number) => void;
}): Promise<RenderSiteResult> {
  const { site, instances, output, threads, onProgress = () => {} } = input;
  try {
    const assets = await input.assets;
    const layout = createLayoutRenderer(site, assets.sharedProps, input.shells);
    const inputFrame = inputFrameOf(site, assets, layout.inputs);
    const before = input.previous;
    const previous: ReuseSource | undefined = before && { outputs: before.outputs, ...(before.inputFrame === inputFrame ? { reached: before.reached() } : {}) };
    const progress = { own: 0, pool: 0 };
    const report = () => onProgress(progress.own + progress.pool, instances.length);
    const queue = createRenderQueue();
    // The workers get their job first: they render while this thread takes pages from the same queue.
    const pooled = threads.pool?.render({
      site,
      instances: instances.length,
      assets,
      folder: output.folder,
      previous,
      queue,
      onProgress: (done) => {
        progress.pool = done;
        report();
      },
    });
    // Keep a worker's failure observed while this thread is still busy.
    pooled?.catch(() => {});
    const outputs: RenderedOutput[] = [];
    const counts = renderRoutes(
      instances,
      site,
      assets,
      (file, order) => {
        outputs.push({ path: file.path, order, record: file.record, rendered: !('keep' in file), ...('search' in file && file.search !== undefined ? { search: file.search } : {}) });
        return 'keep' in file ? output.keep(file.path) : output.add(file);
      },
      {
        previous,
        queue,
        layout,
        onProgress: (done) => {
          progress.own = done;
          report();
        },
      },
    );
    if (!pooled) return { counts, inputFrame, outputs, written: [], shells: layout.known(), shellsChanged: layout.changed() };
    const others = await pooled;
    return {
      counts: { pages: counts.pages + others.counts.pages, files: counts.files + others.counts.files, rendered: counts.rendered + others.counts.rendered },
      inputFrame,
      outputs: [...outputs, ...others.outputs].sort((a, b) => a.order - b.order),
      // This thread's files went into `output` itself; the workers' are added at commit.
      written: others.written,
      // The shells this thread rendered; the workers' are the same, for the pages they took.
      shells: layout.known(),
      shellsChanged: layout.changed(),
    };
  } finally {
    await threads.close();
  }
}
