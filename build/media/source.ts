import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { createLimiter, DEFAULT_HTTP, getWithRetry, ResponseRefusedError, WordPressError, type HttpOptions } from '../wordpress/http.js';
import { isLasting, MediaProblem } from './problem.js';
import type { MediaStore, UrlRecord } from './store.js';
import { createUrlPolicy, type UrlPolicyInput, type UrlVerdict } from './url-policy.js';
import { sha256 } from '../fs.js';

/** A news picture is a few hundred KB; 25 MB is a camera original or something that is not a picture. */
const MAX_MEDIA_BYTES = 25 * 1024 * 1024;
/** The REST pull's politeness applies to media too: WordPress sees at most this many requests at once. */
const IN_FLIGHT = 3;

export type Download =
  | { kind: 'fetched'; bytes: Uint8Array; contentType?: string; etag?: string; lastModified?: string }
  | { kind: 'not-modified' };

type MediaDownloader = ReturnType<typeof createMediaDownloader>;

/**
 * `check`: whether a URL may be fetched at all, without fetching it; `download`: a GET through the
 * polite client, conditional with validators (a refused URL never reaches the network: a MediaProblem).
 * WordPress's declared addresses are asked of its REST index by default, when first needed.
 */
export function createMediaDownloader(options: Omit<UrlPolicyInput, 'resolve'> & { http?: Partial<HttpOptions> }) {
  const http: HttpOptions = { ...DEFAULT_HTTP, ...options.http };
  const check = createUrlPolicy({
    ...options,
    // Its schema library loads only when an image's address needs it, not on every run.
    declaredAddresses: options.declaredAddresses ?? (async () => (await import('../wordpress/rest-index.js')).fetchDeclaredAddresses(options.apiUrl, http)),
  });
  const limit = createLimiter(IN_FLIGHT);

  const download = async (url: string, validators: { etag?: string; lastModified?: string } = {}): Promise<Download> => {
    const verdict = await check(url);
    if (!verdict.ok) throw refusal(verdict);
    const headers: Record<string, string> = { accept: 'image/avif, image/webp, image/*;q=0.9, */*;q=0.1' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const checkRedirect = (target: string) => check(target).then((next) => (next.ok ? undefined : next.reason));
    try {
      const response = await limit(() => getWithRetry(verdict.url, http, { headers, maxBodyBytes: MAX_MEDIA_BYTES, checkRedirect }));
      if (response.status === 304) return { kind: 'not-modified' };
      const header = (name: string) => response.headers.get(name) || undefined;
      return { kind: 'fetched', bytes: response.body, contentType: header('content-type'), etag: header('etag'), lastModified: header('last-modified') };
    } catch (error) {
      if (error instanceof ResponseRefusedError) throw new MediaProblem(error.reason === 'too-large' ? 'too-large' : 'refused', error.message);
      if (error instanceof WordPressError) throw new MediaProblem(error.status !== undefined ? 'http' : 'unreachable', error.message);
      throw new MediaProblem('unreachable', `${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return { check, download };
}

/** A refusal that may pass (WordPress's addresses unreadable this time) is not remembered as lasting. */
function refusal(verdict: Extract<UrlVerdict, { ok: false }>): MediaProblem {
  return new MediaProblem(verdict.passing ? 'unreachable' : 'refused', verdict.reason);
}

/** A source image's bytes (read only when a conversion needs them) and what identifies them. */
export interface SourceBytes {
  hash: string;
  read: () => Promise<Uint8Array>;
  contentType?: string;
  /** How it was obtained, for the report. */
  origin: 'downloaded' | 'revalidated' | 'cached' | 'local';
  bytes: number;
}

/** Root-relative paths of the embedded snapshot: '/media/2025/01/photo.jpg'. */
const LOCAL_PREFIX = '/media/';

export function isLocalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** A snapshot's media folder and its real path, resolved once per build (undefined: there is no such folder). */
export function localMedia(dir: string): { dir: string; real: Promise<string | undefined> } {
  return { dir, real: realpath(dir).catch(() => undefined) };
}

/** A snapshot's image: `/media/…` inside its media folder, never outside (no '..', no symbolic link elsewhere), at most 25 MB. */
export async function readLocalSource(url: string, media: ReturnType<typeof localMedia> | undefined): Promise<SourceBytes> {
  if (!media) throw new MediaProblem('missing-file', `${url}: a local path, but the content has no media folder`);
  if (!url.startsWith(LOCAL_PREFIX)) throw new MediaProblem('refused', `${url}: local images live under ${LOCAL_PREFIX}`);
  let relative: string;
  try {
    relative = decodeURIComponent(url.slice(LOCAL_PREFIX.length).split(/[?#]/)[0] ?? '');
  } catch {
    throw new MediaProblem('refused', `${url}: not a valid path`);
  }
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0'))) {
    throw new MediaProblem('refused', `${url}: not a plain path inside the media folder`);
  }
  const root = await media.real;
  const file = root && (await realpath(path.join(root, ...segments)).catch(() => undefined));
  if (!file) throw new MediaProblem('missing-file', `${url}: no such file in ${media.dir}`);
  if (!file.startsWith(`${root}${path.sep}`)) throw new MediaProblem('refused', `${url}: leads outside the media folder`);
  const info = await stat(file);
  if (!info.isFile()) throw new MediaProblem('missing-file', `${url}: not a file`);
  if (info.size > MAX_MEDIA_BYTES) throw new MediaProblem('too-large', `${url} is larger than ${MAX_MEDIA_BYTES} bytes`);
  const bytes = await readFile(file);
  return { hash: sha256(bytes), read: async () => bytes, origin: 'local', bytes: bytes.byteLength };
}

/**
 * A WordPress image through the cache: a URL seen before is not asked for again unless `revalidate`
 * (then with its ETag / Last-Modified, so an unchanged file costs a 304). A lasting problem (404, not
 * an image…) is remembered the same way; a passing one (timeout, 5xx) is not, and when a revalidation
 * meets one the cached copy is kept: WordPress being down never removes an image the site has.
 */
export async function fetchRemoteSource(url: string, options: { store: MediaStore; downloader: MediaDownloader | undefined; revalidate: boolean }): Promise<SourceBytes> {
  const { store, downloader } = options;
  if (!downloader) throw new MediaProblem('refused', `${url}: the build has no WordPress to download from (snapshot content should use /media/ paths)`);
  const verdict = await downloader.check(url);
  if (!verdict.ok) throw refusal(verdict);

  const known = store.get('url', url);
  const kept = known && 'sha256' in known ? known : undefined;
  const cached = kept && (await cachedSource(store, kept));
  if (known && 'problem' in known && !options.revalidate) throw new MediaProblem(known.problem.kind, known.problem.message);
  if (cached && !options.revalidate) return cached;

  const checkedAt = new Date().toISOString();
  try {
    const result = await downloader.download(url, cached ? { etag: kept?.etag, lastModified: kept?.lastModified } : {});
    if (result.kind === 'not-modified') {
      if (!cached || !kept) throw new MediaProblem('http', `${url} answered 304 to an unconditional request`);
      store.set('url', url, { ...kept, checkedAt });
      return { ...cached, origin: 'revalidated' };
    }
    const { bytes, contentType, etag, lastModified } = result;
    const hash = await store.putSource(bytes);
    // Absent validators are undefined here, and left out of the index's JSON.
    store.set('url', url, { sha256: hash, bytes: bytes.byteLength, checkedAt, etag, lastModified, contentType });
    return { hash, read: async () => bytes, origin: 'downloaded', bytes: bytes.byteLength, contentType };
  } catch (error) {
    if (!(error instanceof MediaProblem)) throw error;
    const problem = error.toData();
    if (isLasting(problem)) store.set('url', url, { problem, checkedAt });
    else if (cached) return cached;
    throw error;
  }
}

async function cachedSource(store: MediaStore, record: Extract<UrlRecord, { sha256: string }>): Promise<SourceBytes | undefined> {
  if (!store.hasSource(record.sha256)) return undefined;
  return {
    hash: record.sha256,
    read: async () => {
      const bytes = await store.readSource(record.sha256);
      if (bytes) return bytes;
      throw new MediaProblem('unreachable', `the cached copy of ${record.sha256} is damaged; it is downloaded again next build`);
    },
    origin: 'cached',
    bytes: record.bytes,
    ...(record.contentType ? { contentType: record.contentType } : {}),
  };
}
