import { writeFile } from 'node:fs/promises';
import { expandRoutes, type RouteInstance } from '../src/routes.js';
import type { SiteData } from '../src/site-data.js';
import { loadClubData } from '../data/club/index.js';
import { bundleAssets, type BuiltAssets } from './bundle.js';
import { sharedIslandProps } from './shared-island-props.js';
import { fetchContent } from './fetch.js';
import { normalizeSite } from './normalize.js';
import type { BuildOptions } from './options.js';
import { createProgress, log } from './progress.js';
import { isRenderedPage, renderRoutes, type RenderCounts } from './render.js';
import { planRenderWorkers, startRenderPool, type RenderPool } from './render-pool.js';
import { buildReport, formatReport, PageTally, type BuildReport } from './report.js';
import { checkShrink } from './shrink-gate.js';
import { collectStaticFiles } from './static-files.js';
import type { OutputFile } from './output-file.js';
import { openOutput, type OutputWriter, type WrittenFiles } from './write.js';

async function timed<T>(stages: Record<string, number>, name: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    stages[name] = performance.now() - start;
  }
}

/**
 * fetch → normalize → routes → render → bundle → write → report. Bundling does not depend on
 * content, so it runs while the content is fetched. Render (in worker threads for large sites)
 * needs the asset URLs and streams each page into the new output folder, which replaces the
 * previous one only once everything succeeded.
 */
export async function runBuild(options: BuildOptions, quiet = false): Promise<BuildReport> {
  const stages: Record<string, number> = {};
  let pool: RenderPool | undefined;
  try {
    const bundling = timed(stages, 'bundle', () => bundleAssets(sharedIslandProps(loadClubData())));
    // Keep the rejection observed even if fetch fails first.
    bundling.catch(() => {});
    const content = await timed(stages, 'fetch', () => fetchContent(options));
    const { site, warnings } = await timed(stages, 'normalize', () => normalizeSite(content, options));
    if (content.source === 'live') await checkShrink(options, site.news.posts.length);
    const instances = await timed(stages, 'routes', () => expandRoutes(site));
    const workers = planRenderWorkers(options.renderWorkers, instances.length);
    if (workers > 1) pool = startRenderPool(workers);
    const assets = await bundling;
    const output = await openOutput(options.outDir);
    try {
      const tally = new PageTally();
      const progress = quiet ? undefined : createProgress('render');
      // Pages are written as they are rendered: the render stage's time includes their writing.
      const { counts, written } = await timed(stages, 'render', () =>
        renderAll({ instances, site, assets, output, tally, pool, onProgress: progress?.update }),
      );
      progress?.done(`${counts.pages} pages, ${counts.files} other files`);
      const write = await timed(stages, 'write', () => writeRest(output, assets.files, content.mediaDir, written));
      const report = await timed(stages, 'report', () =>
        buildReport({ source: content.source, tally, assets, write, warnings, stages }),
      );
      await writeFile(`${options.outDir}-report.json`, `${JSON.stringify(report, null, 2)}\n`);
      if (!quiet) log(formatReport(report));
      return report;
    } catch (error) {
      await output.abort();
      throw error;
    }
  } finally {
    await pool?.close();
  }
}

/** In the worker threads when there are some, else here; either way the pages reach `output`. */
async function renderAll(input: {
  instances: readonly RouteInstance[];
  site: SiteData;
  assets: BuiltAssets;
  output: OutputWriter;
  tally: PageTally;
  pool: RenderPool | undefined;
  onProgress: ((done: number, total: number) => void) | undefined;
}): Promise<{ counts: RenderCounts; written: WrittenFiles[] }> {
  const { instances, site, assets, output, tally, pool, onProgress } = input;
  if (pool) {
    const result = await pool.render({ site, instances: instances.length, assets, folder: output.folder, onProgress });
    for (const part of result.tallies) tally.merge(part);
    return { counts: result.counts, written: result.written };
  }
  const counts = await renderRoutes(instances, site, assets, (file, order) => {
    if (isRenderedPage(file)) tally.record(file, order);
    return output.add(file);
  }, { onProgress });
  // The main thread's own pages are part of output already.
  return { counts, written: [] };
}

/** Assets and media join the pages, then the new output is swapped in. */
async function writeRest(output: OutputWriter, assetFiles: readonly OutputFile[], mediaDir: string | undefined, rendered: WrittenFiles[]) {
  for (const file of [...assetFiles, ...(await collectStaticFiles(mediaDir))]) await output.add(file);
  return output.commit(rendered);
}
