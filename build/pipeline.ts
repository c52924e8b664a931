import { rmSync } from 'node:fs';
import path from 'node:path';
import { expandRoutes } from '../src/routes.js';
import { bundleAssets } from './bundle.js';
import { folderIdentity, loadBuildState, markStateChanging, removeHead, sameFolder, saveBuildState, type CachedContent } from './cache/build-cache.js';
import { fetchContent, readSnapshot, type SnapshotRead } from './fetch.js';
import { hostingFiles } from './hosting/index.js';
import { mediaBasisOf, normalizeSite, reusableContent } from './normalize.js';
import { MIN_BYTES_FOR_HELPER, startNormalizeHelper } from './normalize-posts.js';
import { mediaCacheFile } from './normalize-media.js';
import type { BuildOptions } from './options.js';
import type { OutputFile } from './output-file.js';
import { createProgress, log } from './progress.js';
import { planRenderThreads } from './render/pool.js';
import { changedPosts } from './render/input-reach.js';
import { renderSite, startRenderThreads } from './render/render-site.js';
import { buildReport, formatReport, reportFile, writeReport, type BuildReport } from './report.js';
import { timed, type BuildStart } from './run.js';
import { sharedIslandProps } from './shared-island-props.js';
import type { StaticData } from './static-data-derive.js';
import { checkShrink } from './shrink-gate.js';
import { collectStaticFiles, snapshotDocuments } from './static-files.js';
import { openOutput, type OutputWriter, type WrittenFiles } from './write.js';
import { warning } from './warnings.js';

/**
 * cache → fetch → normalize → routes → render → bundle → write → report. Bundling does not
 * depend on content, so it runs while the content is fetched. With a usable cache, only what
 * changed is fetched, normalized and rendered; the rest of the previous output is kept as it is.
 * Pages stream into a new output folder that replaces the previous one only once everything
 * succeeded (with a cache: only new or different files, staged beside the output and moved in at
 * the end); the cache is replaced after it, so a failed build leaves both as they were.
 */
export async function runPipeline(options: BuildOptions, begun: BuildStart, quiet = false): Promise<BuildReport> {
  const { stages, identity, data } = begun;
  const start = begun.damaged ? { reason: 'unreadable cache', warning: begun.damaged } : await timed(stages, 'cache', () => loadBuildState(options, identity));
  const previous = start.state;
  const shared = sharedIslandProps(data.club);
  const sharedProps = JSON.stringify(shared);
  const cachedAssets = previous?.assets?.sharedProps === sharedProps ? previous.assets.built : undefined;
  const bundling = cachedAssets ? Promise.resolve(cachedAssets) : timed(stages, 'bundle', () => bundleAssets(shared));
  // Keep the rejection observed even if fetch fails first.
  bundling.catch(() => {});
  if (!quiet && !previous) log(start.warning ?? `build cache: ${start.reason}, clean build`);
  const { source, site, warnings, content, changes, mediaFiles, threads } = await fetchAndNormalize(options, data, previous?.content, stages, begun.snapshot);
  if (start.warning) warnings.unshift(warning('build-cache', start.warning));
  let output: OutputWriter | undefined;
  try {
    if (source.source === 'live') await checkShrink(options, site.news.posts.length);
    const instances = await timed(stages, 'routes', () => expandRoutes(site));
    // Pages are kept from the output in place only if it is the one the cache describes; then only
    // what changed is written, in place.
    const keep =
      previous && sameFolder(previous.outputFolder, folderIdentity(options.outDir))
        ? {
            outputs: previous.outputs,
            ...(previous.inputFrame && previous.listFingerprints
              ? { inputFrame: previous.inputFrame, listFingerprints: previous.listFingerprints, changedPosts: changedPosts(previous.content.posts, content.posts) }
              : {}),
          }
        : undefined;
    const writer = await openOutput(options.outDir, keep ? { inPlace: { previousFiles: [...keep.outputs.keys(), ...(previous?.otherFiles ?? [])] } } : {});
    output = writer;
    const progress = quiet ? undefined : createProgress('render');
    // Pages are written as they are rendered: the render stage's time includes their writing.
    const rendered = await timed(stages, 'render', () =>
      renderSite({ site, instances, assets: bundling, output: writer, previous: keep, ...(previous?.shells ? { shells: previous.shells } : {}), threads, onProgress: progress?.update }),
    );
    progress?.done(`${rendered.counts.pages} pages (${rendered.counts.rendered} rendered), ${rendered.counts.files} other files`);
    const assets = await bundling;
    const media = new Map([
      ...mediaFiles.map((publicPath): [string, string] => [publicPath, mediaCacheFile(path.join(options.cacheDir, 'media'), publicPath)]),
      ...snapshotDocuments(source.mediaDir),
    ]);
    // From here the output folder and the cache change: no head may say they are as they were, and
    // no state may describe an output being changed in place (a crash there makes the next build clean).
    const beforeChange = async () => {
      removeHead(options);
      // Nor a report: a run with nothing new would give it again (build/run.ts).
      rmSync(reportFile(options.outDir), { force: true });
      if (writer.folder.inPlace) markStateChanging(options);
    };
    const { write, otherFiles } = await timed(stages, 'write', () => writeRest(writer, [...assets.files, ...hostingFiles(site)], begun.publicFiles, rendered.written, media, beforeChange));
    const { memo, ...report } = await timed(stages, 'report', () =>
      buildReport({
        source: source.source,
        outDir: options.outDir,
        run: {
          mode: previous ? 'incremental' : 'clean',
          ...(previous ? {} : { cleanReason: start.reason }),
          posts: { total: site.news.posts.length, ...changes },
          pagesRendered: rendered.counts.rendered,
          renderedPaths: rendered.outputs.filter((file) => file.record.page && file.rendered).map((file) => file.path.replace(/index\.html$/, '')),
          ...(source.traffic ? { wordpress: source.traffic } : {}),
          ...(source.listed ? { listed: source.listed } : {}),
        },
        outputs: rendered.outputs,
        assets,
        write,
        warnings,
        stages,
        ...(previous?.reportMemo ? { memo: previous.reportMemo } : {}),
      }),
    );
    await timed(stages, 'save', () =>
      saveBuildState(options, {
        identity,
        content,
        outputs: new Map(rendered.outputs.map(({ path, record }) => [path, record])),
        otherFiles,
        outputFolder: folderIdentity(options.outDir) ?? { ino: 0, ctimeMs: 0 },
        assets: { sharedProps, built: assets },
        reportMemo: memo,
        shells: rendered.shells,
        inputFrame: rendered.inputFrame,
        listFingerprints: rendered.listFingerprints,
        // The cached posts' bodies are in it: the bodies normalized now are appended to it.
        ...(previous?.pack ? { pack: previous.pack } : {}),
      }, begun.inputs, begun.snapshot?.posts, previous),
    );
    writeReport(options.outDir, report);
    if (!quiet) log(formatReport(report));
    return report;
  } catch (error) {
    await threads.close();
    await output?.abort();
    throw error;
  }
}

/**
 * Fetch and normalize in a scope of their own: the raw REST objects (a hundred megabytes for
 * 5,000 posts) are garbage as soon as they are normalized, not held until the build ends.
 */
async function fetchAndNormalize(options: BuildOptions, data: StaticData, cached: CachedContent | undefined, stages: Record<string, number>, snapshot?: SnapshotRead) {
  const read = snapshot ?? (options.wpUrl ? undefined : await timed(stages, 'fetch', () => readSnapshot(options)));
  // Only content whose posts can be reused is a basis for an incremental fetch: else a snapshot
  // said to be unchanged, or a pull of the posts changed since, would leave the site without the others.
  const mediaBasis = mediaBasisOf(options, read?.localMedia);
  const usable = reusableContent(cached, mediaBasis);
  // A build that normalizes every post of a large snapshot (clean) gets a helper thread, which
  // loads while the posts are read and the first ones normalized, then takes posts from the same
  // queue as this thread. A cron run normalizes a few: its start-up would cost more than it saves.
  const postsBytes = read?.posts?.reduce((sum, post) => sum + post.length, 0) ?? 0;
  const helper = !usable && postsBytes >= MIN_BYTES_FOR_HELPER ? startNormalizeHelper() : undefined;
  const delta = await timed(stages, 'fetch', () => fetchContent(options, usable, read)).catch(async (error: unknown) => {
    await helper?.close();
    throw error;
  });
  // Render workers (large sites only, see MIN_POSTS_PER_THREAD) load meanwhile, on the other core.
  // With a cache, a cron run renders the few pages its changes reach: a worker's start-up (half a
  // second) would cost more than it saves.
  const threads = startRenderThreads(planRenderThreads(options.renderWorkers, cached ? 0 : delta.posts.length));
  try {
    const normalized = await timed(stages, 'normalize', () => normalizeSite(delta, options, data, cached, mediaBasis, helper)).finally(() => helper?.close());
    const { source, mediaDir, traffic, listed } = delta;
    return { ...normalized, threads, source: { source, mediaDir, traffic, listed } };
  } catch (error) {
    await threads.close();
    throw error;
  }
}

/** Assets, hosting files, public files and images join the pages, then the new output is in place. */
async function writeRest(output: OutputWriter, assetFiles: readonly OutputFile[], publicFiles: readonly OutputFile[] | undefined, rendered: WrittenFiles[], media: ReadonlyMap<string, string>, beforeChange: () => Promise<void>) {
  const files = [...assetFiles, ...(publicFiles ?? collectStaticFiles())];
  for (const file of files) output.add(file);
  return { write: await output.commit(rendered, media, beforeChange), otherFiles: files.map((file) => file.path) };
}
