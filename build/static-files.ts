import { readFileSync } from 'node:fs';
import path from 'node:path';
import { publicDir } from '../data/project-root.js';
import { listFiles } from './fs.js';
import type { OutputFile } from './output-file.js';

/**
 * A snapshot's documents (the PDFs that file blocks link to), published as they are under /media/
 * (public path → file). Its pictures are not: the media stage converts them, metadata stripped.
 */
export function snapshotDocuments(mediaDir: string | undefined): Map<string, string> {
  if (!mediaDir) return new Map();
  return new Map(listFiles(mediaDir).filter((relative) => /\.pdf$/i.test(relative)).map((relative) => [`/media/${relative}`, path.join(mediaDir, relative)]));
}

/** public/ is copied as it is (WordPress images are converted and published by the media stage instead). */
export function collectStaticFiles(): OutputFile[] {
  const dir = publicDir();
  return listFiles(dir)
    .filter((relative) => !path.posix.basename(relative).startsWith('.'))
    .map((relative) => ({ path: `/${relative}`, contents: readFileSync(path.join(dir, relative)) }));
}
