import { writeFile } from 'node:fs/promises';
import { expandRoutes } from '../src/routes.js';
import { bundleAssets } from './bundle.js';
import { fetchContent } from './fetch.js';
import { normalizeSite } from './normalize.js';
import type { BuildOptions } from './options.js';
import { createProgress, log } from './progress.js';
import { isRenderedPage, renderRoutes } from './render.js';
import { buildReport, formatReport, PageTally, type BuildReport } from './report.js';
import { checkShrink } from './shrink-gate.js';
import { collectStaticFiles } from './static-files.js';
import { openOutput } from './write.js';

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
 * content, so it runs while the content is fetched; render needs its asset URLs and streams each
 * page into the new output folder, which replaces the previous one only once everything succeeded.
 */
export async function runBuild(options: BuildOptions, quiet = false): Promise<BuildReport> {
  const stages: Record<string, number> = {};
  const bundling = timed(stages, 'bundle', bundleAssets);
  // Keep the rejection observed even if fetch fails first.
  bundling.catch(() => {});
  const content = await timed(stages, 'fetch', () => fetchContent(options));
  const { site, warnings } = await timed(stages, 'normalize', () => normalizeSite(content, options));
  if (content.source === 'live') await checkShrink(options, site.news.posts.length);
  const instances = await timed(stages, 'routes', () => expandRoutes(site));
  const assets = await bundling;
  const output = await openOutput(options.outDir);
  try {
    const tally = new PageTally();
    const progress = quiet ? undefined : createProgress('render');
    // Pages go to the writer as they are rendered: the render stage's time includes their writing.
    const counts = await timed(stages, 'render', () =>
      renderRoutes(
        instances,
        site,
        assets,
        (file) => {
          if (isRenderedPage(file)) tally.record(file);
          return output.add(file);
        },
        progress?.update,
      ),
    );
    progress?.done(`${counts.pages} pages, ${counts.files} other files`);
    const write = await timed(stages, 'write', async () => {
      for (const file of [...assets.files, ...(await collectStaticFiles(content.mediaDir))]) await output.add(file);
      return output.commit();
    });
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
}
