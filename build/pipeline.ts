import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { basePathOf } from '../src/lib/html.js';
import type { SiteData } from '../src/site-data.js';
import type { BuiltAssets } from './bundle.js';
import { fetchContent, mediaListing, snapshotMediaDir, type FetchedContent } from './fetch.js';
import { fingerprint, listFiles } from './fs.js';
import { acquireBuildLock, realOutDir } from './lock.js';
import { favourMemoryForLargeBuilds } from './memory.js';
import type { MediaPublisher } from './media/publish-media.js';
import { mediaStoreId, mediaTemporaryDir } from './media/store.js';
import type { NormalizedContent } from './normalize.js';
import type { BuildOptions } from './options.js';
import type { OutputFile } from './output-file.js';
import { createProgress, log } from './progress.js';
import type { RenderSiteResult } from './render/render-site.js';
import { formatReport, reportFile, writeReport, type BuildReport, type PageWeights } from './report.js';
import { assetsToState, forgetting, inputsFingerprint, nothingNew, runBasis, unchangedRun, type RunBasis } from './run-basis.js';
import type { SearchIndexUpdate } from './search/index.js';
import { BuildState, reachedBy, type CachedPost, type ContentMeta, type OutputRecord, type ReportMemo } from './state/build-state.js';
import { StateDamagedError, stateFile } from './state/database.js';
import type { StaticData } from './static-data-derive.js';
import { loadStaticDataMemo } from './static-data-memo.js';
import { playerShareImages, type ShareCards } from './share-images.js';
import { collectStaticFiles, snapshotDocuments } from './static-files.js';
import { warning, type BuildWarning } from './warnings.js';
import { removeOutputLeftovers, type OutputFolder, type OutputWriter, type WriteResult } from './write.js';

/**
 * A build. Its stages, in the order `runStages` and `makeSite` call them:
 *
 *   lock → cache (the output's state) → data → static inputs (share cards made meanwhile) → fetch
 *   → (nothing new: check, stop) → bundle (meanwhile) → normalize → routes → render → search
 *   → other files → media → report (the pages weighed) → save → write (publish) → report (written).
 *
 * With the state of the last run, only what changed is fetched, normalized and rendered. Nothing in
 * the output changes before every page is made and the state saved; then the output switches to
 * the new site in an order that leaves a complete site at every moment (build/write.ts).
 */
export async function runBuild(given: BuildOptions, quiet = false, warm?: WarmState): Promise<BuildReport> {
  // One folder, one name: a symbolic link to the output, or through its parent, shares its lock and state.
  const options = { ...given, outDir: realOutDir(given.outDir) };
  const lock = acquireBuildLock(options.outDir, options.lockWaitMs);
  try {
    rmSync(mediaTemporaryDir(mediaDir(options)), { recursive: true, force: true });
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

/** What the builder (a long-running process) keeps between builds: the output's state, open, read again after another process's save. */
export interface WarmState {
  state?: BuildState;
}

/** What the stages of one run share. */
interface Run {
  options: BuildOptions;
  quiet: boolean;
  state: BuildState;
  /** Milliseconds by stage, for the report. */
  stages: Record<string, number>;
  warnings: BuildWarning[];
  /** The staging folder of a run whose publishing did not end, kept until this run's save no longer names it. */
  unfinished?: string;
}

/** What the run is made from besides the posts: the club's data, public/ and the share cards. */
interface StaticInputs {
  data: StaticData;
  publicFiles: OutputFile[];
  /** The players' share cards, made meanwhile when the cache lacks them. */
  shareCards: ShareCards;
  /** The media store and snapshot media the posts' images come from (a purge makes every post new). */
  mediaBasis: string;
  /** The snapshot's media folder listing ('' for WordPress). */
  localMedia: string;
  /** All of it as one fingerprint: a run with nothing new compares it. */
  fingerprint: string;
}

async function runStages(options: BuildOptions, quiet: boolean, warm: WarmState | undefined, damaged?: string): Promise<BuildReport> {
  const stages: Record<string, number> = {};
  const state = await timed(stages, 'cache', () => openState(options, warm, damaged !== undefined));
  const run: Run = { options, quiet, state, stages, warnings: [] };
  try {
    const unfinished = unfinishedPublish(options, state);
    if (unfinished) run.unfinished = unfinished;
    // The data files first: a malformed one stops the build before anything is fetched or written.
    const data = await timed(run.stages, 'data', () => loadStaticDataMemo({ now: options.now, clean: options.clean, siteUrl: options.siteUrl, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }, state));
    const basis = reuseOfState(run, damaged);
    const inputs = staticInputs(run, data);
    const postsUsable = basis.cachedMeta?.mediaBasis === inputs.mediaBasis;
    const fetched = await timed(run.stages, 'fetch', () => fetchStage(run, basis, inputs, postsUsable));
    if (basis.outputTrusted && postsUsable && nothingNew(state, fetched, basis.cachedMeta) && state.meta('inputs') === inputs.fingerprint) {
      const unchanged = await timed(run.stages, 'check', () => unchangedRun(options, data, fetched));
      // A run leaves nothing working behind it: cards missing from the cache are in it when it ends.
      await inputs.shareCards.files.catch(() => {});
      if (unchanged) return publishReport(run, { ...unchanged, stages: run.stages });
    }
    return await makeSite(run, basis, inputs, fetched, postsUsable);
  } finally {
    if (!warm) state.close();
  }
}

/** Something changed: the stages that make pages (React, sanitize-html and the pages load only now). */
async function makeSite(run: Run, basis: RunBasis, inputs: StaticInputs, fetched: FetchedContent, postsUsable: boolean): Promise<BuildReport> {
  const { options, state } = run;
  const stages = await loadPageStages();
  const bundling = bundleStage(run, stages, inputs.data, basis);
  // The state's tables are read when first needed: their time is the cache stage's.
  const cachedPosts = basis.usable && basis.cachedMeta ? await timed(run.stages, 'cache', () => state.posts()) : undefined;
  // Render workers (large clean builds only) load meanwhile, on the other core, and help normalize.
  const threads = stages.planRenderThreads(options.renderWorkers, cachedPosts ? 0 : fetched.posts.length);
  const pool = threads > 1 ? stages.startRenderPool(threads - 1) : undefined;
  let output: OutputWriter | undefined;
  try {
    const content = await timed(run.stages, 'normalize', () => normalizeStage(run, stages, fetched, basis, cachedPosts, postsUsable, pool));
    run.warnings.push(...inputs.data.warnings, ...fetched.warnings, ...(content.cacheWarnings ?? []), ...content.meta.termWarnings, ...content.meta.skipped.map((entry) => entry.warning));
    const site = stages.siteOf(content, inputs.data, options, (entry) => run.warnings.push(entry));
    if (fetched.source === 'live') stages.checkShrink(options, site.news.posts.length);
    const instances = await timed(run.stages, 'routes', () => stages.expandRoutes(site));
    const writer = (output = stages.openOutput(options.outDir));
    const previousOutputs = basis.outputTrusted ? await timed(run.stages, 'cache', () => state.outputs()) : undefined;
    const lists = stages.listFingerprints(site);
    const listsChanged = stages.changedLists(basis.usable ? state.lists() : new Map<string, string>(), lists);
    const progress = run.quiet ? undefined : createProgress('render');
    // Pages are written as they are rendered: the render stage's time includes their writing.
    const rendered = await timed(run.stages, 'render', () =>
      stages.renderSite({
        site,
        instances,
        assets: bundling.assets,
        output: writer,
        pool,
        ...(previousOutputs
          ? { previous: { outputs: previousOutputs, inputFrame: state.meta('inputFrame'), reach: () => reachOf(previousOutputs, stages.changedPosts(cachedPosts ?? [], content.posts), listsChanged, options.later ? cachedPosts : undefined) } }
          : {}),
        ...(basis.usable ? { shells: state.meta('shells') } : {}),
        onProgress: progress?.update,
      }),
    );
    progress?.done(`${rendered.counts.pages} pages (${rendered.counts.rendered} rendered), ${rendered.counts.files} other files`);
    const search = await timed(run.stages, 'search', () => stages.updateSearchIndex({ store: state.searchStore(), outDir: options.outDir, clean: !previousOutputs, pages: stages.pagesForSearch(rendered.outputs) }));
    for (const file of search.kept) writer.keep(file);
    const assets = await bundling.assets;
    const otherRecords = otherFilesStage(writer, [...assets.files, ...stages.hostingFiles(site), ...inputs.publicFiles, ...(await inputs.shareCards.files), ...search.files], previousOutputs);
    const documents = snapshotDocuments(fetched.mediaDir ?? (options.wpUrl ? undefined : snapshotMediaDir(options)));
    const media = await timed(run.stages, 'media', () => mediaStage(run, stages.createMediaPublisher(), content.posts, cachedPosts, documents, basis.outputTrusted));
    const keptRecords = search.kept.flatMap((file) => (previousOutputs?.has(file) ? [[file, previousOutputs.get(file) as OutputRecord] as const] : []));
    const records = new Map([...rendered.outputs.map(({ path: file, record }) => [file, record] as const), ...otherRecords, ...keptRecords]);
    const weights = await timed(run.stages, 'report', () =>
      stages.weighPages({ outputs: rendered.outputs, assets, memo: basis.usable ? state.meta('reportMemo') : undefined, fileOf: (sitePath) => stages.fileOnceOnline(writer.folder, media, sitePath) }),
    );
    await timed(run.stages, 'save', () => saveStage(run, { basis, inputs, fetched, content, rendered, assets, bundling, documents, records, previousOutputs, lists, listsChanged, search, folder: writer.folder, reportMemo: weights.memo }));
    const write = await timed(run.stages, 'write', () =>
      writer.commit(rendered.written, { ...(previousOutputs ? { previousPaths: previousOutputs.keys() } : {}), media, basePath: basePathOf(options.siteUrl), beforeChange: () => rmSync(reportFile(options.outDir), { force: true }) }),
    );
    output = undefined;
    for (const leftover of write.leftovers ?? []) afterPublish(run, leftover);
    return publishReport(run, reportStage(run, stages, { basis, fetched, content, site, rendered, weights, write }));
  } finally {
    await pool?.close();
    output?.abort();
  }
}

/** The modules of the stages that make pages, loaded only by a run that makes some, as one object. */
async function loadPageStages() {
  const modules = await Promise.all([
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
  return Object.assign({}, ...modules) as AllOf<(typeof modules)[number]>;
}

/** The intersection of a union's members: what `Object.assign` makes of them. */
type AllOf<U> = (U extends unknown ? (member: U) => void : never) extends (member: infer I) => void ? I : never;

type PageStages = Awaited<ReturnType<typeof loadPageStages>>;

/**
 * Stage cache: what killed or failed runs left beside the output is removed (nobody else writes it
 * while the lock is held), but the staging folder the state names when it is still there: publishing
 * did not end, and that stays known until a run saves a state that no longer names it.
 */
function unfinishedPublish(options: BuildOptions, state: BuildState): string | undefined {
  const named = state.meta('publishing');
  removeOutputLeftovers(options.outDir, named);
  return named !== undefined && existsSync(path.join(path.dirname(options.outDir), named)) ? named : undefined;
}

/** Stage cache: the state of the output, the one the process keeps when nobody else saved it since, or read again. */
function openState(options: BuildOptions, warm: WarmState | undefined, damaged: boolean): BuildState {
  const kept = warm?.state;
  if (kept && !damaged && kept.file === stateFile(options) && kept.stillCurrent()) return kept;
  kept?.close();
  const state = damaged ? BuildState.reset(options) : BuildState.open(options);
  if (warm) warm.state = state;
  return state;
}

/** What the state lets the run reuse; a clean build says why. */
function reuseOfState(run: Run, damaged: string | undefined): RunBasis {
  const basis = runBasis(run.state, run.options, damaged !== undefined, run.unfinished);
  if (damaged) run.warnings.push(warning('build-cache', damaged));
  if (!run.quiet && basis.cleanReason) log(damaged ?? `build cache: ${basis.cleanReason}, clean build`);
  if (!run.quiet && basis.distrust) log(`build cache: ${basis.distrust}: every page is rendered again (a file with the same bytes is kept)`);
  return basis;
}

/** public/, the players' share cards (networks show no SVG; made once, then read from the cache), and what posts' images come from. */
function staticInputs(run: Run, data: StaticData): StaticInputs {
  const { options } = run;
  const publicFiles = collectStaticFiles();
  const shareCards = playerShareImages(data.team.players, options.cacheDir);
  // A purged media store or replaced snapshot pictures make every post new.
  const localMedia = options.wpUrl ? '' : mediaListing(snapshotMediaDir(options));
  const mediaStore = mediaStoreId(mediaDir(options), (message) => run.warnings.push(warning('build-cache', message)));
  const mediaBasis = JSON.stringify({ store: mediaStore, local: localMedia });
  return { data, publicFiles, shareCards, mediaBasis, localMedia, fingerprint: inputsFingerprint(data, options.now, publicFiles, shareCards.recipes, mediaBasis) };
}

/** Stage fetch: what changed at the source since the state's run, or everything. */
function fetchStage(run: Run, basis: RunBasis, inputs: StaticInputs, postsUsable: boolean): Promise<FetchedContent> {
  const { state } = run;
  // Posts whose images failed for a passing reason (a timeout, a cache write error) are read from
  // the source again, and normalized again, until they have them.
  const retried = postsUsable && state.meta('retries') === true ? new Set(state.posts().flatMap((post) => (post.rawHash ? [] : [post.post.id]))) : new Set<number>();
  const snapshot = basis.cachedMeta?.snapshot;
  const since = postsUsable ? { ...(basis.sync ? { sync: forgetting(basis.sync, retried) } : {}), ...(snapshot && retried.size === 0 ? { snapshot } : {}) } : {};
  // A sync of the notified posts lists no ids: the posts to fetch again need the full one.
  const { notifiedPosts, ...full } = run.options;
  const options = notifiedPosts && retried.size === 0 && basis.cachedMeta ? run.options : full;
  return fetchContent(options, since, inputs.localMedia, favourMemoryForLargeBuilds);
}

/** Stage bundle: the islands' bundles and the stylesheet, reused while their props are; made while the content is normalized. */
function bundleStage(run: Run, stages: PageStages, data: StaticData, basis: RunBasis): { assets: Promise<BuiltAssets>; sharedProps: string; reused: boolean } {
  const shared = stages.sharedIslandProps(data.club);
  const sharedProps = JSON.stringify(shared);
  const stored = basis.usable ? run.state.meta('assets') : undefined;
  const reused = stored?.sharedProps === sharedProps;
  const assets = stored && reused ? Promise.resolve(stored.built) : timed(run.stages, 'bundle', () => stages.bundleAssets(shared));
  assets.catch(() => {});
  return { assets, sharedProps, reused };
}

/** Stage normalize: the posts fetched made ready for pages, the others as the state keeps them. */
function normalizeStage(run: Run, stages: PageStages, fetched: FetchedContent, basis: RunBasis, cachedPosts: CachedPost[] | undefined, postsUsable: boolean, pool: Parameters<PageStages['normalizeContent']>[3]): Promise<NormalizedContent> {
  const { options } = run;
  const cached = cachedPosts && basis.cachedMeta ? { posts: cachedPosts, meta: basis.cachedMeta, reusable: postsUsable } : undefined;
  const media = { cacheDir: mediaDir(options), ...(options.wpUrl ? { apiUrl: options.wpUrl, mediaOrigins: options.mediaOrigins } : {}), ...(fetched.mediaDir ? { localMediaDir: fetched.mediaDir } : {}) };
  return stages.normalizeContent(fetched, cached, media, pool);
}

/** Stage other files: bundles, hosting files, public/ and the search index; one whose record says it is in place with these bytes is kept unread. */
function otherFilesStage(writer: OutputWriter, files: readonly OutputFile[], previous: ReadonlyMap<string, OutputRecord> | undefined): Map<string, OutputRecord> {
  const records = new Map<string, OutputRecord>();
  for (const file of files) {
    const record = { key: fingerprint(file.contents), size: typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength };
    records.set(file.path, record);
    if (previous?.get(file.path)?.key === record.key) writer.keep(file.path);
    else writer.add(file);
  }
  return records;
}

/**
 * Stage media: the new images to publish, from the media store, each checked against its hash and
 * made again when damaged (a MediaCacheError when it cannot be, before the state or output change).
 * A run that does not trust the output (--clean) publishes again every image that differs from the
 * store's or is a hard link an earlier version made to the cache.
 */
async function mediaStage(run: Run, publisher: MediaPublisher, posts: readonly CachedPost[], cachedPosts: readonly CachedPost[] | undefined, documents: ReadonlyMap<string, string>, outputTrusted: boolean) {
  const { options } = run;
  const store = path.join(mediaDir(options), 'files');
  const needed = new Map<string, string>([...posts.flatMap((post) => post.mediaFiles.map((file): [string, string] => [file, path.join(store, path.posix.basename(file))])), ...documents]);
  const there = outputTrusted ? new Set([...(cachedPosts ?? []).flatMap((post) => post.mediaFiles), ...(run.state.meta('documents') ?? [])]) : new Set(listFiles(path.join(options.outDir, 'media')).map((relative) => `/media/${relative}`));
  const add = new Map([...needed].filter(([publicPath]) => !there.has(publicPath)));
  if (!outputTrusted) {
    for (const [publicPath, file] of needed) {
      const published = path.join(options.outDir, publicPath);
      if (!add.has(publicPath) && (publisher.sharesCacheFile(published, file) || publisher.differsFromPublished(published, file))) add.set(publicPath, file);
    }
  }
  for (const file of add.values()) await publisher.verifiedFile(file);
  run.warnings.push(...publisher.warnings.map((message) => warning('build-cache', message)));
  return { add, remove: [...there].filter((publicPath) => !needed.has(publicPath)) };
}

/**
 * The files the changed posts and lists reach. Given the posts a run started from (a run that may
 * leave pages for later) and when it only adds posts, also those only the order of a list reaches:
 * the pages it shifts by one, which still link to posts that are all there.
 */
function reachOf(outputs: ReadonlyMap<string, OutputRecord>, posts: ReadonlySet<number>, lists: ReadonlySet<string>, before?: readonly CachedPost[]): { reached: Set<string>; later?: Set<string> } {
  const onlyAdded = before !== undefined && posts.size > 0 && !before.some((cached) => posts.has(cached.post.id));
  const later = onlyAdded ? new Set<string>() : undefined;
  return { reached: reachedBy(outputs, posts, lists, later), ...(later ? { later } : {}) };
}

/**
 * Stage save: the state, the search index's records and the report's memo in the run's one
 * transaction, before the output changes: a failure here (a full disk) leaves the site online as it
 * was. The state names the run's staging folder: when the next run finds it still there, publishing
 * did not end (a kill, an I/O error), and it compares every file.
 */
function saveStage(
  run: Run,
  made: {
    basis: RunBasis;
    inputs: StaticInputs;
    fetched: FetchedContent;
    content: NormalizedContent;
    rendered: RenderSiteResult;
    assets: BuiltAssets;
    bundling: { sharedProps: string; reused: boolean };
    documents: ReadonlyMap<string, string>;
    records: ReadonlyMap<string, OutputRecord>;
    previousOutputs: ReadonlyMap<string, OutputRecord> | undefined;
    lists: ReadonlyMap<string, string>;
    listsChanged: ReadonlySet<string>;
    search: SearchIndexUpdate;
    folder: OutputFolder;
    reportMemo: ReportMemo;
  },
): void {
  const { state } = run;
  const { basis, inputs, fetched, content, rendered, assets, bundling, documents, records, previousOutputs, lists, listsChanged, search, folder, reportMemo } = made;
  // A list whose later pages wait keeps its old order: the next run finds it changed and makes them.
  const waiting = new Set(rendered.outputs.flatMap((output) => (output.later && output.record.list !== undefined ? [output.record.list] : [])));
  // A first output is the staging folder renamed: the same inode.
  const outputFolder = statSync(folder.hadPrevious ? folder.outDir : folder.stagingDir);
  state.save({
    clean: !basis.usable,
    meta: {
      identity: basis.identity,
      content: { ...content.meta, mediaBasis: inputs.mediaBasis, ...(fetched.snapshot ? { snapshot: fetched.snapshot } : {}) } satisfies ContentMeta,
      ...(fetched.sync ? { marker: fetched.sync.marker } : {}),
      // Bundles and shells (hundreds of KB) are saved again only when they are new.
      ...(bundling.reused ? {} : { assets: { sharedProps: bundling.sharedProps, built: assetsToState(assets) } }),
      ...(rendered.shellsChanged ? { shells: rendered.shells } : {}),
      inputFrame: rendered.inputFrame,
      documents: [...documents.keys()],
      termsHash: fetched.termsHash || state.meta('termsHash'),
      retries: content.posts.some((post) => !post.rawHash),
      later: waiting.size > 0,
      publishing: path.basename(folder.stagingDir),
      outputFolder: { ino: outputFolder.ino },
      inputs: inputs.fingerprint,
      reportMemo,
    },
    posts: content.fresh,
    removedPosts: content.removed,
    ...(fetched.sync ? { known: fetched.sync.known } : {}),
    outputs: previousOutputs ? new Map([...records].filter(([file, record]) => previousOutputs.get(file) !== record)) : records,
    removedOutputs: previousOutputs ? [...previousOutputs.keys()].filter((file) => !records.has(file)) : [],
    // Only what changed: at 5,000 posts the articles' recent posts alone are 5,000 lists.
    lists: { set: new Map([...listsChanged].flatMap((id) => (lists.has(id) && !waiting.has(id) ? [[id, lists.get(id) as string] as const] : []))), removed: [...listsChanged].filter((id) => !lists.has(id)) },
    search: search.commit,
  });
  // The state no longer names it: the unfinished publish's staging folder has told what it had to.
  if (run.unfinished) {
    try {
      rmSync(path.join(path.dirname(run.options.outDir), run.unfinished), { recursive: true, force: true });
    } catch (error) {
      afterPublish(run, `${run.unfinished} could not be removed (${(error as Error).message}): the next run removes it`);
    }
  }
}

/** Stage report: what the run did, its pages' weights against the budgets. */
function reportStage(
  run: Run,
  stages: PageStages,
  made: { basis: RunBasis; fetched: FetchedContent; content: NormalizedContent; site: SiteData; rendered: RenderSiteResult; weights: PageWeights; write: WriteResult },
): BuildReport {
  const { basis, fetched, content, site, rendered, weights, write } = made;
  return stages.buildReport({
    source: fetched.source,
    run: {
      mode: basis.usable ? 'incremental' : 'clean',
      ...(basis.cleanReason ? { cleanReason: basis.cleanReason } : {}),
      posts: { total: site.news.posts.length, ...content.changes },
      pagesRendered: rendered.counts.rendered,
      ...(rendered.counts.later > 0 ? { pagesLater: rendered.counts.later } : {}),
      renderedPaths: rendered.outputs.filter((file) => file.record.page && file.rendered).map((file) => file.path.replace(/index\.html$/, '')),
      ...(fetched.traffic ? { wordpress: fetched.traffic } : {}),
      ...(fetched.listed ? { listed: fetched.listed } : {}),
    },
    weights,
    write,
    warnings: run.warnings,
    stages: run.stages,
  });
}

/** The report of a run that made the site, or of one that found nothing new (stage check): the last run's, still true. */
function publishReport(run: Run, report: BuildReport): BuildReport {
  try {
    writeReport(run.options.outDir, report);
  } catch (error) {
    afterPublish(run, `${(error as Error).message}: the site is complete, its report is not saved`, report.warnings);
  }
  if (!run.quiet) log(formatReport(report));
  return report;
}

/** Once the output is the new site, what fails (a leftover, the report) is a warning in the report and the log, not a failed run. */
function afterPublish(run: Run, message: string, warnings: BuildWarning[] = run.warnings): void {
  warnings.push(warning('build-cache', message));
  if (!run.quiet) log(`warning: ${message}`);
}

function mediaDir(options: BuildOptions): string {
  return path.join(options.cacheDir, 'media');
}

/** Adds the time `work` takes to the stage `name` (a stage may run in parts). */
async function timed<T>(stages: Record<string, number>, name: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    stages[name] = (stages[name] ?? 0) + performance.now() - start;
  }
}
