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

/**
 * What a visitor of the served folder would meet: every root-relative href and src of every page
 * that names no file there (a page linking to `/a/b/` needs `a/b/index.html`).
 */
export async function brokenLinks(dir: string): Promise<string[]> {
  const files = new Set<string>();
  const pages: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    files.add(relative);
    if (relative.endsWith('.html')) pages.push(relative);
  }
  const broken: string[] = [];
  for (const page of pages) {
    const html = await readFile(path.join(dir, page), 'utf8');
    for (const [, target] of html.matchAll(/(?:href|src)="\/(?!\/)([^"#?]*)/g)) {
      const file = decodeURI(target === undefined || target === '' || target.endsWith('/') ? `${target ?? ''}index.html` : target);
      if (!files.has(file)) broken.push(`${page} → /${target}`);
    }
  }
  return broken;
}
