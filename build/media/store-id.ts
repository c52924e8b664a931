import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
