import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fingerprint, type CachedContent } from './cache/build-cache.js';
import { splitJsonArray } from './json-array.js';
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

/** The fingerprints of the snapshot folder that tell whether anything changed since a build. */
export interface SnapshotRead {
  /** Fingerprint of the three files. */
  snapshot: string;
  mediaDir: string;
  /** Fingerprint of the media folder's listing. */
  localMedia: string;
  /** The three files' inode, size and times when hashed: the build reads the same files or stops. */
  stamp: string;
}

const SNAPSHOT_FILES = ['posts.json', 'categories.json', 'tags.json'] as const;

/**
 * Fingerprints the snapshot folder (first part of stage 1, before any cache is loaded). The files
 * are hashed through one small buffer: reading 30 MB into a new buffer costs five times the hash
 * here (fresh memory), and a run where nothing changed needs no more than the hash.
 */
export async function readSnapshot(options: Pick<BuildOptions, 'contentDir'>): Promise<SnapshotRead> {
  const hash = createHash('sha1');
  const chunk = Buffer.allocUnsafe(1 << 20);
  const stamps: string[] = [];
  for (const name of SNAPSHOT_FILES) {
    const file = path.join(options.contentDir, name);
    let fd: number | undefined;
    try {
      fd = openSync(file, 'r');
      stamps.push(fileStamp(fstatSync(fd)));
      for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) hash.update(chunk.subarray(0, read));
    } catch (error) {
      throw new ContentError(`snapshot file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  const mediaDir = path.join(options.contentDir, 'media');
  return { snapshot: hash.digest('hex'), mediaDir, localMedia: await listingFingerprint(mediaDir), stamp: stamps.join(' ') };
}

const fileStamp = (info: Stats) => `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/** Stage 1: the WordPress content, from the live site or the embedded snapshot (`read`: already read). */
export async function fetchContent(options: BuildOptions, cached?: CachedContent, read?: SnapshotRead): Promise<ContentDelta> {
  if (options.wpUrl) {
    try {
      const pull = await syncWordPress(options.wpUrl, cached?.sync, { onProgress: log });
      return { source: 'live', ...pull, posts: pull.posts.map(sourceOf) };
    } catch (error) {
      throw new ContentError(`WordPress at ${options.wpUrl} could not be read: ${(error as Error).message}`);
    }
  }
  const { snapshot, mediaDir, localMedia } = read ?? (await readSnapshot(options));
  // Posts whose images failed for a passing reason are normalized again: the snapshot must be read.
  const retries = cached?.posts.some((post) => !post.rawHash) ?? false;
  if (cached?.snapshot === snapshot && !retries) return { source: 'snapshot', posts: [], categories: [], tags: [], unchanged: true, snapshot, mediaDir, localMedia, warnings: [] };
  const [posts, categories, tags] = await Promise.all(SNAPSHOT_FILES.map((name) => readSnapshotFile(path.join(options.contentDir, name))));
  if (!posts || !categories || !tags) throw new ContentError('unreachable: three snapshot files');
  // The fingerprint kept for the next run must be that of what this build is made from.
  const stamp = (await Promise.all(SNAPSHOT_FILES.map((name) => stat(path.join(options.contentDir, name))))).map(fileStamp).join(' ');
  if (read && stamp !== read.stamp) throw new ContentError(`the snapshot in ${options.contentDir} changed while the build read it: run the build again`);
  return { source: 'snapshot', posts: postSources(posts), categories: parseJsonArray(categories), tags: parseJsonArray(tags), snapshot, mediaDir, localMedia, warnings: [] };
}

/** Names, sizes and modification times of a folder's files ('' when there is no folder). */
async function listingFingerprint(dir: string): Promise<string> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return '';
  }
  const lines = await Promise.all(
    entries.filter((entry) => entry.isFile()).map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file);
      return `${path.relative(dir, file)} ${info.size} ${info.mtimeMs}`;
    }),
  );
  return createHash('sha1').update(lines.sort().join('\n')).digest('hex');
}

function sourceOf(raw: unknown): PostSource {
  const id = (raw as { id?: unknown } | null)?.id;
  return { hash: fingerprint(JSON.stringify(raw)), ...(typeof id === 'number' ? { id } : {}), read: () => raw };
}

/** `"id": 42` first, as WordPress (and the snapshot command) write a post. */
const LEADING_ID = /^\{\s*"id"\s*:\s*(\d{1,15})\s*,/;

/**
 * The snapshot's posts, each fingerprinted on its own bytes and parsed only when asked: a cron
 * build parses only the posts that changed. A file that does not split as an array of objects is
 * parsed whole, which gives the parser's own error message.
 */
function postSources(file: SnapshotFile): PostSource[] {
  const ranges = splitJsonArray(file.bytes);
  if (!ranges) return parseJsonArray(file).map(sourceOf);
  return ranges.map(([start, end]) => {
    const bytes = file.bytes.subarray(start, end);
    const id = LEADING_ID.exec(bytes.subarray(0, 64).toString('latin1'))?.[1];
    const read = () => {
      try {
        return JSON.parse(bytes.toString('utf8')) as unknown;
      } catch (error) {
        throw new ContentError(`snapshot file ${file.file} is not valid JSON: ${(error as Error).message}`);
      }
    };
    return { hash: fingerprint(bytes), ...(id ? { id: Number(id) } : {}), read };
  });
}

export interface SnapshotFile {
  file: string;
  bytes: Buffer;
}

async function readSnapshotFile(file: string): Promise<SnapshotFile> {
  try {
    return { file, bytes: await readFile(file) };
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
