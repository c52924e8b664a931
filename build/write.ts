import * as fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { listFiles } from './fs.js';
import type { OutputFile } from './output-file.js';

export interface WriteResult {
  written: number;
  /** Files new or different from the previous output (what an upload sends). */
  changed: number;
  /** Files of the previous output that no longer exist. */
  removed: number;
  /** Root-relative paths of the files new, different or removed (for a targeted CDN purge). */
  changedPaths: string[];
}

export class WriteError extends Error {
  override name = 'WriteError';
}

/**
 * Where a build writes: new or different files go to a staging folder beside the output (same
 * file system), the output in place is not touched until `commit`. Plain data, so render workers
 * write into the same staging folder as the main thread.
 */
export interface OutputFolder {
  outDir: string;
  stagingDir: string;
  /** An output is in place: each file is compared with it (equal bytes: left as it is). */
  hadPrevious: boolean;
}

/** What one writer did: the paths it claimed, and those it staged (with whether the output had them). */
export interface WrittenFiles {
  paths: string[];
  staged: { path: string; existed: boolean }[];
}

/** Writes files into an OutputFolder; several writers (one per thread) may share one folder. */
export interface FileWriter {
  /** Stages the file unless the output in place has the same bytes; throws a WriteError on failure. */
  add(file: OutputFile): void;
  /** Keeps the output's file at this path as it is (same inode, same modification time). */
  keep(filePath: string): void;
  finish(): WrittenFiles;
}

/** The images' files to publish: public /media/ path → the verified file to copy; and those no page shows any more. */
export interface MediaChanges {
  add: ReadonlyMap<string, string>;
  remove: readonly string[];
}

export interface OutputWriter extends FileWriter {
  readonly folder: OutputFolder;
  /**
   * Publishes: what other writers staged joins this one's, then the output switches to the new
   * site (see publish). `previousPaths`: the output's files as the state knows them (else listed);
   * `media`: the image files to add and remove.
   */
  commit(others?: readonly WrittenFiles[], options?: { previousPaths?: Iterable<string>; media?: MediaChanges; beforeChange?: () => void; io?: PublishIo }): WriteResult;
  /** Drops the staged files; the output was never touched. */
  abort(): void;
}

/** The output folder of converted images: named by their bytes, never rewritten. */
export const MEDIA = 'media';

/**
 * A writer of the staging folder. A file whose bytes equal the output's is not staged (rsync and
 * CDN uploads then send only what changed). Synchronous calls: a write into the page cache takes
 * microseconds, the promise machinery around each call costs more.
 */
export function createFileWriter(folder: OutputFolder): FileWriter {
  const seen = new Set<string>();
  const dirs = new Set<string>(['.']);
  const staged: WrittenFiles['staged'] = [];
  // Each folder is made once, after its parent: a plain mkdir, not a recursive one per file.
  const ensureDir = (dir: string): void => {
    if (dirs.has(dir)) return;
    ensureDir(path.posix.dirname(dir));
    try {
      fs.mkdirSync(path.join(folder.stagingDir, dir));
    } catch (error) {
      // Another writer (a render thread) made it first.
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
  return {
    add(file) {
      const relative = claim(file.path);
      const live = path.join(folder.outDir, relative);
      const existing = folder.hadPrevious ? fs.statSync(live, { throwIfNoEntry: false }) : undefined;
      if (existing?.isFile() && mayBeSame(file, existing.size) && sameBytes(live, file)) return;
      try {
        ensureDir(path.posix.dirname(relative));
        fs.writeFileSync(path.join(folder.stagingDir, relative), file.contents);
      } catch (error) {
        throw new WriteError(`writing ${path.join(folder.stagingDir, relative)} failed: ${(error as Error).message}`);
      }
      staged.push({ path: relative, existed: existing !== undefined });
    },
    keep(filePath) {
      claim(filePath);
    },
    finish: () => ({ paths: [...seen], staged }),
  };
}

/**
 * Opens a staging folder for a new output of `outDir`. Nothing in `outDir` changes before commit:
 * a build that fails leaves the site online as it was.
 */
export function openOutput(outDir: string): OutputWriter {
  const folder: OutputFolder = { outDir, stagingDir: `${outDir}.staging-${process.pid}-${threadId}`, hadPrevious: fs.existsSync(outDir) };
  fs.rmSync(folder.stagingDir, { recursive: true, force: true });
  fs.mkdirSync(folder.stagingDir, { recursive: true });
  const own = createFileWriter(folder);
  return {
    folder,
    add: (file) => own.add(file),
    keep: (filePath) => own.keep(filePath),
    finish: () => own.finish(),
    commit(others = [], options = {}) {
      const parts = [own.finish(), ...others];
      const claimed = new Set<string>();
      for (const part of parts) {
        for (const relative of part.paths) {
          if (claimed.has(relative)) throw new WriteError(`two outputs write /${relative}`);
          claimed.add(relative);
        }
      }
      const previous = folder.hadPrevious ? [...(options.previousPaths ?? listFiles(outDir, MEDIA))].map(toSafeRelative) : [];
      const gone = previous.filter((relative) => !claimed.has(relative));
      const staged = parts.flatMap((part) => part.staged);
      const media = options.media ?? { add: new Map(), remove: [] };
      options.beforeChange?.();
      publish({ folder, staged, gone, media, io: options.io ?? NODE_IO });
      const changedPaths = [...staged.map((file) => `/${file.path}`), ...gone.map((relative) => `/${relative}`), ...media.add.keys(), ...media.remove].sort();
      return { written: claimed.size, changed: staged.length + media.add.size, removed: gone.length + media.remove.length, changedPaths };
    },
    abort() {
      fs.rmSync(folder.stagingDir, { recursive: true, force: true });
    },
  };
}

/** The file operations publishing uses: node:fs, or a layer a test controls to inject faults. */
export interface PublishIo {
  rename(from: string, to: string): void;
  unlink(file: string): void;
  copy(from: string, to: string): void;
  mkdir(dir: string): void;
  rmdir(dir: string): void;
}

const NODE_IO: PublishIo = {
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (file) => fs.rmSync(file, { force: true }),
  copy: (from, to) => fs.copyFileSync(from, to),
  mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
  rmdir: (dir) => fs.rmdirSync(dir),
};

/**
 * Switches the output to the new site, ordered so that at every moment, whatever stops it (a kill,
 * an I/O error), the site online is complete: every link of every page leads to a file that is
 * there. A first output is one rename of the staging folder. Otherwise, in place:
 *  1. the new images (named by their bytes: nothing links to them yet),
 *  2. the new files, other files before pages (the pages link to them),
 *  3. the changed files, each renamed over the old one (a reader gets one or the other, whole),
 *     other files before pages,
 *  4. only then the files no page links to any more (pages before what they linked to), and the
 *     images no page shows.
 * Unchanged files keep their inode and modification time: an rsync or CDN upload sends only what changed.
 */
function publish({ folder, staged, gone, media, io }: { folder: OutputFolder; staged: WrittenFiles['staged']; gone: readonly string[]; media: MediaChanges; io: PublishIo }): void {
  const { outDir, stagingDir } = folder;
  const step = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      throw new WriteError(`publishing ${what} failed: ${(error as Error).message}`);
    }
  };
  const mediaDir = path.join(outDir, MEDIA);
  if (!folder.hadPrevious) {
    for (const [publicPath, file] of media.add) {
      const target = path.join(stagingDir, MEDIA, mediaName(publicPath));
      step(target, () => {
        io.mkdir(path.dirname(target));
        io.copy(file, target);
      });
    }
    step(outDir, () => io.rename(stagingDir, outDir));
    return;
  }
  for (const [publicPath, file] of media.add) {
    const target = path.join(mediaDir, mediaName(publicPath));
    step(target, () => {
      io.mkdir(path.dirname(target));
      io.copy(file, `${target}.tmp-${process.pid}`);
      io.rename(`${target}.tmp-${process.pid}`, target);
    });
  }
  const made = new Set<string>();
  const moveIn = (relative: string) => {
    const target = path.join(outDir, relative);
    step(target, () => {
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        io.mkdir(dir);
        made.add(dir);
      }
      io.rename(path.join(stagingDir, relative), target);
    });
  };
  const pagesLast = (files: WrittenFiles['staged']) => [...files.filter((file) => !isPage(file.path)), ...files.filter((file) => isPage(file.path))];
  for (const file of pagesLast(staged.filter((entry) => !entry.existed))) moveIn(file.path);
  for (const file of pagesLast(staged.filter((entry) => entry.existed))) moveIn(file.path);
  // Pages first: a page still there never links to an asset already gone.
  for (const relative of [...gone.filter(isPage), ...gone.filter((file) => !isPage(file))]) {
    const target = path.join(outDir, relative);
    step(target, () => io.unlink(target));
    removeEmptyParents(outDir, relative, io);
  }
  for (const publicPath of media.remove) {
    const target = path.join(mediaDir, mediaName(publicPath));
    step(target, () => io.unlink(target));
    removeEmptyParents(outDir, toSafeRelative(publicPath), io);
  }
  fs.rmSync(stagingDir, { recursive: true, force: true });
}

const isPage = (relative: string) => relative.endsWith('.html');

/** Folders a removed file leaves empty go too (up to the output folder). */
function removeEmptyParents(outDir: string, relative: string, io: PublishIo): void {
  for (let dir = path.posix.dirname(relative); dir !== '.'; dir = path.posix.dirname(dir)) {
    try {
      io.rmdir(path.join(outDir, dir));
    } catch {
      return;
    }
  }
}

/** Output paths are root-relative and may never climb out of the output folder. */
export function toSafeRelative(filePath: string): string {
  // The build's own paths are plain: nothing to normalize.
  if (PLAIN_PATH.test(filePath)) return filePath.slice(1);
  const relative = path.posix.normalize(filePath.replace(/^\/+/, ''));
  if (!relative || relative === '.' || relative.startsWith('..') || path.posix.isAbsolute(relative) || relative.includes('\0')) {
    throw new WriteError(`refusing to write outside the output folder: ${JSON.stringify(filePath)}`);
  }
  return relative;
}

/** '/a/b-c/index.html': segments of letters, digits, '-' and '_', dots only between them (no '.', '..' or empty segment). */
const PLAIN_PATH = /^(?:\/[\w-]+(?:\.[\w-]+)*)+$/;

/** '/media/2025/06/rules.pdf' → '2025/06/rules.pdf', refusing anything that would leave the folder. */
function mediaName(publicPath: string): string {
  const relative = toSafeRelative(publicPath);
  if (!relative.startsWith(`${MEDIA}/`)) throw new WriteError(`${publicPath} is not under /${MEDIA}/`);
  return relative.slice(MEDIA.length + 1);
}

/** False when the file it replaces is known to have another size: no need to read that one. */
function mayBeSame({ contents, size }: OutputFile, existingSize: number): boolean {
  return existingSize === (size ?? (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength));
}

function sameBytes(file: string, { contents }: OutputFile): boolean {
  try {
    return fs.readFileSync(file).equals(typeof contents === 'string' ? Buffer.from(contents) : contents);
  } catch {
    return false;
  }
}
