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
  /** What could not be cleaned up once the new site was in place (a staging folder), one line each: the next run removes it. */
  leftovers?: string[];
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
interface FileWriter {
  /** Stages the file unless the output in place has the same bytes; throws a WriteError on failure. */
  add(file: OutputFile): void;
  /** Keeps the output's file at this path as it is (same inode, same modification time). */
  keep(filePath: string): void;
  finish(): WrittenFiles;
}

/** The images' files to publish: public /media/ path → the verified file to copy; and those no page shows any more. */
interface MediaChanges {
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
  commit(others?: readonly WrittenFiles[], options?: CommitOptions): WriteResult;
  /** Drops the staged files; the output was never touched. */
  abort(): void;
}

interface CommitOptions {
  previousPaths?: Iterable<string>;
  media?: MediaChanges;
  beforeChange?: () => void;
  io?: PublishIo;
  /** The site's path prefix ('' or '/club', see basePathOf): how its files' links name each other. */
  basePath?: string;
}

/** The output folder of converted images: named by their bytes, never rewritten. */
export const MEDIA = 'media';

/**
 * A writer of the staging folder. A file whose bytes equal the output's is not staged (rsync and
 * CDN uploads then send only what changed).
 */
export function createFileWriter(folder: OutputFolder): FileWriter {
  const seen = new Set<string>();
  const dirs = new Set<string>(['.']);
  const staged: WrittenFiles['staged'] = [];
  const ensureDir = (dir: string): void => {
    if (dirs.has(dir)) return;
    fs.mkdirSync(path.join(folder.stagingDir, dir), { recursive: true });
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
    ...own,
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
      const leftovers = publish({ folder, staged, gone, media, io: options.io ?? NODE_IO, basePath: options.basePath ?? '' });
      const changedPaths = [...staged.map((file) => `/${file.path}`), ...gone.map((relative) => `/${relative}`), ...media.add.keys(), ...media.remove].sort();
      return { written: claimed.size, changed: staged.length + media.add.size, removed: gone.length + media.remove.length, changedPaths, ...(leftovers.length > 0 ? { leftovers } : {}) };
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
  /** Removes a folder and everything in it (the staging folder once published). */
  removeTree(dir: string): void;
}

const NODE_IO: PublishIo = {
  rename: (from, to) => fs.renameSync(from, to),
  unlink: (file) => fs.rmSync(file, { force: true }),
  copy: (from, to) => fs.copyFileSync(from, to),
  mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
  rmdir: (dir) => fs.rmdirSync(dir),
  removeTree: (dir) => fs.rmSync(dir, { recursive: true, force: true }),
};

/**
 * Switches the output to the new site, ordered by links so that at every moment, whatever stops it
 * (a kill, an I/O error), every link of every file online leads to a file that is there. A first
 * output is one rename of the staging folder. Otherwise, in place:
 *  1. the new images (named by their bytes: nothing links to them yet),
 *  2. the new and changed files, each only after every new file it links to; a changed one renamed
 *     over the old one (a reader gets one or the other, whole),
 *  3. only then the files no page links to any more, each only after every removed file linking to it,
 *     and the images no page shows.
 * Files that link to each other (a new post and its new tag's page) form a group published or
 * removed together: when one step of a group fails, the group's steps already done are undone, so
 * an I/O error never leaves half of one online. Unchanged files keep their inode and modification
 * time: an rsync or CDN upload sends only what changed. What fails once the new site is in place
 * (removing the staging folder) is returned as leftovers, not thrown: the site is complete.
 */
function publish({ folder, staged, gone, media, io, basePath }: { folder: OutputFolder; staged: WrittenFiles['staged']; gone: readonly string[]; media: MediaChanges; io: PublishIo; basePath: string }): string[] {
  const { outDir, stagingDir } = folder;
  const step = (what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      throw new WriteError(`publishing ${what} failed: ${(error as Error).message}`);
    }
  };
  const mediaDir = path.join(folder.hadPrevious ? outDir : stagingDir, MEDIA);
  for (const [publicPath, file] of media.add) {
    const target = path.join(mediaDir, mediaName(publicPath));
    // Online, an image appears whole, by a rename.
    const copy = folder.hadPrevious ? `${target}.tmp-${process.pid}` : target;
    step(target, () => {
      io.mkdir(path.dirname(target));
      io.copy(file, copy);
      if (copy !== target) io.rename(copy, target);
    });
  }
  if (!folder.hadPrevious) {
    step(outDir, () => io.rename(stagingDir, outDir));
    return [];
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
  // Only new files of a group are ever undone (a changed file links to new ones, nothing waits on it).
  const undoMoveIn = (relative: string) => {
    made.clear();
    io.rename(path.join(outDir, relative), path.join(stagingDir, relative));
    removeEmptyParents(outDir, relative, io);
  };
  const fresh = staged.filter((entry) => !entry.existed).map((entry) => entry.path);
  const changed = staged.filter((entry) => entry.existed).map((entry) => entry.path);
  const linksToNew = fresh.length > 0 ? linkReader(basePath, new Set(fresh), (relative) => path.join(stagingDir, relative)) : () => [];
  for (const group of dependencyOrder([...pagesLast(fresh), ...pagesLast(changed)], linksToNew)) inGroup(group, moveIn, undoMoveIn);

  // Removed: a file goes only once every removed file linking to it is gone.
  const trash = `${outDir}.old-${process.pid}-${threadId}`;
  let trashUsed = false;
  const linksToGone = gone.length > 1 ? linkReader(basePath, new Set(gone), (relative) => path.join(outDir, relative)) : () => [];
  const linkedBy = new Map<string, string[]>();
  for (const relative of gone) for (const target of linksToGone(relative)) linkedBy.set(target, [...(linkedBy.get(target) ?? []), relative]);
  for (const group of dependencyOrder([...gone.filter(isPage), ...gone.filter((file) => !isPage(file))], (file) => linkedBy.get(file) ?? [])) {
    if (group.length === 1) {
      const target = path.join(outDir, group[0] as string);
      step(target, () => io.unlink(target));
    } else {
      // Moved aside first, the group's files can be put back if one of them cannot go.
      trashUsed = true;
      inGroup(
        group,
        (relative) => step(path.join(outDir, relative), () => {
          io.mkdir(path.dirname(path.join(trash, relative)));
          io.rename(path.join(outDir, relative), path.join(trash, relative));
        }),
        (relative) => io.rename(path.join(trash, relative), path.join(outDir, relative)),
      );
    }
    for (const relative of group) removeEmptyParents(outDir, relative, io);
  }
  for (const publicPath of media.remove) {
    const target = path.join(mediaDir, mediaName(publicPath));
    step(target, () => io.unlink(target));
    removeEmptyParents(outDir, toSafeRelative(publicPath), io);
  }

  const leftovers: string[] = [];
  for (const dir of trashUsed ? [stagingDir, trash] : [stagingDir]) {
    try {
      io.removeTree(dir);
    } catch (error) {
      leftovers.push(`${dir} could not be removed after publishing (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): the next run removes it`);
    }
  }
  return leftovers;
}

/** Runs `run` on each file of a group; when one fails, `undo` on those done (last first, as far as it can), then throws. */
function inGroup(group: readonly string[], run: (file: string) => void, undo: (file: string) => void): void {
  const done: string[] = [];
  try {
    for (const file of group) {
      run(file);
      done.push(file);
    }
  } catch (error) {
    try {
      for (const file of done.reverse()) undo(file);
    } catch {
      // A second fault: what stays online is repaired by the next run (the state says publishing did not end).
    }
    throw error;
  }
}

const isPage = (relative: string) => relative.endsWith('.html');
const pagesLast = (files: readonly string[]) => [...files.filter((file) => !isPage(file)), ...files.filter(isPage)];

/** Files whose bytes hold no links (images, fonts, archives): never read for them. */
const BINARY = /\.(?:avif|webp|jpe?g|png|gif|ico|woff2?|ttf|otf|pdf|zip|gz|br|sqlite|mp4|webm)$/i;
/** A root-relative or protocol-relative URL's path, as it appears in HTML, XML, JSON, CSS or a text file. */
const URL_PATH = /\/[\w\-.~%/]*/g;

/**
 * A reader of the links of an output file (by its relative path) to files of `targets`: every path
 * in it that names one ('/a/b/' names a/b/index.html), with or without the site's origin. A path
 * the site does not hold is no link of interest, so a loose match costs nothing but a lookup.
 */
function linkReader(basePath: string, targets: ReadonlySet<string>, fileOf: (relative: string) => string): (relative: string) => string[] {
  return (relative) => {
    if (BINARY.test(relative)) return [];
    let text: string;
    try {
      text = fs.readFileSync(fileOf(relative), 'utf8');
    } catch {
      return [];
    }
    const found = new Set<string>();
    for (const [token] of text.matchAll(URL_PATH)) {
      const target = fileOfUrl(token, basePath);
      if (target !== undefined && target !== relative && targets.has(target)) found.add(target);
    }
    return [...found];
  };
}

/** '/club/a/b/' (base path '/club') → 'a/b/index.html'; '//host/x.css' → 'x.css'; undefined outside the site. */
function fileOfUrl(token: string, basePath: string): string | undefined {
  let url = token.startsWith('//') ? token.replace(/^\/\/[^/]*/, '') : token;
  if (basePath) {
    if (!url.startsWith(`${basePath}/`)) return undefined;
    url = url.slice(basePath.length);
  }
  try {
    url = decodeURI(url);
  } catch {
    return undefined;
  }
  return url.endsWith('/') ? `${url.slice(1)}index.html` : url.slice(1);
}

/**
 * The nodes in groups, each group after every group it depends on (`dependsOn`: the nodes that must
 * come first), the nodes that depend on each other in one group; otherwise in the order given.
 * Tarjan's strongly connected components, iterative: a chain of thousands of new articles linking
 * to the next is no recursion.
 */
function dependencyOrder(nodes: readonly string[], dependsOn: (node: string) => readonly string[]): string[][] {
  const known = new Set(nodes);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const frames: { node: string; deps: readonly string[]; next: number }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      frames.push({ node, deps: dependsOn(node).filter((dep) => known.has(dep)), next: 0 });
    };
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number];
      if (frame.next < frame.deps.length) {
        const dep = frame.deps[frame.next] as string;
        frame.next += 1;
        if (!index.has(dep)) enter(dep);
        else if (onStack.has(dep)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(dep) as number));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group.reverse());
      }
    }
  }
  return groups;
}

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
function toSafeRelative(filePath: string): string {
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
