import path from 'node:path';

export interface BuildOptions {
  /** Snapshot folder (posts.json, categories.json, tags.json); ignored when wpUrl is set. */
  contentDir: string;
  /** Live WordPress REST base, e.g. https://host/wp-json/wp/v2. */
  wpUrl?: string;
  outDir: string;
  /** Absolute origin plus optional path prefix, without trailing slash. */
  siteUrl: string;
  /** Publish even when a live pull returns far fewer posts than the site being replaced. */
  allowShrink: boolean;
  /** The persistent build cache (last sync, normalized posts, what each output was made from, media). */
  cacheDir: string;
  /** Ignore the cache and build from nothing; the result becomes the new cache. */
  clean: boolean;
  /** The build's "now" (upcoming matches); fixed in tests for reproducible output. */
  now: Date;
  /**
   * Threads rendering pages; 1 renders in the main thread. Unset: decided from the number of
   * pages and cores (see planRenderWorkers).
   */
  renderWorkers?: number;
  /** The club's data files (settings.json, season/, teams.json...); unset: the project's data/. */
  dataDir?: string;
  /** Origins (or URL prefixes) images may come from besides WordPress's own addresses: a CDN, an offload plugin. */
  mediaOrigins: string[];
}

export class OptionsError extends Error {
  override name = 'OptionsError';
}

const FLAGS: Record<string, { key: 'contentDir' | 'wpUrl' | 'outDir' | 'siteUrl' | 'now' | 'workers' | 'cacheDir' | 'dataDir'; env: string }> = {
  '--content': { key: 'contentDir', env: 'CONTENT_DIR' },
  '--wp': { key: 'wpUrl', env: 'WP_API_URL' },
  '--out': { key: 'outDir', env: 'OUT_DIR' },
  '--site-url': { key: 'siteUrl', env: 'SITE_URL' },
  '--now': { key: 'now', env: 'BUILD_NOW' },
  '--workers': { key: 'workers', env: 'BUILD_WORKERS' },
  '--cache': { key: 'cacheDir', env: 'BUILD_CACHE' },
  '--data': { key: 'dataDir', env: 'DATA_DIR' },
};

/** Flags without a value, and the environment variable that sets each. */
const SWITCHES: Record<string, { key: 'allowShrink' | 'clean'; env: string }> = {
  '--allow-shrink': { key: 'allowShrink', env: 'ALLOW_SHRINK' },
  '--clean': { key: 'clean', env: 'BUILD_CLEAN' },
};

/** More threads than this only add start-up time and memory (each holds a copy of the content). */
export const MAX_WORKERS = 8;

export const USAGE = `Usage: npm run build -- [options]
  --content DIR     snapshot folder (CONTENT_DIR, default data/wordpress)
  --wp URL          live WordPress REST base, e.g. https://cms.example/wp-json/wp/v2 (WP_API_URL)
  --out DIR         output folder (OUT_DIR, default dist)
  --site-url URL    absolute site address for canonical links, sitemap, feeds (SITE_URL, default http://localhost:8080)
  --now ISO-DATE    the build's "now": upcoming matches, scores shown, ages (BUILD_NOW, default: the current time)
  --data DIR        the club's data files (DATA_DIR, default data): settings.json, season/, teams.json...
  --workers N       threads rendering pages, 1 to ${MAX_WORKERS} (BUILD_WORKERS; default: 1 below 2,500 posts or with a cache, then one per 1,250 posts up to one per core)
  --cache DIR       persistent build cache (BUILD_CACHE, default .cache/build): cron runs fetch and render only what changed
  --clean           ignore the cache and build from nothing (BUILD_CLEAN=1); the result becomes the new cache
  --allow-shrink    publish even if a live pull returns far fewer posts than the current site
  --media-origin URL  images may also come from this origin or URL prefix (a CDN, an offload plugin); repeatable (MEDIA_ORIGINS, space-separated)`;

/** Flags win over environment variables, which win over defaults. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): BuildOptions {
  const values: Partial<Record<string, string>> = {};
  const switches = { allowShrink: false, clean: false };
  // The one repeatable flag (the lead moves options to util.parseArgs, which has `multiple`).
  const mediaOrigins: string[] = [];
  for (const spec of Object.values(SWITCHES)) switches[spec.key] = env[spec.env] === '1' || env[spec.env] === 'true';
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    const toggle = SWITCHES[arg];
    if (toggle) {
      switches[toggle.key] = true;
      continue;
    }
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--media-origin') {
      const value = inline ?? argv[++index];
      if (value === undefined || value === '') throw new OptionsError('option --media-origin needs a value');
      mediaOrigins.push(value);
      continue;
    }
    const spec = FLAGS[flag];
    if (!spec) throw new OptionsError(`unknown option ${arg}\n${USAGE}`);
    const value = inline ?? argv[++index];
    if (value === undefined || value === '') throw new OptionsError(`option ${flag} needs a value`);
    values[spec.key] = value;
  }
  for (const spec of Object.values(FLAGS)) {
    if (values[spec.key] === undefined && env[spec.env]) values[spec.key] = env[spec.env];
  }
  return {
    contentDir: path.resolve(cwd, values.contentDir ?? 'data/wordpress'),
    wpUrl: values.wpUrl ? parseHttpUrl('--wp / WP_API_URL', values.wpUrl) : undefined,
    outDir: path.resolve(cwd, values.outDir ?? 'dist'),
    siteUrl: parseHttpUrl('--site-url / SITE_URL', values.siteUrl ?? 'http://localhost:8080'),
    allowShrink: switches.allowShrink,
    cacheDir: path.resolve(cwd, values.cacheDir ?? '.cache/build'),
    clean: switches.clean,
    now: parseNow(values.now),
    ...(values.workers === undefined ? {} : { renderWorkers: parseWorkers(values.workers) }),
    ...(values.dataDir === undefined ? {} : { dataDir: path.resolve(cwd, values.dataDir) }),
    mediaOrigins: (mediaOrigins.length > 0 ? mediaOrigins : (env.MEDIA_ORIGINS ?? '').split(/\s+/).filter(Boolean)).map((origin) => parseMediaOrigin(origin)),
  };
}

function parseHttpUrl(label: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OptionsError(`${label}: "${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OptionsError(`${label}: only http(s) URLs are accepted`);
  if (url.search || url.hash) throw new OptionsError(`${label}: no query string or fragment allowed`);
  return url.href.replace(/\/+$/, '');
}

/** An http(s) origin or URL prefix without credentials, query or fragment; as a prefix ending in '/'. */
function parseMediaOrigin(value: string): string {
  const url = new URL(parseHttpUrl('--media-origin / MEDIA_ORIGINS', value));
  if (url.username || url.password) throw new OptionsError(`--media-origin / MEDIA_ORIGINS: "${value}" carries credentials`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

function parseWorkers(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) throw new OptionsError(`--workers / BUILD_WORKERS: "${value}" is not a whole number from 1 to ${MAX_WORKERS}`);
  return count;
}

function parseNow(value: string | undefined): Date {
  if (value === undefined) return new Date();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new OptionsError(`--now / BUILD_NOW: "${value}" is not a date`);
  return date;
}
