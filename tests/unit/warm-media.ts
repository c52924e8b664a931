import { cp } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Gives the build cache `cacheDir` the snapshot's images already converted (warm-media-setup.ts),
 * as a cron job's cache holds them: for tests about something else than converting images.
 */
export async function warmMedia(cacheDir: string): Promise<void> {
  await cp(inject('warmMediaCache'), path.join(cacheDir, 'media'), { recursive: true });
}
