import { setFlagsFromString } from 'node:v8';

/**
 * From this many posts to normalize, memory comes first: no render worker helps normalize (it would
 * hold a copy of every REST object), and V8 grows its heap by half at a time (bench/README.md).
 */
export const LARGE_BUILD_POSTS = 10_000;

/** Called with the number of posts a full read of the content brings, as soon as it is known. */
export function favourMemoryForLargeBuilds(posts: number): void {
  // Read at every garbage collection: it applies from the next one on (once every post is in memory is too late).
  if (posts >= LARGE_BUILD_POSTS) setFlagsFromString('--heap-growing-percent=50');
}
