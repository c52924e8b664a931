import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The media cache's own id, made when the folder is first used: a cache whose media folder was
 * purged (rm -rf .cache/build/media) no longer holds the files its posts name.
 */
export function mediaStoreId(dir: string): string {
  const file = path.join(dir, 'store-id');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const id = randomUUID();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${id}\n`);
    return id;
  }
}

/**
 * Gives the media cache a new id at the next build: every post is then normalized again and its
 * images prepared again, which makes what is missing from the cache again.
 */
export function forgetMediaStoreId(dir: string): void {
  rmSync(path.join(dir, 'store-id'), { force: true });
}
