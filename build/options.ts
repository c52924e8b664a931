import path from 'node:path';
import { parseArgs } from 'node:util';
import { withoutCredentials } from './redact-credentials.js';

export interface BuildOptions {
  /** Snapshot folder (posts.json, categories.json, tags.json); ignored when wpUrl is set. */
  contentDir: string;
  /** Live WordPress REST base, e.g. https://host/wp-json/wp/v2. */
  wpUrl?: string;
  outDir: string;
  /** Absolute origin plus optional path prefix, without trailing slash. */
  siteUrl: string;
  allowShrink: boolean;
  /** The persistent build cache (the build's state, the media store). */
  cacheDir: string;
  clean: boolean;
  /** The build's "now" (upcoming matches); fixed in tests for reproducible output. */
  now: Date;
  /** Threads rendering pages; 1 renders in the main thread. Unset: decided from the number of posts and cores. */
  renderWorkers?: number;
  /** Unset: the project's data/. */
  dataDir?: string;
  lockWaitMs: number;
  /** Origins or URL prefixes (ending in '/') images may come from besides WordPress's own addresses. */
  mediaOrigins: string[];
  /** The builder, told that only these posts were published or updated: WordPress is asked for them alone (build/wordpress/sync.ts). */
  notifiedPosts?: readonly number[];
  /**
   * The builder's first build of a published post: when the run only adds posts, the later pages of
   * their lists may stay one post behind for the next run (src/routes/types.ts, `later`).
   */
  later?: boolean;
}

export class OptionsError extends Error {
  override name = 'OptionsError';
}

/** More threads than this only add start-up time and memory (each holds a copy of the content). */
export const MAX_WORKERS = 8;
/** A cron run finding another build at work waits this long, then stops (exit 75): the next run catches up. */
const DEFAULT_WAIT_SECONDS = 120;

/** Each option: the environment variable that sets it, its type for parseArgs and its line of the usage. */
const OPTIONS = {
  content: { env: 'CONTENT_DIR', type: 'string', usage: '--content DIR     snapshot folder (CONTENT_DIR, default data/wordpress)' },
  wp: { env: 'WP_API_URL', type: 'string', usage: '--wp URL          live WordPress REST base, e.g. https://cms.example/wp-json/wp/v2 (WP_API_URL)' },
  out: { env: 'OUT_DIR', type: 'string', usage: '--out DIR         output folder (OUT_DIR, default dist)' },
  'site-url': { env: 'SITE_URL', type: 'string', usage: '--site-url URL    absolute site address for canonical links, sitemap, feeds (SITE_URL, default http://localhost:8080)' },
  now: { env: 'BUILD_NOW', type: 'string', usage: '--now ISO-DATE    the build\'s "now": upcoming matches, scores shown, ages (BUILD_NOW, default: the current time)' },
  data: { env: 'DATA_DIR', type: 'string', usage: '--data DIR        the club\'s data files (DATA_DIR, default data): settings.json, season/, teams.json...' },
  workers: {
    env: 'BUILD_WORKERS',
    type: 'string',
    usage: `--workers N       threads rendering pages, 1 to ${MAX_WORKERS} (BUILD_WORKERS; default: 1 below 2,500 posts or with a cache, then one per 1,250 posts up to one per core)`,
  },
  cache: { env: 'BUILD_CACHE', type: 'string', usage: '--cache DIR       persistent build cache (BUILD_CACHE, default .cache/build): cron runs fetch and render only what changed' },
  clean: { env: 'BUILD_CLEAN', type: 'boolean', usage: '--clean           ignore the cache and build from nothing (BUILD_CLEAN=1); the result becomes the new cache' },
  'allow-shrink': { env: 'ALLOW_SHRINK', type: 'boolean', usage: '--allow-shrink    publish even if a live pull returns far fewer posts than the current site' },
  wait: {
    env: 'BUILD_WAIT',
    type: 'string',
    usage: `--wait SECONDS    wait this long for another build of the same output to end (BUILD_WAIT, default ${DEFAULT_WAIT_SECONDS}), then stop with exit code 75`,
  },
  'media-origin': {
    env: 'MEDIA_ORIGINS',
    type: 'string',
    multiple: true,
    usage: '--media-origin URL  images may also come from this origin or URL prefix (a CDN, an offload plugin); repeatable (MEDIA_ORIGINS, space-separated)',
  },
} as const;

type Name = keyof typeof OPTIONS;

export const USAGE = ['Usage: npm run build -- [options]', ...Object.values(OPTIONS).map(({ usage }) => `  ${usage}`)].join('\n');

/** Flags win over environment variables, which win over defaults. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): BuildOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
    const reason = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `unknown option ${flag}` : /argument missing/.test(message) ? `option ${flag} needs a value` : message;
    throw new OptionsError(`${reason}\n${USAGE}`);
  }
  const value = (name: Name): string | undefined => {
    const given = parsed[name];
    if (given === '') throw new OptionsError(`option --${name} needs a value`);
    if (typeof given === 'string') return given;
    return env[OPTIONS[name].env] || undefined;
  };
  const enabled = (name: Name): boolean => parsed[name] === true || env[OPTIONS[name].env] === '1' || env[OPTIONS[name].env] === 'true';
  const origins = parsed['media-origin'] ?? [];
  const mediaOrigins = origins.length > 0 ? origins : (env.MEDIA_ORIGINS ?? '').split(/\s+/).filter(Boolean);
  const wpUrl = value('wp');
  const workers = value('workers');
  const dataDir = value('data');
  return {
    contentDir: path.resolve(cwd, value('content') ?? 'data/wordpress'),
    ...(wpUrl ? { wpUrl: parseHttpUrl('--wp / WP_API_URL', wpUrl, " (WordPress's REST reads need none; previews use WP_APP_USER and WP_APP_PASSWORD)") } : {}),
    outDir: path.resolve(cwd, value('out') ?? 'dist'),
    siteUrl: parseHttpUrl('--site-url / SITE_URL', value('site-url') ?? 'http://localhost:8080'),
    allowShrink: enabled('allow-shrink'),
    cacheDir: path.resolve(cwd, value('cache') ?? '.cache/build'),
    clean: enabled('clean'),
    now: parseNow(value('now')),
    ...(workers === undefined ? {} : { renderWorkers: parseWorkers(workers) }),
    ...(dataDir === undefined ? {} : { dataDir: path.resolve(cwd, dataDir) }),
    lockWaitMs: parseWait(value('wait')) * 1000,
    mediaOrigins: mediaOrigins.map(parseMediaOrigin),
  };
}

/** True when the command line asks for the usage. */
export const wantsHelp = (argv: readonly string[]): boolean => argv.includes('--help') || argv.includes('-h');

/**
 * An absolute http(s) URL without query, fragment or credentials: fetch never sends a `user:password@`,
 * and these URLs are printed in logs, the report and /healthz. No message repeats the credentials.
 */
function parseHttpUrl(label: string, value: string, credentialsHint = ''): string {
  const url = URL.parse(value);
  if (!url) throw new OptionsError(`${label}: "${withoutCredentials(value)}" is not an absolute URL`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OptionsError(`${label}: only http(s) URLs are accepted`);
  if (url.username || url.password) {
    throw new OptionsError(`${label}: the URL carries a user name or password (${url.protocol}//***@${url.host}): remove them: they are never sent, and would be printed in logs${credentialsHint}`);
  }
  if (url.search || url.hash) throw new OptionsError(`${label}: no query string or fragment allowed`);
  return url.href.replace(/\/+$/, '');
}

/** An http(s) origin or URL prefix without credentials, query or fragment; as a prefix ending in '/'. */
function parseMediaOrigin(value: string): string {
  if (value === '') throw new OptionsError('option --media-origin needs a value');
  // parseHttpUrl's address has no trailing '/'.
  return `${parseHttpUrl('--media-origin / MEDIA_ORIGINS', value)}/`;
}

function parseWorkers(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) throw new OptionsError(`--workers / BUILD_WORKERS: "${value}" is not a whole number from 1 to ${MAX_WORKERS}`);
  return count;
}

function parseWait(value: string | undefined): number {
  if (value === undefined) return DEFAULT_WAIT_SECONDS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) throw new OptionsError(`--wait / BUILD_WAIT: "${value}" is not a number of seconds from 0 to 86400`);
  return seconds;
}

function parseNow(value: string | undefined): Date {
  if (value === undefined) return new Date();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new OptionsError(`--now / BUILD_NOW: "${value}" is not a date`);
  return date;
}
