import { readFileSync, statSync } from 'node:fs';
import { upcomingMatches } from '../src/lib/matches.js';
import type { BuiltAssets } from './bundle.js';
import { codeVersion } from './compiled.js';
import { sourceHash, type FetchedContent } from './fetch.js';
import { fingerprint } from './fs.js';
import type { BuildOptions } from './options.js';
import type { OutputFile } from './output-file.js';
import { reportFile, type BuildReport } from './report.js';
import type { BuildState, ContentMeta } from './state/build-state.js';
import { STATIC_DATA_WARNINGS, type StaticData } from './static-data-derive.js';
import type { SyncState } from './wordpress/sync.js';

/** What the state of the last run lets this run reuse. */
export interface RunBasis {
  /** What made the state (code, options, content source): another value, a clean build. */
  identity: string;
  /** Why the state is not used, when it is not. */
  cleanReason?: string;
  /** The state's posts, records and lists describe what this run would make from them. */
  usable: boolean;
  /** The output in place is the one the records describe: the same folder, no run stopped while changing it. */
  outputTrusted: boolean;
  /** Why the output in place is not trusted though the state is usable (every file is then compared), for the log. */
  distrust?: string;
  /** The content as the state's run had it, when usable. */
  cachedMeta?: ContentMeta;
  /** WordPress builds: where the sync starts, read once. */
  sync?: SyncState;
}

/** Reads from the state what this run can reuse, and why not when it cannot; `unfinished`: the staging folder the state names, still there. */
export function runBasis(state: BuildState, options: BuildOptions, damaged: boolean, unfinished?: string): RunBasis {
  const identity = JSON.stringify({ code: codeVersion(), siteUrl: options.siteUrl, outDir: options.outDir, source: options.wpUrl ? `wordpress ${options.wpUrl}` : `snapshot ${options.contentDir}`, ...(options.mediaOrigins.length > 0 ? { mediaOrigins: options.mediaOrigins.join(' ') } : {}) });
  const madeBy = state.meta('identity');
  const cleanReason = damaged ? 'unreadable cache' : options.clean ? '--clean' : state.replaced ? 'cache made by another version of the build' : madeBy === undefined ? 'no cache yet' : madeBy !== identity ? describeMismatch(madeBy, identity) : undefined;
  if (cleanReason) return { identity, cleanReason, usable: false, outputTrusted: false };
  const folder = statSync(options.outDir, { throwIfNoEntry: false });
  // The staging folder of the run that saved the state still there: its publishing did not end.
  const distrust =
    folder === undefined ? 'the output folder is missing'
    : state.meta('outputFolder')?.ino !== folder.ino ? 'the output folder is not the one the last run wrote'
    : unfinished !== undefined ? `the last run stopped while publishing (it left ${unfinished})`
    : undefined;
  const cachedMeta = state.meta('content');
  const sync = options.wpUrl ? state.sync() : undefined;
  return {
    identity,
    usable: true,
    outputTrusted: distrust === undefined,
    ...(distrust ? { distrust } : {}),
    ...(cachedMeta ? { cachedMeta } : {}),
    ...(sync ? { sync } : {}),
  };
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

/** The sync's state without these posts: WordPress then lists more posts than known, and those are fetched again (build/wordpress/sync.ts). */
export function forgetting(sync: SyncState, ids: ReadonlySet<number>): SyncState {
  if (ids.size === 0) return sync;
  return { ...sync, known: Object.fromEntries(Object.entries(sync.known).filter(([id]) => !ids.has(Number(id)))) };
}

/** True when the content source says nothing changed since the state's run. */
export function nothingNew(state: BuildState, fetched: FetchedContent, cached: ContentMeta | undefined): boolean {
  if (!cached || state.meta('retries') === true || state.meta('later') === true) return false;
  if (fetched.source === 'snapshot') return fetched.snapshot === cached.snapshot;
  if (fetched.listed || fetched.sync?.marker !== state.meta('marker') || fetched.termsHash !== state.meta('termsHash')) return false;
  // Posts modified within the sync's margin come back on every run: unchanged, they change nothing.
  return fetched.posts.every((raw) => state.rawHash((raw as { id?: number }).id ?? 0) === sourceHash(JSON.stringify(raw)));
}

/** Everything a run is made from besides the code, the options and the content, as one fingerprint. */
export function inputsFingerprint(data: StaticData, now: Date, publicFiles: readonly OutputFile[], shareCards: readonly string[], mediaBasis: string): string {
  const { club, team, season, legal } = data;
  // The data as validated and derived for this "now" (scores shown, ages), and the one thing pages
  // derive from "now" themselves: which matches are still to come.
  const upcoming = upcomingMatches(team.matches, now.getTime()).map((match) => match.id);
  const files = [...publicFiles].sort((a, b) => (a.path < b.path ? -1 : 1)).map((file) => `${file.path} ${fingerprint(file.contents)}`);
  return fingerprint(JSON.stringify({ club, team, season, legal, upcoming, files, shareCards, mediaBasis }));
}

/**
 * The report of a run with nothing to do: the last run's, as the output it describes is still
 * the one in place, with this run's line. Undefined when it cannot be read.
 */
export function unchangedRun(options: BuildOptions, data: StaticData, fetched: FetchedContent): Omit<BuildReport, 'stages'> | undefined {
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

/** Bundled assets as the state keeps them: their files as text (scripts and stylesheets). */
export function assetsToState(assets: BuiltAssets): BuiltAssets {
  return { ...assets, files: assets.files.map((file) => ({ path: file.path, contents: typeof file.contents === 'string' ? file.contents : Buffer.from(file.contents).toString('utf8') })) };
}
