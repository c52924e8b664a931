import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions } from './options.js';
import { log } from './progress.js';
import { pullWordPress } from './wordpress/pull.js';
import type { RawWordPressContent } from './wordpress/raw.js';

export class ContentError extends Error {
  override name = 'ContentError';
}

export interface FetchedContent {
  source: 'snapshot' | 'live';
  wordpress: RawWordPressContent;
  /** Local media shipped with a snapshot (copied to /media), when the folder exists. */
  mediaDir?: string;
}

/** Stage 1: the WordPress content, from the live site or the embedded snapshot. */
export async function fetchContent(options: BuildOptions): Promise<FetchedContent> {
  if (options.wpUrl) {
    try {
      return { source: 'live', wordpress: await pullWordPress(options.wpUrl, { onProgress: log }) };
    } catch (error) {
      throw new ContentError(`WordPress at ${options.wpUrl} could not be read: ${(error as Error).message}`);
    }
  }
  const [posts, categories, tags] = await Promise.all(
    ['posts.json', 'categories.json', 'tags.json'].map((file) => readJsonArray(path.join(options.contentDir, file))),
  );
  return {
    source: 'snapshot',
    wordpress: { posts: posts ?? [], categories: categories ?? [], tags: tags ?? [] },
    mediaDir: path.join(options.contentDir, 'media'),
  };
}

async function readJsonArray(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ContentError(`snapshot file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ContentError(`snapshot file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new ContentError(`snapshot file ${file} must hold a JSON array`);
  return value;
}
