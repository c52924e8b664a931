import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from './options.js';

export class ShrinkError extends Error {
  override name = 'ShrinkError';
}

/**
 * A WordPress in maintenance can answer with no posts: a cron rebuild must not publish an empty
 * news site over a good one. Fewer than half the published articles needs --allow-shrink. With no
 * article online there is nothing to protect: a club sets its site up before its first post.
 */
export function checkShrink(options: BuildOptions, postCount: number): void {
  if (options.allowShrink) return;
  const published = countPublishedArticles(options.outDir);
  if (published > 0 && (postCount === 0 || postCount < published / 2)) {
    throw new ShrinkError(
      `WordPress returned ${postCount} posts but ${published} are online in ${options.outDir}; refusing to publish (use --allow-shrink if this is intended)`,
    );
  }
}

function countPublishedArticles(outDir: string): number {
  try {
    return readdirSync(path.join(outDir, 'actualites/article')).length;
  } catch {
    return 0;
  }
}
