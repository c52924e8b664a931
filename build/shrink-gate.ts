import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions } from './options.js';

export class ShrinkError extends Error {
  override name = 'ShrinkError';
}

/**
 * A WordPress in maintenance can answer with no posts: a cron rebuild must not publish an empty
 * news site over a good one. Fewer than half the published articles needs --allow-shrink.
 */
export async function checkShrink(options: BuildOptions, postCount: number): Promise<void> {
  if (options.allowShrink) return;
  const published = await countPublishedArticles(options.outDir);
  if (postCount === 0 || postCount < published / 2) {
    throw new ShrinkError(
      `WordPress returned ${postCount} posts but ${published} are online in ${options.outDir}; refusing to publish (use --allow-shrink if this is intended)`,
    );
  }
}

async function countPublishedArticles(outDir: string): Promise<number> {
  try {
    return (await readdir(path.join(outDir, 'actualites/article'))).length;
  } catch {
    return 0;
  }
}
