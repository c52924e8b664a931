import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { OutputFile } from './output-file.js';

export interface WriteResult {
  written: number;
  /** Files new or different from the previous output. */
  changed: number;
  /** Files of the previous output that no longer exist. */
  removed: number;
  /** Root-relative paths of the files written new or different and of those removed ('/actualites/index.html'): what a publish step uploads or purges. */
  changedPaths: string[];
}

export class WriteError extends Error {
  override name = 'WriteError';
}

/**
 * Where a build writes. Swapped: into a fresh sibling of the output folder, swapped in at the end.
 * In place (an incremental build on the output its cache describes): only new or different files
 * are written, into a sibling staging folder, and moved into the output at the end; the others are
 * not touched at all. Plain data, so render workers can write into the same folder as the main thread.
 */
export interface OutputFolder {
  outDir: string;
  /** The new output (swapped) or the staging folder (in place). */
  tempDir: string;
  /** A clean build has nothing to compare with: no failing stat per file. */
  hadPrevious: boolean;
  inPlace: boolean;
}

/** What one writer wrote: relative paths, and how many of them are new or different. */
export interface WrittenFiles {
  paths: string[];
  changed: number;
  /** In place: the new or different files, by their name in the staging folder and their relative path in the output. */
  staged: [staged: string, relative: string][];
  /** The relative paths of the files new or different (`changed` of them). */
  changedPaths: string[];
}

/** Writes files into an OutputFolder; several writers (one per thread) may share one folder. */
export interface FileWriter {
  /** Writes the file (or links the previous output's identical one); throws a WriteError on failure. */
  add(file: OutputFile): void;
  /** Keeps the previous output's file at this path as it is (same inode, same modification time). */
  reuse(filePath: string): void;
  /** What this writer wrote. */
  finish(): WrittenFiles;
}

/** A new output being written: files stream in, then it replaces the previous output in one swap. */
export interface OutputWriter extends FileWriter {
  readonly folder: OutputFolder;
  /**
   * Adds what other writers wrote into the folder and the media files (public /media/ path → file
   * in the media cache), then swaps it into place (or, in place, moves the staged files in and
   * deletes the previous output's files the new one does not have). `beforeChange` runs just
   * before the output in place is first changed.
   */
  commit(others?: readonly WrittenFiles[], media?: ReadonlyMap<string, string>, beforeChange?: () => Promise<void>): Promise<WriteResult>;
  /** Drops the new output; the previous one was never touched. */
  abort(): Promise<void>;
}

/**
 * Writes into a folder prepared by openOutput. Files whose bytes did not change are hard-linked
 * from the previous output: same inode, same mtime, so rsync or a CDN upload sends only what
 * changed. Pages stream in as they are rendered, so memory stays flat whatever the number of posts.
 *
 * The file system calls are synchronous: a write into the page cache takes microseconds, while a
 * promise-based one costs a file handle, several promises and their garbage per file (measured:
 * a third of a 5,000-post build went to mkdir, open, write and close through fs/promises).
 */
export function createFileWriter(folder: OutputFolder): FileWriter {
  const seen = new Set<string>();
  const dirs = new Set<string>(['.']);
  const staged: WrittenFiles['staged'] = [];
  const changedPaths: string[] = [];
  // Staged files have flat names (no folder to make for each page moved in later); writers of
  // other threads may stage into the same folder.
  const stagePrefix = `${threadId}-`;
  let changed = 0;

  // Each folder is made once per writer, after its parent: a plain mkdir, cheaper than a recursive
  // one per file. Another writer (a render thread) may have made it first.
  const ensureDir = (dir: string): void => {
    if (dirs.has(dir)) return;
    ensureDir(path.posix.dirname(dir));
    try {
      mkdirSync(path.join(folder.tempDir, dir));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    dirs.add(dir);
  };

  // Each output path is written once, by one writer, and never into the converted images' folder.
  const claim = (filePath: string): string => {
    const relative = toSafeRelative(filePath);
    if (seen.has(relative)) throw new WriteError(`two outputs write ${filePath}`);
    if (relative.startsWith(`${MEDIA}/`)) throw new WriteError(`/${relative}: /${MEDIA}/ holds only the converted images`);
    seen.add(relative);
    return relative;
  };
  const writeAt = (relative: string, write: (target: string) => void): void => {
    try {
      ensureDir(path.posix.dirname(relative));
      write(path.join(folder.tempDir, relative));
    } catch (error) {
      throw new WriteError(`writing ${folder.outDir} failed: ${(error as Error).message}`);
    }
  };

  return {
    add: (file) => {
      const relative = claim(file.path);
      const previous = path.join(folder.outDir, relative);
      const same = folder.hadPrevious && mayBeSame(file) && sameBytes(previous, file);
      // In place, a file equal to the output's is left alone; swapped, it is linked into the new folder.
      if (same && folder.inPlace) return;
      if (folder.inPlace) {
        const name = `${stagePrefix}${staged.length}`;
        try {
          writeFileSync(path.join(folder.tempDir, name), file.contents);
        } catch (error) {
          throw new WriteError(`writing ${folder.outDir} failed: ${(error as Error).message}`);
        }
        staged.push([name, relative]);
      } else {
        writeAt(relative, (target) => (same ? linkSync(previous, target) : writeFileSync(target, file.contents)));
        if (same) return;
      }
      changed += 1;
      changedPaths.push(relative);
    },
    reuse: (filePath) => {
      const relative = claim(filePath);
      if (!folder.inPlace) writeAt(relative, (target) => linkSync(path.join(folder.outDir, relative), target));
    },
    finish: () => ({ paths: [...seen], changed, staged, changedPaths }),
  };
}

/**
 * Stage: opens a fresh sibling folder to write the new output into (`inPlace`: to stage the new or
 * different files in, the previous output's files being `previousFiles`). The previous output stays
 * untouched until commit, so a failed build never publishes half a site.
 */
export async function openOutput(outDir: string, options: { inPlace?: { previousFiles: Iterable<string> } } = {}): Promise<OutputWriter> {
  const stamp = `${process.pid}-${Date.now()}`;
  const inPlace = options.inPlace !== undefined && exists(outDir);
  const folder: OutputFolder = { outDir, tempDir: `${outDir}.tmp-${stamp}`, hadPrevious: inPlace || exists(outDir), inPlace };
  const oldDir = `${outDir}.old-${stamp}`;
  mkdirSync(folder.tempDir, { recursive: true });
  const own = createFileWriter(folder);

  return {
    folder,
    add: (file) => own.add(file),
    reuse: (filePath) => own.reuse(filePath),
    finish: () => own.finish(),
    async commit(others = [], media = new Map(), beforeChange = async () => {}) {
      const mine = own.finish();
      const parts = [mine, ...others];
      // Each writer claimed its paths once (claim, above): only paths of different writers can clash.
      const kept = new Set(mine.paths);
      for (const part of others) {
        for (const relative of part.paths) {
          if (kept.has(relative)) throw new WriteError(`two outputs write /${relative}`);
          kept.add(relative);
        }
      }
      if (inPlace && options.inPlace) {
        const gone = new Set<string>();
        for (const file of options.inPlace.previousFiles) {
          const relative = toSafeRelative(file);
          if (!kept.has(relative)) gone.add(relative);
        }
        await beforeChange();
        const published = publishMedia(folder, media);
        applyInPlace(folder, parts.flatMap((part) => part.staged), [...gone]);
        const stale = removeStaleMedia(path.join(outDir, MEDIA), media);
        rmSync(folder.tempDir, { recursive: true, force: true });
        return {
          written: kept.size + media.size,
          changed: parts.reduce((sum, part) => sum + part.changed, 0) + published.added.length,
          removed: gone.size + stale.length,
          changedPaths: changedPathsOf(parts, [...gone], published.added, stale),
        };
      }
      await beforeChange();
      const removed = folder.hadPrevious ? await listRemoved(outDir, kept) : [];
      const published = publishMedia(folder, media);
      if (folder.hadPrevious) await rename(outDir, oldDir);
      // The images go over with their folder: one rename, not tens of thousands of links.
      if (published.carried) await rename(path.join(oldDir, MEDIA), path.join(folder.tempDir, MEDIA));
      await rename(folder.tempDir, outDir);
      const stale = removeStaleMedia(path.join(outDir, MEDIA), media);
      if (folder.hadPrevious) await rm(oldDir, { recursive: true, force: true });
      return {
        written: kept.size + media.size,
        changed: parts.reduce((sum, part) => sum + part.changed, 0) + published.added.length,
        removed: removed.length + stale.length,
        changedPaths: changedPathsOf(parts, removed, published.added, stale),
      };
    },
    async abort() {
      await rm(folder.tempDir, { recursive: true, force: true });
    },
  };
}

/**
 * Moves each staged file over its place in the output (a rename: a reader sees the old file or the
 * new one, never half of one) and deletes the files the new output no longer has, with the
 * folders they leave empty.
 */
function applyInPlace(folder: OutputFolder, staged: WrittenFiles['staged'], gone: readonly string[]): void {
  const made = new Set<string>();
  try {
    for (const [name, relative] of staged) {
      const dir = path.dirname(path.join(folder.outDir, relative));
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      renameSync(path.join(folder.tempDir, name), path.join(folder.outDir, relative));
    }
    for (const relative of gone) {
      rmSync(path.join(folder.outDir, relative), { force: true });
      for (let dir = path.posix.dirname(relative); dir !== '.'; dir = path.posix.dirname(dir)) {
        try {
          rmdirSync(path.join(folder.outDir, dir));
        } catch {
          break;
        }
      }
    }
  } catch (error) {
    throw new WriteError(`updating ${folder.outDir} failed: ${(error as Error).message}`);
  }
}

/** Output paths are root-relative and may never climb out of the output folder. */
function toSafeRelative(filePath: string): string {
  // The build's own paths (every page and file, on every run) are plain: nothing to normalize.
  if (PLAIN_PATH.test(filePath)) return filePath.slice(1);
  const relative = path.posix.normalize(filePath.replace(/^\/+/, ''));
  if (!relative || relative.startsWith('..') || path.posix.isAbsolute(relative) || relative.includes('\0')) {
    throw new WriteError(`refusing to write outside the output folder: ${JSON.stringify(filePath)}`);
  }
  return relative;
}

/** '/a/b-c/index.html': segments of letters, digits, '-' and '_', dots only between them (no '.', '..' or empty segment). */
const PLAIN_PATH = /^(?:\/[\w-]+(?:\.[\w-]+)*)+$/;

/** False when the file it replaces is known to have another size: no need to read that one. */
function mayBeSame({ contents, size, previousSize }: OutputFile): boolean {
  return previousSize === undefined || previousSize === (size ?? (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength));
}

function sameBytes(file: string, { contents, size = typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength }: OutputFile): boolean {
  try {
    const info = statSync(file);
    if (!info.isFile() || info.size !== size) return false;
    const bytes = readFileSync(file);
    return bytes.equals(typeof contents === 'string' ? Buffer.from(contents) : contents);
  } catch {
    return false;
  }
}

/**
 * Synchronous, as the other calls on a cron run's path here: with nothing to overlap them, each
 * call through the thread pool was a round trip spent idle.
 */
function exists(target: string): boolean {
  return statSync(target, { throwIfNoEntry: false }) !== undefined;
}

/** Files of the previous output that the new one no longer has (its media folder aside). */
async function listRemoved(outDir: string, kept: Set<string>): Promise<string[]> {
  const removed: string[] = [];
  const walk = async (relativeDir: string): Promise<void> => {
    for (const entry of await readdir(path.join(outDir, relativeDir), { withFileTypes: true })) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (relative !== MEDIA) await walk(relative);
      } else if (!kept.has(relative)) removed.push(relative);
    }
  };
  await walk('').catch(() => {});
  return removed;
}

/** The output folder of converted images (see build/media): named by their bytes, never rewritten. */
const MEDIA = 'media';

/**
 * Puts the media files the new output needs where it will find them: into the media folder of the
 * output in place, which stays or which the swap carries over (adding files nothing links to yet is harmless
 * to the site online), or into the new folder when there is none. Files are hard links to the media
 * cache (copies across file systems).
 */
function publishMedia(folder: OutputFolder, media: ReadonlyMap<string, string>): { added: string[]; carried: boolean } {
  const live = path.join(folder.outDir, MEDIA);
  const liveExists = folder.hadPrevious && exists(live);
  // Swapped, the media folder in place goes over to the new output; in place, it simply stays.
  const carried = !folder.inPlace && liveExists;
  const target = folder.inPlace || carried ? live : path.join(folder.tempDir, MEDIA);
  const present = new Set(liveExists ? listFiles(target) : []);
  if (!liveExists && media.size > 0) mkdirSync(target, { recursive: true });
  const added: string[] = [];
  for (const [publicPath, cacheFile] of media) {
    const name = mediaName(publicPath);
    if (present.has(name)) continue;
    mkdirSync(path.dirname(path.join(target, name)), { recursive: true });
    try {
      linkSync(cacheFile, path.join(target, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw new WriteError(`publishing ${publicPath} failed: ${(error as Error).message}`);
      copyFileSync(cacheFile, path.join(target, name));
    }
    added.push(name);
  }
  return { added, carried };
}

/** '/media/2025/06/rules.pdf' → '2025/06/rules.pdf', refusing anything that would leave the folder. */
function mediaName(publicPath: string): string {
  const relative = toSafeRelative(publicPath);
  if (!relative.startsWith(`${MEDIA}/`)) throw new WriteError(`${publicPath} is not under /${MEDIA}/`);
  return relative.slice(MEDIA.length + 1);
}

/** Every file under `dir`, relative, '/'-separated ([] when there is no folder). */
function listFiles(dir: string): string[] {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

/** Images no page shows any more leave the media folder once the new output is in place; their names. */
function removeStaleMedia(dir: string, media: ReadonlyMap<string, string>): string[] {
  const wanted = new Set([...media.keys()].map(mediaName));
  const names = listFiles(dir);
  const stale = names.filter((name) => !wanted.has(name));
  for (const name of stale) rmSync(path.join(dir, name), { force: true });
  if (wanted.size === 0) rmSync(dir, { recursive: true, force: true });
  return stale;
}

/** Every path a commit changed, root-relative and sorted: pages and files of every writer, removed files, media added and removed. */
function changedPathsOf(parts: readonly WrittenFiles[], removed: readonly string[], mediaAdded: readonly string[], mediaRemoved: readonly string[]): string[] {
  const media = [...mediaAdded, ...mediaRemoved].map((name) => `${MEDIA}/${name}`);
  return [...parts.flatMap((part) => part.changedPaths), ...removed, ...media].map((relative) => `/${relative}`).sort();
}
