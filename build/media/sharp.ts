import type SharpDefault from 'sharp';

type Sharp = typeof SharpDefault;

let loaded: Sharp | undefined;

/**
 * sharp, loaded when an image is first inspected or encoded: its native library costs a tenth of a
 * second at start, and a cron run that meets no image to look at needs none of it.
 */
export async function loadSharp(): Promise<Sharp> {
  return (loaded ??= (await import('sharp')).default);
}

/** sharp once loadSharp() has run (the cache keys name its versions). */
export function loadedSharp(): Sharp {
  if (!loaded) throw new Error('sharp is used before loadSharp()');
  return loaded;
}
