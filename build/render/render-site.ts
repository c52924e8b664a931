import type { RouteInstance } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import type { BuiltAssets } from '../bundle.js';
import type { OutputRecord } from '../cache/build-cache.js';
import type { OutputWriter, WrittenFiles } from '../write.js';
import { startRenderPool } from './pool.js';
import { renderRoutes, type RenderCounts, type ReuseSource } from './render-routes.js';

/** A file of the route table as it went into the output, with its position in the route order. */
export interface RenderedOutput {
  path: string;
  order: number;
  record: OutputRecord;
  /** Made by this build (false: kept from the previous output). */
  rendered: boolean;
}

export interface RenderSiteResult {
  counts: RenderCounts;
  /** In route order. */
  outputs: RenderedOutput[];
  /** What worker threads wrote into the output folder themselves (the writer's commit adds them). */
  written: WrittenFiles[];
}

/**
 * Stage: the whole route table into the output being written, in this thread or in `workers`
 * threads (started at once, so they load while the assets are still being bundled). Pages whose
 * inputs did not change since `previous` are kept from the previous output instead of rendered.
 */
export async function renderSite(input: {
  site: SiteData;
  instances: readonly RouteInstance[];
  assets: Promise<BuiltAssets>;
  output: OutputWriter;
  previous?: ReuseSource;
  workers: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<RenderSiteResult> {
  const { site, instances, output, previous, onProgress } = input;
  const pool = input.workers > 1 ? startRenderPool(input.workers) : undefined;
  try {
    const assets = await input.assets;
    if (pool) return await pool.render({ site, instances: instances.length, assets, folder: output.folder, previous, onProgress });
    const outputs: RenderedOutput[] = [];
    const counts = renderRoutes(
      instances,
      site,
      assets,
      (file, order) => {
        outputs.push({ path: file.path, order, record: file.record, rendered: !('reuse' in file) });
        return 'reuse' in file ? output.reuse(file.path) : output.add(file);
      },
      { onProgress, previous },
    );
    // This thread's files went into `output` itself.
    return { counts, outputs, written: [] };
  } finally {
    await pool?.close();
  }
}
