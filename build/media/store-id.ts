import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The media cache's own id, made when the folder is first used: a cache whose media folder was
 * purged (rm -rf .cache/build/media) no longer holds the files its posts name.
 */
export async function mediaStoreId(dir: string): Promise<string> {
  const file = path.join(dir, 'store-id');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const id = randomUUID();
    await mkdir(dir, { recursive: true });
    await writeFile(file, `${id}\n`);
    return id;
  }
}
