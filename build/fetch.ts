import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileStamp, fingerprint, type CachedContent } from './cache/build-cache.js';
import { loadBytesFingerprint } from './bytes-fingerprint.js';
import { scanJsonArray, type KnownElement, type ScannedElement } from './json-array.js';
import type { BuildOptions } from './options.js';
import { log } from './progress.js';
import type { Traffic } from './wordpress/http.js';
import { syncWordPress, type SyncState } from './wordpress/sync.js';
import type { BuildWarning } from './warnings.js';

export class ContentError extends Error {
  override name = 'ContentError';
}

/** One post of the source: the fingerprint of its REST object, its id when known without parsing, and the object. */
export interface PostSource {
  hash: string;
  id?: number;
  read(): unknown;
  /** A snapshot post's JSON bytes, in memory another thread can read (build/normalize-posts.ts). */
  bytes?: Uint8Array;
}

/** What the content source says now, relative to the cached content when there is one. */
export interface ContentDelta {
  source: 'snapshot' | 'live';
  /**
   * Raw REST posts: every post (`ids` undefined), or only those new or modified since the cached
   * sync (`ids` lists every post published now). Posts whose REST object did not change are not
   * normalized again, whichever it is.
   */
  posts: PostSource[];
  ids?: number[];
  categories: unknown[];
  tags: unknown[];
  /** The snapshot's files are byte for byte those of the cached content: nothing to read or normalize. */
  unchanged?: boolean;
  /** Live: where the next sync starts, and the traffic this one cost. */
  sync?: SyncState;
  traffic?: Traffic;
  /** Why an incremental sync listed every id. */
  listed?: string;
  /** Snapshot: fingerprint of its three files. */
  snapshot?: string;
  /** Snapshot: fingerprint of its media folder's listing (names, sizes, dates): a replaced picture prepares every image again. */
  localMedia?: string;
  /** Local media shipped with a snapshot (copied to /media), when the folder exists. */
  mediaDir?: string;
  warnings: BuildWarning[];
}

/** The snapshot folder as first read, before any cache is loaded: its fingerprints and its small files. */
export interface SnapshotRead {
  /** Fingerprint of the three files (of posts.json: of its posts, in order). */
  snapshot: string;
  mediaDir: string;
  /** Fingerprint of the media folder's listing. */
  localMedia: string;
  /** posts.json's inode, size and times when scanned: the build that reads posts from it reads the same file or stops. */
  postsStamp: string;
  /** posts.json's posts, located and fingerprinted; undefined when it is not an array of objects (parsed whole later, for the error). */
  posts?: ScannedElement[];
  categories: SnapshotFile;
  tags: SnapshotFile;
}

const SNAPSHOT_FILES = ['posts.json', 'categories.json', 'tags.json'] as const;
const CHUNK_BYTES = 1 << 20;

/**
 * Reads the snapshot folder (first part of stage 1, before any cache is loaded): all a cron run
 * with nothing new needs. posts.json is scanned once, through one small buffer, each post located
 * and fingerprinted; with the posts the last build met (`known`, from the cache's head), those
 * still in their place are only fingerprinted there (scanJsonArray). Later stages read the bytes
 * of the posts they need, and only those. White space between posts is not part of the
 * fingerprint: it changes nothing a build makes.
 */
export async function readSnapshot(options: Pick<BuildOptions, 'contentDir'>, known?: readonly KnownElement[]): Promise<SnapshotRead> {
  const postsFile = path.join(options.contentDir, SNAPSHOT_FILES[0]);
  let posts: ScannedElement[] | undefined;
  const fingerprint = await loadBytesFingerprint();
  const postsStamp = withFile(postsFile, (fd) => {
    posts = scanJsonArray((into, position) => readSync(fd, into, 0, into.length, position), fingerprint, known, CHUNK_BYTES);
  });
  const whole = createHash('sha1');
  // Not an array of objects: its bytes, for a fingerprint all the same (the build then stops on it).
  if (posts) whole.update(`posts ${posts.map((post) => post.hash).join(',')}\n`);
  else whole.update(readSnapshotFile(postsFile).bytes);
  const [categories, tags] = SNAPSHOT_FILES.slice(1).map((name) => readSnapshotFile(path.join(options.contentDir, name))) as [SnapshotFile, SnapshotFile];
  whole.update(categories.bytes).update(tags.bytes);
  const mediaDir = path.join(options.contentDir, 'media');
  return { snapshot: whole.digest('hex'), mediaDir, localMedia: listingFingerprint(mediaDir), postsStamp, ...(posts ? { posts } : {}), categories, tags };
}

/** Runs `use` on the open file; its stamp (inode, size, times) when opened. */
function withFile(file: string, use: (fd: number) => void): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const stamp = fileStamp(fstatSync(fd));
    use(fd);
    return stamp;
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(`snapshot file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Stage 1: the WordPress content, from the live site or the embedded snapshot (`read`: its first read). */
export async function fetchContent(options: BuildOptions, cached?: CachedContent, read?: SnapshotRead): Promise<ContentDelta> {
  if (options.wpUrl) {
    try {
      const pull = await syncWordPress(options.wpUrl, cached?.sync, { onProgress: log });
      return { source: 'live', ...pull, posts: pull.posts.map(sourceOf) };
    } catch (error) {
      throw new ContentError(`WordPress at ${options.wpUrl} could not be read: ${(error as Error).message}`);
    }
  }
  const snapshot = read ?? (await readSnapshot(options));
  const { mediaDir, localMedia } = snapshot;
  // Posts whose images failed for a passing reason are normalized again: the snapshot must be read.
  const retries = cached?.posts.some((post) => !post.rawHash) ?? false;
  if (cached?.snapshot === snapshot.snapshot && !retries) return { source: 'snapshot', posts: [], categories: [], tags: [], unchanged: true, snapshot: snapshot.snapshot, mediaDir, localMedia, warnings: [] };
  const postsFile = path.join(options.contentDir, SNAPSHOT_FILES[0]);
  // Only the bytes of posts the cache does not hold are read (and of those whose id is not where
  // WordPress writes it: they are parsed for it).
  const cachedHashes = new Set(cached?.posts.map((post) => post.rawHash));
  const posts = snapshot.posts ? readPosts(postsFile, snapshot, (post) => !cachedHashes.has(post.hash) || !LEADING_ID.test(post.head)) : parseJsonArray(readSnapshotFile(postsFile)).map(sourceOf);
  return {
    source: 'snapshot',
    posts,
    categories: parseJsonArray(snapshot.categories),
    tags: parseJsonArray(snapshot.tags),
    snapshot: snapshot.snapshot,
    mediaDir,
    localMedia,
    warnings: [],
  };
}

/**
 * The scanned posts as sources, the bytes of those `needed` read from the file at their place,
 * into one buffer (fresh memory, paid once). The file must be the one scanned: a snapshot replaced
 * meanwhile stops the build rather than mixing two of them.
 */
function readPosts(file: string, snapshot: SnapshotRead, needed: (post: ScannedElement) => boolean): PostSource[] {
  const scanned = snapshot.posts ?? [];
  const wanted = scanned.filter(needed);
  const bytes = new Map<ScannedElement, Buffer>();
  if (wanted.length > 0) {
    const stamp = withFile(file, (fd) => {
      // Shared memory: a normalize helper thread parses the posts it takes where they are.
      const all = Buffer.from(new SharedArrayBuffer(wanted.reduce((sum, post) => sum + post.length, 0)));
      let at = 0;
      for (const post of wanted) {
        const into = all.subarray(at, at + post.length);
        for (let done = 0; done < post.length; ) {
          const count = readSync(fd, into, done, post.length - done, post.offset + done);
          if (count === 0) break;
          done += count;
        }
        bytes.set(post, into);
        at += post.length;
      }
    });
    // The fingerprint kept for the next run must be that of what this build is made from.
    if (stamp !== snapshot.postsStamp) throw new ContentError(`the snapshot in ${path.dirname(file)} changed while the build read it: run the build again`);
  }
  return scanned.map((post) => postSource(file, post, bytes.get(post)));
}

/**
 * Names, sizes and modification times of a folder's files ('' when there is no folder). Read with
 * synchronous calls, as the snapshot's files: on every cron run's path, with nothing to overlap
 * them, each call through the thread pool was a round trip spent idle.
 */
function listingFingerprint(dir: string): string {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return '';
  }
  const lines = entries.filter((entry) => entry.isFile()).map((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const info = statSync(file);
    return `${path.relative(dir, file)} ${info.size} ${info.mtimeMs}`;
  });
  return createHash('sha1').update(lines.sort().join('\n')).digest('hex');
}

function sourceOf(raw: unknown): PostSource {
  const id = (raw as { id?: unknown } | null)?.id;
  return { hash: fingerprint(JSON.stringify(raw)), ...(typeof id === 'number' ? { id } : {}), read: () => raw };
}

/** `"id": 42` first, as WordPress (and the snapshot command) write a post. */
const LEADING_ID = /^\{\s*"id"\s*:\s*(\d{1,15})\s*,/;

/** A scanned post of the snapshot: parsed only when asked (its bytes were read: it is not a cached post). */
function postSource(file: string, post: ScannedElement, bytes: Buffer | undefined): PostSource {
  const id = LEADING_ID.exec(post.head)?.[1];
  const read = () => {
    // Unreachable: the bytes of every post not in the cache or without a leading id are read, and a cached post is not read.
    if (!bytes) throw new ContentError(`snapshot post ${post.hash} was not read`);
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch (error) {
      throw new ContentError(`snapshot file ${file} is not valid JSON: ${(error as Error).message}`);
    }
  };
  return { hash: post.hash, ...(id ? { id: Number(id) } : {}), read, ...(bytes ? { bytes } : {}) };
}

export interface SnapshotFile {
  file: string;
  bytes: Buffer;
}

function readSnapshotFile(file: string): SnapshotFile {
  try {
    return { file, bytes: readFileSync(file) };
  } catch (error) {
    throw new ContentError(`snapshot file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function parseJsonArray({ file, bytes }: SnapshotFile): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new ContentError(`snapshot file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new ContentError(`snapshot file ${file} must hold a JSON array`);
  return value;
}
