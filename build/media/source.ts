import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaDownloader } from './download.js';
import { MAX_MEDIA_BYTES, refusal } from './download.js';
import { isLasting, MediaProblem } from './problem.js';
import type { MediaStore, UrlRecord } from './store.js';
import { sha256 } from '../fs.js';

/** A source image's bytes (when they had to be read) and what identifies them. */
export interface SourceBytes {
  hash: string;
  /** Loaded lazily: a source whose variants are all cached is never read. */
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

/** A snapshot's media folder and its real path (undefined: there is no such folder). */
export interface LocalMedia {
  dir: string;
  real: Promise<string | undefined>;
}

/** Resolved once per build rather than once per image. */
export function localMedia(dir: string): LocalMedia {
  return { dir, real: realpath(dir).catch(() => undefined) };
}

/**
 * A snapshot's image: `/media/…` inside the snapshot's media folder, never outside it (no '..', no
 * symbolic link leading elsewhere), at most 25 MB.
 */
export async function readLocalSource(url: string, media: LocalMedia | undefined): Promise<SourceBytes> {
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
export async function fetchRemoteSource(url: string, options: { store: MediaStore; downloader: MediaDownloader | undefined; revalidate: boolean; now: () => Date }): Promise<SourceBytes> {
  const { store, downloader } = options;
  if (!downloader) throw new MediaProblem('refused', `${url}: the build has no WordPress to download from (snapshot content should use /media/ paths)`);
  const verdict = await downloader.check(url);
  if (!verdict.ok) throw refusal(verdict);

  const known = store.getUrl(url);
  const cached = known && 'sha256' in known ? await cachedSource(store, known) : undefined;
  if (known && 'problem' in known && !options.revalidate) throw new MediaProblem(known.problem.kind, known.problem.message);
  if (cached && !options.revalidate) return cached;

  const checkedAt = options.now().toISOString();
  try {
    const validators = cached && known && 'sha256' in known ? { etag: known.etag, lastModified: known.lastModified } : {};
    const result = await downloader.download(url, validators);
    if (result.kind === 'not-modified') {
      if (!cached || !known || !('sha256' in known)) throw new MediaProblem('http', `${url} answered 304 to an unconditional request`);
      store.setUrl(url, { ...known, checkedAt });
      return { ...cached, origin: 'revalidated' };
    }
    const hash = await store.putSource(result.bytes);
    const record: UrlRecord = { sha256: hash, bytes: result.bytes.byteLength, checkedAt };
    if (result.etag) record.etag = result.etag;
    if (result.lastModified) record.lastModified = result.lastModified;
    if (result.contentType) record.contentType = result.contentType;
    store.setUrl(url, record);
    const bytes = result.bytes;
    return { hash, read: async () => bytes, origin: 'downloaded', bytes: bytes.byteLength, ...(result.contentType ? { contentType: result.contentType } : {}) };
  } catch (error) {
    if (!(error instanceof MediaProblem)) throw error;
    const problem = error.toData();
    if (isLasting(problem)) store.setUrl(url, { problem, checkedAt });
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
