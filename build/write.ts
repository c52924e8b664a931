import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFile } from './output-file.js';

export interface WriteResult {
  written: number;
  /** Files new or different from the previous output. */
  changed: number;
  /** Files of the previous output that no longer exist. */
  removed: number;
}

export class WriteError extends Error {
  override name = 'WriteError';
}

/**
 * Stage: writes everything into a fresh sibling folder, then swaps it into place. The previous
 * output stays untouched until the swap, so a failed build never publishes half a site. Files
 * whose bytes did not change are hard-linked from the previous output: same inode, same mtime,
 * so rsync or a CDN upload sends only what changed.
 */
export async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<WriteResult> {
  const stamp = `${process.pid}-${Date.now()}`;
  const tempDir = `${outDir}.tmp-${stamp}`;
  const oldDir = `${outDir}.old-${stamp}`;
  const seen = new Set<string>();
  let changed = 0;
  try {
    await mkdir(tempDir, { recursive: true });
    const createdDirs = new Set<string>();
    for (const file of files) {
      const relative = toSafeRelative(file.path);
      if (seen.has(relative)) throw new WriteError(`two outputs write ${file.path}`);
      seen.add(relative);
      const target = path.join(tempDir, relative);
      const dir = path.dirname(target);
      if (!createdDirs.has(dir)) {
        await mkdir(dir, { recursive: true });
        createdDirs.add(dir);
      }
      const bytes = typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
      const previous = path.join(outDir, relative);
      if (await sameBytes(previous, bytes)) {
        await link(previous, target);
      } else {
        await writeFile(target, bytes);
        changed += 1;
      }
    }
    const removed = await countRemoved(outDir, seen);
    const hadPrevious = await exists(outDir);
    if (hadPrevious) await rename(outDir, oldDir);
    await rename(tempDir, outDir);
    if (hadPrevious) await rm(oldDir, { recursive: true, force: true });
    return { written: files.length, changed, removed };
  } catch (error) {
    await rm(tempDir, { recursive: true, force: true });
    throw error instanceof WriteError ? error : new WriteError(`writing ${outDir} failed: ${(error as Error).message}`);
  }
}

/** Output paths are root-relative and may never climb out of the output folder. */
function toSafeRelative(filePath: string): string {
  const relative = path.posix.normalize(filePath.replace(/^\/+/, ''));
  if (!relative || relative.startsWith('..') || path.posix.isAbsolute(relative) || relative.includes('\0')) {
    throw new WriteError(`refusing to write outside the output folder: ${JSON.stringify(filePath)}`);
  }
  return relative;
}

async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size !== bytes.byteLength) return false;
    return Buffer.from(bytes).equals(await readFile(file));
  } catch {
    return false;
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

async function countRemoved(outDir: string, kept: Set<string>): Promise<number> {
  let removed = 0;
  try {
    for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!kept.has(relative)) removed += 1;
    }
  } catch {
    // No previous output: nothing removed.
  }
  return removed;
}
