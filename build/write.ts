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
 * Where a build writes: a fresh sibling of the output folder, swapped in at the end. Plain data, so
 * render workers can write into the same folder as the main thread.
 */
export interface OutputFolder {
  outDir: string;
  tempDir: string;
  /** A clean build has nothing to compare with: no failing stat per file. */
  hadPrevious: boolean;
}

/** What one writer wrote: relative paths, and how many of them are new or different. */
export interface WrittenFiles {
  paths: string[];
  changed: number;
}

/** Writes files into an OutputFolder; several writers (one per thread) may share one folder. */
export interface FileWriter {
  /** Resolves once the file is queued; waits while too many writes are in flight (backpressure). */
  add(file: OutputFile): Promise<void>;
  /** Keeps the previous output's file at this path as it is (same inode, same modification time). */
  reuse(filePath: string): Promise<void>;
  /** Waits for every write; rejects with the first failure. */
  finish(): Promise<WrittenFiles>;
}

/** A new output being written: files stream in, then it replaces the previous output in one swap. */
export interface OutputWriter extends FileWriter {
  readonly folder: OutputFolder;
  /** Waits for every write, adds what other writers wrote into the folder, then swaps it into place. */
  commit(others?: readonly WrittenFiles[]): Promise<WriteResult>;
  /** Drops the new output; the previous one was never touched. */
  abort(): Promise<void>;
}

/** Enough writes in flight to keep the disk busy without exhausting file descriptors. */
const WRITE_CONCURRENCY = 32;

/**
 * Writes into a folder prepared by openOutput. Files whose bytes did not change are hard-linked
 * from the previous output: same inode, same mtime, so rsync or a CDN upload sends only what
 * changed. Pages stream in as they are rendered, so memory stays flat whatever the number of posts.
 */
export function createFileWriter(folder: OutputFolder): FileWriter {
  const seen = new Set<string>();
  const dirs = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let changed = 0;

  // Each folder is made once per writer, after its parent: a plain mkdir, cheaper than a recursive
  // one per file. Another writer may have made it first.
  const ensureDir = (dir: string): Promise<unknown> => {
    if (dir === '.') return Promise.resolve();
    let made = dirs.get(dir);
    if (!made) {
      made = ensureDir(path.posix.dirname(dir)).then(() => mkdir(path.join(folder.tempDir, dir)).catch(unlessExists));
      dirs.set(dir, made);
    }
    return made;
  };

  const writeOne = async (relative: string, contents: string | Uint8Array) => {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    await ensureDir(path.posix.dirname(relative));
    const previous = path.join(folder.outDir, relative);
    const target = path.join(folder.tempDir, relative);
    if (folder.hadPrevious && (await sameBytes(previous, bytes))) {
      await link(previous, target);
    } else {
      await writeFile(target, bytes);
      changed += 1;
    }
  };

  const queue = async (filePath: string, write: (relative: string) => Promise<void>) => {
    if (failure) await settle();
    const relative = toSafeRelative(filePath);
    if (seen.has(relative)) throw new WriteError(`two outputs write ${filePath}`);
    seen.add(relative);
    const task: Promise<void> = write(relative)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
  };

  const settle = async () => {
    await Promise.all(inFlight);
    if (failure) throw failure instanceof WriteError ? failure : new WriteError(`writing ${folder.outDir} failed: ${(failure as Error).message}`);
  };

  return {
    add: (file) => queue(file.path, (relative) => writeOne(relative, file.contents)),
    reuse: (filePath) =>
      queue(filePath, async (relative) => {
        await ensureDir(path.posix.dirname(relative));
        await link(path.join(folder.outDir, relative), path.join(folder.tempDir, relative));
      }),
    async finish() {
      await settle();
      return { paths: [...seen], changed };
    },
  };
}

/**
 * Stage: opens a fresh sibling folder to write the new output into. The previous output stays
 * untouched until commit swaps the folders, so a failed build never publishes half a site.
 */
export async function openOutput(outDir: string): Promise<OutputWriter> {
  const stamp = `${process.pid}-${Date.now()}`;
  const folder: OutputFolder = { outDir, tempDir: `${outDir}.tmp-${stamp}`, hadPrevious: await exists(outDir) };
  const oldDir = `${outDir}.old-${stamp}`;
  await mkdir(folder.tempDir, { recursive: true });
  const own = createFileWriter(folder);
  let finished: Promise<WrittenFiles> | undefined;
  const finish = () => (finished ??= own.finish());

  return {
    folder,
    add: (file) => own.add(file),
    reuse: (filePath) => own.reuse(filePath),
    finish,
    async commit(others = []) {
      const parts = [await finish(), ...others];
      const kept = new Set<string>();
      for (const relative of parts.flatMap((part) => part.paths)) {
        if (kept.has(relative)) throw new WriteError(`two outputs write /${relative}`);
        kept.add(relative);
      }
      const removed = folder.hadPrevious ? await countRemoved(outDir, kept) : 0;
      if (folder.hadPrevious) await rename(outDir, oldDir);
      await rename(folder.tempDir, outDir);
      if (folder.hadPrevious) await rm(oldDir, { recursive: true, force: true });
      return { written: kept.size, changed: parts.reduce((sum, part) => sum + part.changed, 0), removed };
    },
    async abort() {
      await finish().catch(() => {});
      await rm(folder.tempDir, { recursive: true, force: true });
    },
  };
}

function unlessExists(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
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
