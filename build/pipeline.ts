import { writeFile } from 'node:fs/promises';
import { expandRoutes } from '../src/routes.js';
import { bundleAssets } from './bundle.js';
import { fetchContent } from './fetch.js';
import { normalizeSite } from './normalize.js';
import type { BuildOptions } from './options.js';
import { createProgress, log } from './progress.js';
import { renderRoutes } from './render.js';
import { buildReport, formatReport, type BuildReport } from './report.js';
import { checkShrink } from './shrink-gate.js';
import { collectStaticFiles } from './static-files.js';
import { writeOutput } from './write.js';

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
 * content, so it runs while the content is fetched; render needs its asset URLs.
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
  const progress = quiet ? undefined : createProgress('render');
  const rendered = await timed(stages, 'render', () => renderRoutes(instances, site, assets, progress?.update));
  progress?.done(`${rendered.pages.length} pages, ${rendered.files.length} other files`);
  const staticFiles = await collectStaticFiles(content.mediaDir);
  const write = await timed(stages, 'write', () =>
    writeOutput(options.outDir, [...rendered.pages, ...rendered.files, ...assets.files, ...staticFiles]),
  );
  const report = await timed(stages, 'report', () =>
    buildReport({ source: content.source, pages: rendered.pages, files: rendered.files, assets, write, warnings, stages }),
  );
  await writeFile(`${options.outDir}-report.json`, `${JSON.stringify(report, null, 2)}\n`);
  if (!quiet) log(formatReport(report));
  return report;
}
