import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../data/project-root.js';
import type { OutputFile } from './output-file.js';

const ROOT = projectRoot();

/** public/ is copied as it is; a snapshot's media folder is served under /media. */
export async function collectStaticFiles(mediaDir?: string): Promise<OutputFile[]> {
  const files = await filesUnder(path.join(ROOT, 'public'), '/');
  if (mediaDir) files.push(...(await filesUnder(mediaDir, '/media/')));
  return files;
}

async function filesUnder(dir: string, urlPrefix: string): Promise<OutputFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
  return Promise.all(
    files.map(async (entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      const relative = path.relative(dir, absolute).split(path.sep).join('/');
      return { path: `${urlPrefix}${relative}`, contents: await readFile(absolute) };
    }),
  );
}
