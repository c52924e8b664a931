import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/**
 * The project's folder (where package.json names this site), found from this module's place: the
 * same answer when the build runs from its TypeScript sources and when it runs compiled into one
 * file under .cache/compiled/ (see build/launch.cjs), where a path relative to the module would be wrong.
 */
export function projectRoot(): string {
  if (cached) return cached;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'sqbb-site') return (cached = dir);
    if (path.dirname(dir) === dir) throw new Error(`no sqbb-site package.json above ${import.meta.dirname}`);
  }
}

/** public/: the files copied as they are, where every local image path of the data must exist. */
export function publicDir(): string {
  return path.join(projectRoot(), 'public');
}

/** data/: the club's data files (JSON, validated by src/schemas) and the embedded WordPress snapshot. */
export function dataDir(): string {
  return path.join(projectRoot(), 'data');
}
