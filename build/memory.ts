import { setFlagsFromString } from 'node:v8';

/**
 * From this many posts to normalize (a clean build of a large site), memory comes first: no render
 * worker helps normalize (it would hold a copy of every REST object), and V8 grows its heap by half
 * at a time instead of letting it reach several times what is live. Figures in bench/README.md
 * ("Memory"); `npm run build` also starts Node with a young generation of 8 MB semi-spaces
 * (package.json), which costs nothing measurable at any size.
 */
export const LARGE_BUILD_POSTS = 10_000;

/** Called with the number of posts a full read of the content brings, as soon as it is known. */
export function favourMemoryForLargeBuilds(posts: number): void {
  // A V8 flag read at every garbage collection: set now, it applies from the next one on (set
  // only once WordPress's posts are all in memory, it comes too late: bench/README.md).
  if (posts >= LARGE_BUILD_POSTS) setFlagsFromString('--heap-growing-percent=50');
}
