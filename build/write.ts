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

/** A new output being written: files stream in, then it replaces the previous output in one swap. */
export interface OutputWriter {
  /** Resolves once the file is queued; waits while too many writes are in flight (backpressure). */
  add(file: OutputFile): Promise<void>;
  /** Waits for every write, then swaps the new output into place. */
  commit(): Promise<WriteResult>;
  /** Drops the new output; the previous one was never touched. */
  abort(): Promise<void>;
}

/** Enough writes in flight to keep the disk busy without exhausting file descriptors. */
const WRITE_CONCURRENCY = 32;

/**
 * Stage: writes into a fresh sibling folder, then swaps it into place. The previous output stays
 * untouched until the swap, so a failed build never publishes half a site. Files whose bytes did
 * not change are hard-linked from the previous output: same inode, same mtime, so rsync or a CDN
 * upload sends only what changed. Pages stream in as they are rendered, so memory stays flat
 * whatever the number of posts.
 */
export async function openOutput(outDir: string): Promise<OutputWriter> {
  const stamp = `${process.pid}-${Date.now()}`;
  const tempDir = `${outDir}.tmp-${stamp}`;
  const oldDir = `${outDir}.old-${stamp}`;
  const seen = new Set<string>();
  const dirs = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let changed = 0;
  // A clean build has nothing to compare with: skip one failing stat per file.
  const hadPrevious = await exists(outDir);
  await mkdir(tempDir, { recursive: true });

  // Each folder is made once, after its parent: a plain mkdir, cheaper than a recursive one per file.
  const ensureDir = (dir: string): Promise<unknown> => {
    if (dir === '.') return Promise.resolve();
    let made = dirs.get(dir);
    if (!made) {
      made = ensureDir(path.posix.dirname(dir)).then(() => mkdir(path.join(tempDir, dir)));
      dirs.set(dir, made);
    }
    return made;
  };

  const writeOne = async (relative: string, contents: string | Uint8Array) => {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    await ensureDir(path.posix.dirname(relative));
    const previous = path.join(outDir, relative);
    const target = path.join(tempDir, relative);
    if (hadPrevious && (await sameBytes(previous, bytes))) {
      await link(previous, target);
    } else {
      await writeFile(target, bytes);
      changed += 1;
    }
  };

  const settle = async () => {
    await Promise.all(inFlight);
    if (failure) throw failure instanceof WriteError ? failure : new WriteError(`writing ${outDir} failed: ${(failure as Error).message}`);
  };

  return {
    async add(file) {
      if (failure) await settle();
      const relative = toSafeRelative(file.path);
      if (seen.has(relative)) throw new WriteError(`two outputs write ${file.path}`);
      seen.add(relative);
      const task: Promise<void> = writeOne(relative, file.contents)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
    },
    async commit() {
      await settle();
      const removed = hadPrevious ? await countRemoved(outDir, seen) : 0;
      if (hadPrevious) await rename(outDir, oldDir);
      await rename(tempDir, outDir);
      if (hadPrevious) await rm(oldDir, { recursive: true, force: true });
      return { written: seen.size, changed, removed };
    },
    async abort() {
      await Promise.allSettled(inFlight);
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** Writes a complete list of files (tests and small outputs); same guarantees as openOutput. */
export async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<WriteResult> {
  const output = await openOutput(outDir);
  try {
    for (const file of files) await output.add(file);
    return await output.commit();
  } catch (error) {
    await output.abort();
    throw error;
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
