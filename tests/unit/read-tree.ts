import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir` with its bytes (base64), by relative path: compare two trees with toEqual. */
export async function readTree(dir: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      tree[path.relative(dir, file)] = (await readFile(file)).toString('base64');
    }
  }
  return tree;
}
