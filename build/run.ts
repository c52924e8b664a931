import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CacheDamagedError } from './cache/body-pack.js';
import { inputsFingerprint } from './cache/build-inputs.js';
import { cacheIdentity, folderIdentity, readHead, sameFolder, type BuildHead } from './cache/build-cache.js';
import { readSnapshot, type SnapshotRead } from './fetch.js';
import { mediaStoreId } from './media/store-id.js';
import type { BuildOptions } from './options.js';
import { log } from './progress.js';
import { formatReport, reportFile, writeReport, type BuildReport } from './report.js';
import { STATIC_DATA_WARNINGS, type StaticData } from './static-data-derive.js';
import { loadStaticDataMemo } from './static-data-memo.js';
import { collectStaticFiles } from './static-files.js';
import type { OutputFile } from './output-file.js';

/** Adds the time `run` takes to the stage `name` (a stage may run in parts). */
export async function timed<T>(stages: Record<string, number>, name: string, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    stages[name] = (stages[name] ?? 0) + performance.now() - start;
  }
}

/** What a build knows before the pipeline's heavy stages: the pipeline goes on from it. */
export interface BuildStart {
  stages: Record<string, number>;
  identity: string;
  data: StaticData;
  /** Snapshot builds: the snapshot as read. */
  snapshot?: SnapshotRead;
  /** Snapshot builds: public/'s files as read for the inputs' fingerprint (the output gets these very bytes). */
  publicFiles?: OutputFile[];
  /** Snapshot builds: the fingerprint of every input, kept in the cache's head for the next run. */
  inputs?: string;
  /** Why the cache was given up during a first attempt (a damaged body pack): this attempt is clean. */
  damaged?: string;
}

/**
 * A build: the club's data and the content are read first, and when the code, the options and
 * every input are those the last build was made from, and its output is the one in place, the
 * build stops there (a cron run with nothing new costs a read of the inputs, not a render of the
 * site). Otherwise the pipeline runs, loaded only then (React, sanitize-html and the pages cost a
 * fifth of a second to load).
 */
export async function runBuild(options: BuildOptions, quiet = false): Promise<BuildReport> {
  const stages: Record<string, number> = {};
  const identity = cacheIdentity(options);
  // The data files first: a malformed one stops the build before anything is fetched or written.
  const data = await timed(stages, 'data', () => loadStaticDataMemo({ now: options.now, cacheDir: options.cacheDir, clean: options.clean, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }));
  const begun: BuildStart = { stages, identity, data };
  if (!options.wpUrl) {
    const head = options.clean ? undefined : readHead(options);
    const usable = head?.identity === identity ? head : undefined;
    const snapshot = await timed(stages, 'fetch', () => readSnapshot(options, usable?.posts));
    const publicFiles = collectStaticFiles();
    Object.assign(begun, { snapshot, publicFiles });
    begun.inputs = inputsFingerprint({
      content: snapshot.snapshot,
      localMedia: snapshot.localMedia,
      mediaStore: mediaStoreId(path.join(options.cacheDir, 'media')),
      data,
      now: options.now,
      publicFiles,
    });
    const unchanged = usable ? await timed(stages, 'check', () => unchangedRun(options, usable, begun.inputs as string, data)) : undefined;
    if (unchanged) {
      const report: BuildReport = { ...unchanged, stages };
      writeReport(options.outDir, report);
      if (!quiet) log(formatReport(report));
      return report;
    }
  }
  const { runPipeline } = await import('./pipeline.js');
  const before = { ...stages };
  try {
    return await runPipeline(options, begun, quiet);
  } catch (error) {
    if (!(error instanceof CacheDamagedError)) throw error;
    // A body of the cache did not read back as written: the build starts again without the cache
    // (a clean build depends on nothing the first attempt may have changed).
    return runPipeline({ ...options, clean: true }, { ...begun, stages: before, damaged: `${error.message}: ignored, clean build` }, quiet);
  }
}

/**
 * The report of a run with nothing to do: the last build's, as the output it describes is still
 * the one in place, with this run's line. Undefined when anything differs or cannot be told.
 */
function unchangedRun(options: BuildOptions, head: BuildHead, inputs: string, data: StaticData): BuildReport | undefined {
  if (head.inputs !== inputs || head.retries) return undefined;
  if (!sameFolder(head.outputFolder, folderIdentity(options.outDir))) return undefined;
  let previous: BuildReport;
  try {
    previous = JSON.parse(readFileSync(reportFile(options.outDir), 'utf8')) as BuildReport;
  } catch {
    return undefined;
  }
  if (typeof previous?.run?.posts?.total !== 'number' || !Array.isArray(previous.warnings)) return undefined;
  return {
    ...previous,
    run: { mode: 'incremental', posts: { total: previous.run.posts.total, added: 0, changed: 0, removed: 0 }, pagesRendered: 0, renderedPaths: [] },
    changed: 0,
    removed: 0,
    changedPaths: [],
    // The cache was read as it should be this time, and the data's warnings are this run's (they name its "now").
    warnings: [...data.warnings, ...previous.warnings.filter((entry) => entry.kind !== 'build-cache' && !STATIC_DATA_WARNINGS.has(entry.kind))],
  };
}
