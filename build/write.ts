import * as fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { listFiles, removeLeftovers } from './fs.js';
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

/** Where a build writes: a staging folder beside the output (same file system) until `commit`. Plain data: render workers share it. */
export interface OutputFolder {
  outDir: string;
  stagingDir: string;
  /** Where the staging folder is moved once its files are online. */
  publishedDir: string;
  /** An output is in place: each file is compared with it (equal bytes: left as it is). */
  hadPrevious: boolean;
}

/** What one writer did: the paths it claimed, and those it staged (with whether the output had them). */
export interface WrittenFiles {
  paths: string[];
  staged: { path: string; existed: boolean }[];
}

export type OutputWriter = ReturnType<typeof openOutput>;

export type MediaChanges = { add: ReadonlyMap<string, string>; remove: readonly string[] };

/** The output folder of converted images: named by their bytes, never rewritten. */
const MEDIA = 'media';

/** A writer of the staging folder (one per thread); a file whose bytes equal the output's is not staged (uploads send only what changed). */
export function createFileWriter(folder: OutputFolder) {
  const seen = new Set<string>();
  const dirs = new Set<string>([folder.stagingDir]);
  const staged: WrittenFiles['staged'] = [];
  // Each output path is written once, by one writer, and never into the converted images' folder.
  const claim = (filePath: string): string => {
    const relative = toSafeRelative(filePath);
    if (seen.has(relative)) throw new WriteError(`two outputs write ${filePath}`);
    if (relative.startsWith(`${MEDIA}/`)) throw new WriteError(`/${relative}: /${MEDIA}/ holds only the converted images`);
    seen.add(relative);
    return relative;
  };
  return {
    /** Stages the file unless the output in place has the same bytes; throws a WriteError on failure. */
    add(file: OutputFile): void {
      const relative = claim(file.path);
      const live = path.join(folder.outDir, relative);
      const existing = folder.hadPrevious ? fs.statSync(live, { throwIfNoEntry: false }) : undefined;
      if (existing?.isFile() && existing.size === (file.size ?? Buffer.byteLength(file.contents)) && sameBytes(live, file.contents)) return;
      const target = path.join(folder.stagingDir, relative);
      const dir = path.dirname(target);
      try {
        if (!dirs.has(dir)) fs.mkdirSync(dir, { recursive: true });
        dirs.add(dir);
        fs.writeFileSync(target, file.contents);
      } catch (error) {
        throw new WriteError(`writing ${target} failed: ${(error as Error).message}`);
      }
      staged.push({ path: relative, existed: existing !== undefined });
    },
    /** Keeps the output's file at this path as it is (same inode, same modification time). */
    keep(filePath: string): void {
      claim(filePath);
    },
    finish: (): WrittenFiles => ({ paths: [...seen], staged }),
  };
}

let outputsOpened = 0;

/** Removes what killed or failed runs left beside the output (staging folders, files set aside), but `keep`; returns their names. */
export function removeOutputLeftovers(outDir: string, keep?: string): string[] {
  return removeLeftovers(outDir, ['staging', 'published', 'tmp', 'old'], keep);
}

/** Opens a staging folder for a new output of `outDir`: nothing in it changes before commit, a failed build leaves the site as it was. */
export function openOutput(outDir: string) {
  // A name of its own for each run: the state names the folder of the run that saved it.
  const run = `${process.pid}-${threadId}-${++outputsOpened}`;
  const folder: OutputFolder = { outDir, stagingDir: `${outDir}.staging-${run}`, publishedDir: `${outDir}.published-${run}`, hadPrevious: fs.existsSync(outDir) };
  fs.rmSync(folder.stagingDir, { recursive: true, force: true });
  fs.mkdirSync(folder.stagingDir, { recursive: true });
  const own = createFileWriter(folder);
  // Set once commit is called: the state that names this staging folder is saved by then.
  let committing = false;
  return {
    folder,
    ...own,
    /**
     * Publishes: what other writers staged joins this one's, then the output switches to the new site
     * (see publish). `previousPaths`: the output's files as the state knows them (else listed);
     * `media`: the image files to add (public /media/ path → verified file) and remove; `basePath`:
     * the site's path prefix ('' or '/club'), how its files' links name each other.
     */
    commit(
      others: readonly WrittenFiles[] = [],
      options: { previousPaths?: Iterable<string>; media?: MediaChanges; beforeChange?: () => void; io?: PublishIo; basePath?: string } = {},
    ): WriteResult {
      committing = true;
      const parts = [own.finish(), ...others];
      const claimed = new Set<string>();
      for (const relative of parts.flatMap((part) => part.paths)) {
        if (claimed.has(relative)) throw new WriteError(`two outputs write /${relative}`);
        claimed.add(relative);
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
    /** Drops the staged files, unless a commit failed: they stay for the next run to see that publishing did not end. */
    abort(): void {
      if (!committing) fs.rmSync(folder.stagingDir, { recursive: true, force: true });
    },
  };
}

const NODE_IO = {
  rename: (from: string, to: string) => fs.renameSync(from, to),
  unlink: (file: string) => fs.rmSync(file, { force: true }),
  copy: (from: string, to: string) => fs.copyFileSync(from, to),
  mkdir: (dir: string): void => void fs.mkdirSync(dir, { recursive: true }),
  rmdir: (dir: string) => fs.rmdirSync(dir),
  /** Moves the staging folder aside once the new site is online. */
  retire: (dir: string, to: string) => fs.renameSync(dir, to),
  /** Removes a folder and everything in it (the staging folder once published). */
  removeTree: (dir: string) => fs.rmSync(dir, { recursive: true, force: true }),
};

/** The file that holds a site path's bytes until the output switches: staged, a new image (from the media store) or the output's own. */
export function fileOnceOnline(folder: OutputFolder, media: MediaChanges, sitePath: string): string {
  const relative = toSafeRelative(sitePath);
  const staged = path.join(folder.stagingDir, relative);
  return fs.existsSync(staged) ? staged : (media.add.get(`/${relative}`) ?? path.join(folder.outDir, relative));
}

/** The file operations publishing uses: node:fs, or a layer a test controls to inject faults. */
export type PublishIo = typeof NODE_IO;

/**
 * Switches the output to the new site, ordered by links so that at every moment, whatever stops it
 * (a kill, an I/O error), every link of every file online leads to a file that is there. A first
 * output is one rename of the staging folder. Otherwise, in place:
 *  1. the new images (named by their bytes: nothing links to them yet),
 *  2. the new files, each only after every new file it links to, then the changed ones, each renamed
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
  const { outDir, stagingDir, publishedDir, hadPrevious } = folder;
  const step = (target: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      throw new WriteError(`publishing ${target} failed: ${(error as Error).message}`);
    }
  };
  const mediaDir = path.join(hadPrevious ? outDir : stagingDir, MEDIA);
  for (const [publicPath, file] of media.add) {
    const target = path.join(mediaDir, mediaName(publicPath));
    // Online, an image appears whole, by a rename.
    const copy = hadPrevious ? `${target}.tmp-${process.pid}` : target;
    step(target, () => {
      io.mkdir(path.dirname(target));
      io.copy(file, copy);
      if (copy !== target) io.rename(copy, target);
    });
  }
  if (!hadPrevious) {
    step(outDir, () => io.rename(stagingDir, outDir));
    return [];
  }

  const made = new Set<string>();
  const moveIn = (relative: string) => {
    const target = path.join(outDir, relative);
    const dir = path.dirname(target);
    step(target, () => {
      if (!made.has(dir)) io.mkdir(dir);
      made.add(dir);
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
  const linksToNew = linkReader(basePath, new Set(fresh), (relative) => path.join(stagingDir, relative));
  for (const group of dependencyOrder(pagesLast(fresh), linksToNew)) inGroup(group, moveIn, undoMoveIn);
  // Every new file is online before any changed one: a changed file (which may link to new ones)
  // goes in the order given, unread, as nothing waits on it (its old version is online).
  for (const relative of pagesLast(changed)) inGroup([relative], moveIn, undoMoveIn);

  // Removed: a file goes only once every removed file linking to it is gone.
  const trash = `${outDir}.old-${process.pid}-${threadId}`;
  let trashUsed = false;
  const linksToGone = gone.length > 1 ? linkReader(basePath, new Set(gone), (relative) => path.join(outDir, relative)) : () => [];
  const linkedBy = new Map<string, string[]>();
  for (const relative of gone) for (const target of linksToGone(relative)) linkedBy.set(target, [...(linkedBy.get(target) ?? []), relative]);
  for (const group of dependencyOrder(pagesFirst(gone), (file) => linkedBy.get(file) ?? [])) {
    if (group.length === 1) {
      const target = path.join(outDir, group[0] as string);
      step(target, () => io.unlink(target));
    } else {
      // Moved aside first, the group's files can be put back if one of them cannot go.
      trashUsed = true;
      const aside = (relative: string) => path.join(trash, relative);
      const moveAside = (relative: string) =>
        step(path.join(outDir, relative), () => {
          io.mkdir(path.dirname(aside(relative)));
          io.rename(path.join(outDir, relative), aside(relative));
        });
      inGroup(group, moveAside, (relative) => io.rename(aside(relative), path.join(outDir, relative)));
    }
    for (const relative of group) removeEmptyParents(outDir, relative, io);
  }
  for (const publicPath of media.remove) {
    const target = path.join(mediaDir, mediaName(publicPath));
    step(target, () => io.unlink(target));
    removeEmptyParents(outDir, toSafeRelative(publicPath), io);
  }

  // The staging folder is moved aside first: one still under its name tells the next run that
  // publishing did not end (the state names it), even when removing it fails.
  const leftovers: string[] = [];
  try {
    io.retire(stagingDir, publishedDir);
  } catch (error) {
    leftovers.push(`${stagingDir} could not be moved aside after publishing (${errorCode(error)}): the next run removes it and compares every file`);
  }
  for (const dir of trashUsed ? [publishedDir, trash] : [publishedDir]) {
    try {
      io.removeTree(dir);
    } catch (error) {
      leftovers.push(`${dir} could not be removed after publishing (${errorCode(error)}): the next run removes it`);
    }
  }
  return leftovers;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

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
const pagesFirst = (files: readonly string[]) => [...files.filter(isPage), ...files.filter((file) => !isPage(file))];

/** Files whose bytes hold no links (images, fonts, archives): never read for them. */
const BINARY = /\.(?:avif|webp|jpe?g|png|gif|ico|woff2?|ttf|otf|pdf|zip|gz|br|sqlite|mp4|webm)$/i;
/** A root-relative or protocol-relative URL's path, as it appears in HTML, XML, JSON, CSS or a text file. */
const URL_PATH = /\/[\w\-.~%/]*/g;

/** The links of an output file to files of `targets` ('/a/b/' names a/b/index.html, with or without the origin); a loose match costs only a lookup. */
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
 * The nodes in groups, each after the groups it depends on (`dependsOn`: what must come first), nodes
 * that depend on each other in one group, otherwise in the order given. Tarjan's algorithm, iterative:
 * a chain of thousands of new articles linking to the next is no recursion.
 */
function dependencyOrder(nodes: readonly string[], dependsOn: (node: string) => readonly string[]): string[][] {
  const known = new Set(nodes);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const frames: { node: string; deps: string[] }[] = [];
  const enter = (node: string) => {
    const order = index.size;
    index.set(node, order);
    low.set(node, order);
    stack.push(node);
    onStack.add(node);
    // Reversed: popped from the end, the dependencies are visited in the order given.
    frames.push({ node, deps: dependsOn(node).filter((dep) => known.has(dep)).reverse() });
  };
  for (const root of nodes) {
    if (!index.has(root)) enter(root);
    for (let frame = frames.at(-1); frame; frame = frames.at(-1)) {
      const dep = frame.deps.pop();
      if (dep !== undefined) {
        if (!index.has(dep)) enter(dep);
        else if (onStack.has(dep)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(dep) as number));
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group = stack.splice(stack.lastIndexOf(frame.node));
      for (const member of group) onStack.delete(member);
      groups.push(group);
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

/** '/a/b-c/index.html': segments of letters, digits, '-' and '_', dots only between them (no '.', '..' or empty segment). */
const PLAIN_PATH = /^(?:\/[\w-]+(?:\.[\w-]+)*)+$/;

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

/** '/media/2025/06/rules.pdf' → '2025/06/rules.pdf', refusing anything that would leave the folder. */
function mediaName(publicPath: string): string {
  const relative = toSafeRelative(publicPath);
  if (!relative.startsWith(`${MEDIA}/`)) throw new WriteError(`${publicPath} is not under /${MEDIA}/`);
  return relative.slice(MEDIA.length + 1);
}

function sameBytes(file: string, contents: string | Uint8Array): boolean {
  try {
    return fs.readFileSync(file).equals(typeof contents === 'string' ? Buffer.from(contents) : contents);
  } catch {
    return false;
  }
}
