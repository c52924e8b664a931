import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fingerprint, listFiles } from './fs.js';
import { isObject } from './json-values.js';
import type { BuildOptions } from './options.js';
import { log } from './progress.js';
import { syncWordPress, type LivePull, type SyncState } from './wordpress/sync.js';

export class ContentError extends Error {
  override name = 'ContentError';
}

/** Fingerprint of a post's REST object, of its JSON text (`JSON.stringify` of the object): equal, the post is the same. */
export const sourceHash = (json: string): string => fingerprint(json);

/** Stage 1's result: the content as the source gives it now; live, with the sync's fields. */
export interface FetchedContent extends Omit<LivePull, 'posts' | 'sync' | 'traffic'>, Partial<Pick<LivePull, 'sync' | 'traffic'>> {
  source: 'snapshot' | 'live';
  /** The posts' REST objects (their fingerprints are taken where they are used: normalize, a run with nothing new). */
  posts: unknown[];
  /** Fingerprint of the categories and tags as received: equal, the terms are the same ('' when not received). */
  termsHash: string;
  /** Snapshot: fingerprint of its three files (equal to the last build's: nothing to read), and the folder of its media files. */
  snapshot?: string;
  mediaDir?: string;
}

const SNAPSHOT_FILES = ['posts.json', 'categories.json', 'tags.json'] as const;

/**
 * Stage 1: the WordPress content, live (only what changed since `sync`, when given) or from the snapshot
 * (not read further when its files are those of `snapshot`); `onPostCount`: told as soon as it is known.
 */
export async function fetchContent(options: BuildOptions, last: { sync?: SyncState; snapshot?: string }, localMedia = '', onPostCount: (posts: number) => void = () => {}): Promise<FetchedContent> {
  if (options.wpUrl) {
    try {
      const pull = await syncWordPress(options.wpUrl, last.sync, { onProgress: log, onPostCount, ...(options.notifiedPosts ? { notifiedPosts: options.notifiedPosts } : {}) });
      return { ...pull, source: 'live', posts: pull.posts, termsHash: pull.termsKept ? '' : termsFingerprint(pull.categories, pull.tags) };
    } catch (error) {
      throw new ContentError(`WordPress at ${options.wpUrl} could not be read: ${(error as Error).message}`);
    }
  }
  const files = SNAPSHOT_FILES.map((name) => readSnapshotFile(path.join(options.contentDir, name)));
  const snapshot = fingerprint([...files.map((file) => file.bytes), Buffer.from(localMedia)]);
  const read = { source: 'snapshot' as const, snapshot, mediaDir: snapshotMediaDir(options), warnings: [] };
  if (snapshot === last.snapshot) return { ...read, posts: [], categories: [], tags: [], termsHash: '' };
  const [posts, categories, tags] = files.map(parseJsonArray) as [unknown[], unknown[], unknown[]];
  onPostCount(posts.length);
  return { ...read, posts, categories, tags, termsHash: termsFingerprint(categories, tags) };
}

/** The terms as pages show them (id, name, slug, parent): a full pull and a cron run's `_fields` query give one fingerprint. */
function termsFingerprint(categories: readonly unknown[], tags: readonly unknown[]): string {
  const shown = (terms: readonly unknown[]) =>
    terms.map((term) => {
      const { id, name, slug, parent } = isObject(term) ? term : {};
      return [id, name, slug, parent ?? null];
    });
  return fingerprint(JSON.stringify([shown(categories), shown(tags)]));
}

export const snapshotMediaDir = (options: Pick<BuildOptions, 'contentDir'>): string => path.join(options.contentDir, 'media');

/** Fingerprint of the names, sizes and dates of the snapshot's media files: a replaced picture makes every post's images prepared again. */
export function mediaListing(dir: string): string {
  const lines = listFiles(dir).map((relative) => {
    const info = statSync(path.join(dir, relative));
    return `${relative} ${info.size} ${info.mtimeMs}`;
  });
  return fingerprint(lines.sort().join('\n'));
}

function readSnapshotFile(file: string): { file: string; bytes: Buffer } {
  try {
    return { file, bytes: readFileSync(file) };
  } catch (error) {
    throw new ContentError(`snapshot file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function parseJsonArray({ file, bytes }: { file: string; bytes: Buffer }): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new ContentError(`snapshot file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new ContentError(`snapshot file ${file} must hold a JSON array`);
  return value;
}
