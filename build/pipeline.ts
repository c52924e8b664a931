import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { basePathOf } from '../src/lib/html.js';
import { upcomingMatches } from '../src/lib/matches.js';
import type { BuiltAssets } from './bundle.js';
import { codeVersion } from './compiled.js';
import { fetchContent, mediaListing, snapshotMediaDir, type FetchedContent } from './fetch.js';
import { fingerprint, listFiles, removeLeftovers } from './fs.js';
import { acquireBuildLock, realOutDir } from './lock.js';
import { favourMemoryForLargeBuilds } from './memory.js';
import type { MediaPublisher } from './media/publish-media.js';
import { mediaStoreId, mediaTemporaryDir } from './media/store.js';
import type { BuildOptions } from './options.js';
import type { OutputFile } from './output-file.js';
import { createProgress, log } from './progress.js';
import { formatReport, reportFile, writeReport, type BuildReport } from './report.js';
import { BuildState, reachedBy, type ContentMeta, type OutputRecord, type StateChanges } from './state/build-state.js';
import { StateDamagedError, stateFile } from './state/database.js';
import { STATIC_DATA_WARNINGS, type StaticData } from './static-data-derive.js';
import { loadStaticDataMemo } from './static-data-memo.js';
import { playerShareImages } from './share-images.js';
import { collectStaticFiles, snapshotDocuments } from './static-files.js';
import { warning, type BuildWarning } from './warnings.js';
import type { OutputWriter } from './write.js';
import type { SyncState } from './wordpress/sync.js';

/**
 * A build, the stages in order: lock → data → state → fetch → (nothing new: stop) → normalize →
 * routes → bundle → render → write → report. With the state of the last run, only what changed is
 * fetched, normalized and rendered. Nothing in the output changes before every page is made and
 * the state saved; then the output switches to the new site in an order that leaves a complete site
 * at every moment (build/write.ts).
 */
export async function runBuild(given: BuildOptions, quiet = false, warm?: WarmState): Promise<BuildReport> {
  // One folder, one name: a symbolic link to the output, or through its parent, shares its lock and state.
  const options = { ...given, outDir: realOutDir(given.outDir) };
  const lock = acquireBuildLock(options.outDir, options.lockWaitMs);
  try {
    // Leftovers of killed runs: nobody else writes this output or its cache while the lock is held.
    removeLeftovers(options.outDir, ['staging', 'tmp', 'old']);
    rmSync(mediaTemporaryDir(path.join(options.cacheDir, 'media')), { recursive: true, force: true });
    try {
      return await runStages(options, quiet, warm);
    } catch (error) {
      if (!(error instanceof StateDamagedError)) throw error;
      // The state did not read back as it was written: the build starts again without it (a clean
      // build depends on nothing the first attempt may have read).
      return await runStages(options, quiet, warm, `${error.message}: ignored, clean build`);
    }
  } finally {
    lock.release();
  }
}

/** What the stages share: the options, the times of each stage and the warnings. */
interface Context {
  options: BuildOptions;
  quiet: boolean;
  stages: Record<string, number>;
  warnings: BuildWarning[];
}

/** Adds the time `run` takes to the stage `name` (a stage may run in parts). */
async function timed<T>(context: Context, name: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    context.stages[name] = (context.stages[name] ?? 0) + performance.now() - start;
  }
}

/**
 * What a long-running process (the builder) keeps between its builds: the state of the output,
 * open, with what its runs read and saved. Another process's save since is seen and the state read
 * again; cron's runs keep nothing.
 */
export interface WarmState {
  state?: BuildState;
}

async function runStages(options: BuildOptions, quiet: boolean, warm: WarmState | undefined, damaged?: string): Promise<BuildReport> {
  const context: Context = { options, quiet, stages: {}, warnings: [] };
  const state = await timed(context, 'cache', () => openState(options, warm, damaged !== undefined));
  try {
    // The data files first: a malformed one stops the build before anything is fetched or written.
    const data = await timed(context, 'data', () => loadStaticDataMemo({ now: options.now, clean: options.clean, siteUrl: options.siteUrl, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }, state));
    return await runWithState(context, data, state, damaged);
  } finally {
    if (!warm) state.close();
  }
}

/** The state of the output: the one the process keeps when nobody else saved it since, or read again. */
function openState(options: BuildOptions, warm: WarmState | undefined, damaged: boolean): BuildState {
  const kept = warm?.state;
  if (kept && !damaged && kept.file === stateFile(options) && kept.stillCurrent()) return kept;
  kept?.close();
  const state = damaged ? BuildState.reset(options) : BuildState.open(options);
  if (warm) warm.state = state;
  return state;
}

async function runWithState(context: Context, data: StaticData, state: BuildState, damaged: string | undefined): Promise<BuildReport> {
  const { options } = context;
  // The state is used when it was made by this code, for these options and this content source.
  // Media origins decide which images the cached posts got: other origins, another state.
  const identity = JSON.stringify({ code: codeVersion(), siteUrl: options.siteUrl, outDir: options.outDir, source: options.wpUrl ? `wordpress ${options.wpUrl}` : `snapshot ${options.contentDir}`, ...(options.mediaOrigins.length > 0 ? { mediaOrigins: options.mediaOrigins.join(' ') } : {}) });
  const madeBy = state.meta('identity');
  const cleanReason = damaged ? 'unreadable cache' : options.clean ? '--clean' : state.replaced ? 'cache made by another version of the build' : madeBy === undefined ? 'no cache yet' : madeBy !== identity ? describeMismatch(madeBy, identity) : undefined;
  if (damaged) context.warnings.push(warning('build-cache', damaged));
  if (!context.quiet && cleanReason) log(damaged ?? `build cache: ${cleanReason}, clean build`);
  const usable = cleanReason === undefined;
  // The output in place is the one the records describe: the same folder, no run stopped while changing it.
  const folder = statSync(options.outDir, { throwIfNoEntry: false });
  const recorded = usable ? state.meta('outputFolder') : undefined;
  const outputTrusted = usable && folder !== undefined && recorded?.ino === folder.ino && state.meta('publishing') === undefined;

  // Posts' images are files of the media store (and of the snapshot's media folder): a purged store
  // or replaced snapshot pictures make every post new.
  const localMedia = options.wpUrl ? '' : mediaListing(snapshotMediaDir(options));
  const mediaStore = mediaStoreId(path.join(options.cacheDir, 'media'), (message) => context.warnings.push(warning('build-cache', message)));
  const mediaBasis = JSON.stringify({ store: mediaStore, local: localMedia });
  const cachedMeta = usable ? state.meta('content') : undefined;
  const postsUsable = cachedMeta?.mediaBasis === mediaBasis;
  // Read once: the sync starts from it, and the state saves only how the known posts changed.
  const sync = usable && options.wpUrl ? state.sync() : undefined;
  // Posts whose images failed for a passing reason (a timeout, a cache write error) are read from
  // the source again, and normalized again, until they have them.
  const retried = postsUsable && state.meta('retries') === true ? new Set(state.posts().flatMap((post) => (post.rawHash ? [] : [post.post.id]))) : new Set<number>();
  const fetched = await timed(context, 'fetch', () =>
    fetchContent(
      options,
      postsUsable ? { ...(sync ? { sync: forgetting(sync, retried) } : {}), ...(cachedMeta?.snapshot && retried.size === 0 ? { snapshot: cachedMeta.snapshot } : {}) } : {},
      localMedia,
      favourMemoryForLargeBuilds,
    ),
  );
  // public/, and the players' share cards (networks show no SVG; made once, then read from the cache).
  const publicFiles = [...collectStaticFiles(), ...(await playerShareImages(data.team.players, options.cacheDir))];
  const inputs = inputsFingerprint(data, options.now, publicFiles, mediaBasis);
  if (outputTrusted && postsUsable && nothingNew(state, fetched, cachedMeta) && state.meta('inputs') === inputs) {
    const report = await timed(context, 'check', () => unchangedRun(options, data, fetched));
    if (report) {
      const complete = { ...report, stages: context.stages };
      try {
        writeReport(options.outDir, complete);
      } catch (error) {
        complete.warnings.push(warning('build-cache', `${(error as Error).message}: the site is complete, its report is not saved`));
        if (!context.quiet) log(`warning: ${(error as Error).message}: the site is complete, its report is not saved`);
      }
      if (!context.quiet) log(formatReport(complete));
      return complete;
    }
  }

  // Something changed: the stages that make pages (React, sanitize-html and the pages load only now).
  const [{ normalizeContent, siteOf }, { expandRoutes }, { checkShrink }, { renderSite, startRenderThreads }, { planRenderThreads }, { listFingerprints, changedLists, changedPosts }, { bundleAssets }, { hostingFiles }, { sharedIslandProps }, { openOutput }, { buildReport }, { createMediaPublisher }, { updateSearchIndex, pagesForSearch }] =
    await Promise.all([
      import('./normalize.js'),
      import('../src/routes.js'),
      import('./shrink-gate.js'),
      import('./render/render-site.js'),
      import('./render/pool.js'),
      import('./render/input-reach.js'),
      import('./bundle.js'),
      import('./hosting/index.js'),
      import('./shared-island-props.js'),
      import('./write.js'),
      import('./report.js'),
      import('./media/publish-media.js'),
      import('./search/index.js'),
    ]);
  const shared = sharedIslandProps(data.club);
  const sharedProps = JSON.stringify(shared);
  const stored = usable ? state.meta('assets') : undefined;
  // Bundling does not depend on the content: it runs while the content is normalized.
  const bundling: Promise<BuiltAssets> = stored?.sharedProps === sharedProps ? Promise.resolve(stored.built) : timed(context, 'bundle', () => bundleAssets(shared));
  bundling.catch(() => {});

  const cachedPosts = usable && cachedMeta ? state.posts() : undefined;
  const mediaDir = path.join(options.cacheDir, 'media');
  // Render workers (large clean builds only) load meanwhile, on the other core, and help normalize.
  const threads = startRenderThreads(planRenderThreads(options.renderWorkers, cachedPosts ? 0 : fetched.posts.length));
  let output: OutputWriter | undefined;
  try {
    const content = await timed(context, 'normalize', () =>
      normalizeContent(
        fetched,
        cachedPosts && cachedMeta ? { posts: cachedPosts, meta: cachedMeta, reusable: postsUsable } : undefined,
        { cacheDir: mediaDir, ...(options.wpUrl ? { apiUrl: options.wpUrl, mediaOrigins: options.mediaOrigins } : {}), ...(fetched.mediaDir ? { localMediaDir: fetched.mediaDir } : {}) },
        threads.pool,
      ),
    );
    context.warnings.push(...data.warnings, ...fetched.warnings, ...(content.cacheWarnings ?? []), ...content.meta.termWarnings, ...content.meta.skipped.map((entry) => entry.warning));
    const site = siteOf(content, data, options, (entry) => context.warnings.push(entry));
    if (fetched.source === 'live') checkShrink(options, site.news.posts.length);
    const instances = await timed(context, 'routes', () => expandRoutes(site));
    const writer = openOutput(options.outDir);
    output = writer;
    const previousOutputs = outputTrusted ? state.outputs() : undefined;
    const lists = listFingerprints(site);
    const listsChanged = changedLists(usable ? state.lists() : new Map<string, string>(), lists);
    const progress = context.quiet ? undefined : createProgress('render');
    // Pages are written as they are rendered: the render stage's time includes their writing.
    const rendered = await timed(context, 'render', () =>
      renderSite({
        site,
        instances,
        assets: bundling,
        output: writer,
        threads,
        ...(previousOutputs
          ? {
              previous: {
                outputs: previousOutputs,
                inputFrame: state.meta('inputFrame'),
                reached: () => reachedBy(previousOutputs, changedPosts(cachedPosts ?? [], content.posts), listsChanged),
              },
            }
          : {}),
        ...(usable ? { shells: state.meta('shells') } : {}),
        onProgress: progress?.update,
      }),
    );
    progress?.done(`${rendered.counts.pages} pages (${rendered.counts.rendered} rendered), ${rendered.counts.files} other files`);
    const search = await timed(context, 'search', () =>
      updateSearchIndex({ store: state.searchStore(), outDir: options.outDir, clean: !previousOutputs, pages: pagesForSearch(rendered.outputs) }),
    );
    for (const file of search.kept) writer.keep(file);
    const assets = await bundling;
    const otherFiles: OutputFile[] = [...assets.files, ...hostingFiles(site), ...publicFiles, ...search.files];
    const otherRecords = new Map(otherFiles.map((file) => [file.path, { key: fingerprint(file.contents), size: typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength } satisfies OutputRecord] as const));
    // A file its record says is in place with these bytes is kept without reading it back.
    for (const file of otherFiles) {
      if (previousOutputs?.get(file.path)?.key === otherRecords.get(file.path)?.key) writer.keep(file.path);
      else writer.add(file);
    }

    // Images: copied from the media store, the new ones only (the previous posts' files are in place).
    const documents = snapshotDocuments(fetched.mediaDir ?? (options.wpUrl ? undefined : snapshotMediaDir(options)));
    const needed = new Map<string, string>([...content.posts.flatMap((post) => post.mediaFiles.map((file): [string, string] => [file, path.join(mediaDir, 'files', path.posix.basename(file))])), ...documents]);
    const present = outputTrusted ? new Set([...(cachedPosts ?? []).flatMap((post) => post.mediaFiles), ...(state.meta('documents') ?? [])]) : undefined;
    const media = await checkedMedia(createMediaPublisher(), mediaChanges(needed, present, options.outDir), needed, outputTrusted ? undefined : options.outDir, context.warnings);

    // The state first, marked as publishing: a failure before the output changes (a full disk)
    // leaves the site online as it was; a kill while it changes leaves a mark that makes the next
    // run compare every file.
    const records = new Map(rendered.outputs.map(({ path: file, record }) => [file, record] as const));
    // The index files kept as they are keep their records.
    const keptRecords = search.kept.flatMap((file) => (previousOutputs?.has(file) ? [[file, previousOutputs.get(file) as OutputRecord] as const] : []));
    const allRecords = new Map([...records, ...otherRecords, ...keptRecords]);
    const run = `${process.pid}-${Date.now()}`;
    await timed(context, 'save', () =>
      state.save({
        clean: !usable,
        meta: {
          identity,
          content: { ...content.meta, mediaBasis, ...(fetched.snapshot ? { snapshot: fetched.snapshot } : {}) } satisfies ContentMeta,
          ...(fetched.sync ? { marker: fetched.sync.marker } : {}),
          // Bundles and shells (hundreds of KB) are saved again only when they are new.
          ...(stored?.sharedProps === sharedProps ? {} : { assets: { sharedProps, built: assetsToState(assets) } }),
          ...(rendered.shellsChanged ? { shells: rendered.shells } : {}),
          inputFrame: rendered.inputFrame,
          documents: [...documents.keys()],
          termsHash: fetched.termsHash || state.meta('termsHash'),
          retries: content.posts.some((post) => !post.rawHash),
          publishing: run,
          inputs: undefined,
        },
        posts: content.fresh,
        removedPosts: content.removed,
        ...(fetched.sync ? { known: knownChanges(sync, fetched.sync) } : {}),
        outputs: previousOutputs ? new Map([...allRecords].filter(([file, record]) => previousOutputs.get(file) !== record)) : allRecords,
        removedOutputs: previousOutputs ? [...previousOutputs.keys()].filter((file) => !allRecords.has(file)) : [],
        // Only what changed: at 5,000 posts the articles' recent posts alone are 5,000 lists.
        lists: { set: new Map([...listsChanged].flatMap((id) => (lists.has(id) ? [[id, lists.get(id) as string] as const] : []))), removed: [...listsChanged].filter((id) => !lists.has(id)) },
      }),
    );
    const write = await timed(context, 'write', () =>
      writer.commit(rendered.written, { ...(previousOutputs ? { previousPaths: previousOutputs.keys() } : {}), media, basePath: basePathOf(options.siteUrl), beforeChange: () => rmSync(reportFile(options.outDir), { force: true }) }),
    );
    output = undefined;
    // From here the output is the new site: what fails now (a leftover, the report) is a warning
    // (in the report, and a line of its own in the log), never a failed run.
    const afterPublish = (message: string) => {
      context.warnings.push(warning('build-cache', message));
      if (!context.quiet) log(`warning: ${message}`);
    };
    for (const leftover of write.leftovers ?? []) afterPublish(leftover);
    const { memo, ...report } = await timed(context, 'report', () =>
      buildReport({
        source: fetched.source,
        outDir: options.outDir,
        run: {
          mode: usable ? 'incremental' : 'clean',
          ...(usable ? {} : { cleanReason }),
          posts: { total: site.news.posts.length, ...content.changes },
          pagesRendered: rendered.counts.rendered,
          renderedPaths: rendered.outputs.filter((file) => file.record.page && file.rendered).map((file) => file.path.replace(/index\.html$/, '')),
          ...(fetched.traffic ? { wordpress: fetched.traffic } : {}),
          ...(fetched.listed ? { listed: fetched.listed } : {}),
        },
        outputs: rendered.outputs,
        assets,
        write,
        warnings: context.warnings,
        stages: context.stages,
        ...(usable ? { memo: state.meta('reportMemo') } : {}),
      }),
    );
    // The output is the new site: the state says so. A failure here (a full disk) costs the next
    // run a comparison of every file, not a wrong site.
    try {
      search.commit();
      const after = statSync(options.outDir);
      state.save({ clean: false, meta: { publishing: undefined, outputFolder: { ino: after.ino, ctimeMs: after.ctimeMs }, reportMemo: memo, inputs }, posts: [], removedPosts: [], outputs: new Map(), removedOutputs: [] });
    } catch (error) {
      afterPublish(`${(error as Error).message}; the next run compares every file`);
    }
    try {
      writeReport(options.outDir, report);
    } catch (error) {
      afterPublish(`${(error as Error).message}: the site is complete, its report is not saved`);
    }
    if (!context.quiet) log(formatReport(report));
    return report;
  } finally {
    await threads.close();
    output?.abort();
  }
}

/** Which of the identity's parts differ: 'site URL changed since the cache was made'. */
function describeMismatch(cached: string, wanted: string): string {
  const names: Record<string, string> = { code: 'code', siteUrl: 'site URL', outDir: 'output folder', source: 'content source', mediaOrigins: 'media origins' };
  try {
    const [a, b] = [JSON.parse(cached) as Record<string, unknown>, JSON.parse(wanted) as Record<string, unknown>];
    return `${Object.keys({ ...a, ...b }).filter((key) => a[key] !== b[key]).map((key) => names[key] ?? key).join(', ')} changed since the cache was made`;
  } catch {
    return 'cache made by another build';
  }
}

/**
 * The sync's state without these posts: WordPress then lists more posts than it knows, so every id
 * is listed and the posts it does not know are fetched again (build/wordpress/sync.ts).
 */
function forgetting(sync: SyncState, ids: ReadonlySet<number>): SyncState {
  if (ids.size === 0) return sync;
  return { ...sync, known: Object.fromEntries(Object.entries(sync.known).filter(([id]) => !ids.has(Number(id)))) };
}

/** True when the content source says nothing changed since the state's run. */
function nothingNew(state: BuildState, fetched: FetchedContent, cached: ContentMeta | undefined): boolean {
  if (!cached || state.meta('retries') === true) return false;
  if (fetched.source === 'snapshot') return fetched.snapshot === cached.snapshot;
  if (fetched.listed || fetched.sync?.marker !== state.meta('marker') || fetched.termsHash !== state.meta('termsHash')) return false;
  // Posts modified within the sync's margin come back on every run: unchanged, they change nothing.
  return fetched.posts.every((source) => state.rawHash((source.raw as { id?: number }).id ?? 0) === source.hash);
}

/** Everything a run is made from besides the code, the options and the content, as one fingerprint. */
function inputsFingerprint(data: StaticData, now: Date, publicFiles: readonly OutputFile[], mediaBasis: string): string {
  const { club, team, season, legal } = data;
  // The data as validated and derived for this "now" (scores shown, ages), and the one thing pages
  // derive from "now" themselves: which matches are still to come.
  const upcoming = upcomingMatches(team.matches, now.getTime()).map((match) => match.id);
  const files = [...publicFiles].sort((a, b) => (a.path < b.path ? -1 : 1)).map((file) => `${file.path} ${fingerprint(file.contents)}`);
  return fingerprint(JSON.stringify({ club, team, season, legal, upcoming, files, mediaBasis }));
}

/**
 * The report of a run with nothing to do: the last run's, as the output it describes is still
 * the one in place, with this run's line. Undefined when it cannot be read.
 */
function unchangedRun(options: BuildOptions, data: StaticData, fetched: FetchedContent): Omit<BuildReport, 'stages'> | undefined {
  let previous: BuildReport;
  try {
    previous = JSON.parse(readFileSync(reportFile(options.outDir), 'utf8')) as BuildReport;
  } catch {
    return undefined;
  }
  if (typeof previous?.run?.posts?.total !== 'number' || !Array.isArray(previous.warnings)) return undefined;
  return {
    ...previous,
    run: {
      mode: 'incremental',
      posts: { total: previous.run.posts.total, added: 0, changed: 0, removed: 0 },
      pagesRendered: 0,
      renderedPaths: [],
      ...(fetched.traffic ? { wordpress: fetched.traffic } : {}),
    },
    changed: 0,
    removed: 0,
    changedPaths: [],
    // The data's warnings are this run's (they name its "now").
    warnings: [...data.warnings, ...previous.warnings.filter((entry) => entry.kind !== 'build-cache' && !STATIC_DATA_WARNINGS.has(entry.kind))],
  };
}

/** The images to add to the output and to remove from it: against what the state says is there, or what is there. */
function mediaChanges(needed: ReadonlyMap<string, string>, present: ReadonlySet<string> | undefined, outDir: string) {
  const there = present ?? listedMedia(outDir);
  return { add: new Map([...needed].filter(([publicPath]) => !there.has(publicPath))), remove: [...there].filter((publicPath) => !needed.has(publicPath)) };
}

/**
 * Every image about to be published checked against its hash, made again when damaged (one warning
 * each; a MediaCacheError when it cannot be, before the state or the output change). `outDir`
 * (a run that does not trust the output, --clean): every image already published is compared with
 * what the build publishes there, and published again when it differs (damaged, truncated) or is
 * a hard link an earlier version made to the cache.
 */
async function checkedMedia(publisher: MediaPublisher, media: { add: Map<string, string>; remove: string[] }, needed: ReadonlyMap<string, string>, outDir: string | undefined, warnings: BuildWarning[]) {
  const add = new Map(media.add);
  if (outDir) {
    for (const [publicPath, file] of needed) {
      const published = path.join(outDir, publicPath);
      if (!add.has(publicPath) && (publisher.sharesCacheFile(published, file) || publisher.differsFromPublished(published, file))) add.set(publicPath, file);
    }
  }
  for (const file of add.values()) await publisher.verifiedFile(file);
  warnings.push(...publisher.warnings.map((message) => warning('build-cache', message)));
  return { add, remove: media.remove };
}

function listedMedia(outDir: string): Set<string> {
  return new Set(listFiles(path.join(outDir, 'media')).map((relative) => `/media/${relative}`));
}

/** The sync's known posts as rows: those new or different, and those gone. */
function knownChanges(last: SyncState | undefined, now: SyncState): NonNullable<StateChanges['known']> {
  const before = last?.known ?? {};
  const after = now.known;
  const upsert: typeof after = {};
  for (const [id, known] of Object.entries(after)) {
    const was = before[Number(id)];
    if (!was || was.modified !== known.modified || was.mediaId !== known.mediaId || was.terms.join() !== known.terms.join()) upsert[Number(id)] = known;
  }
  return { upsert, removed: Object.keys(before).map(Number).filter((id) => !(id in after)) };
}

/** Bundled assets as the state keeps them: their files as text (scripts and stylesheets). */
function assetsToState(assets: BuiltAssets): BuiltAssets {
  return { ...assets, files: assets.files.map((file) => ({ path: file.path, contents: typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8') })) };
}
