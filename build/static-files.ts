import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { publicDir } from '../data/project-root.js';
import type { OutputFile } from './output-file.js';


/**
 * A snapshot's documents (the PDFs that file blocks link to), published as they are under /media/
 * (public path → file). Its pictures are not: the media stage converts them, metadata stripped.
 */
export function snapshotDocuments(mediaDir: string | undefined): Map<string, string> {
  const documents = new Map<string, string>();
  if (!mediaDir) return documents;
  let entries;
  try {
    entries = readdirSync(mediaDir, { recursive: true, withFileTypes: true });
  } catch {
    return documents;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !/\.pdf$/i.test(entry.name)) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    documents.set(`/media/${path.relative(mediaDir, absolute).split(path.sep).join('/')}`, absolute);
  }
  return documents;
}

/** public/ is copied as it is (WordPress images are converted and published by the media stage instead). */
export function collectStaticFiles(): OutputFile[] {
  return filesUnder(publicDir(), '/');
}

function filesUnder(dir: string, urlPrefix: string): OutputFile[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files = entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.'));
  // A hundred small files, read on every cron run: one by one, a read on the thread pool cost
  // more in round trips than the bytes (7 ms against 2).
  return files.map((entry) => {
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, absolute).split(path.sep).join('/');
    return { path: `${urlPrefix}${relative}`, contents: readFileSync(absolute) };
  });
}
