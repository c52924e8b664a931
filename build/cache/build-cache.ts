import { createHash, hash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import type { IslandName } from '../../src/islands/registry.js';
import type { PageType } from '../../src/routes/types.js';
import type { Term } from '../../src/types/news.js';
import type { BuiltAssets } from '../bundle.js';
import type { LayoutShells } from '../render/layout-shell.js';
import type { ReportMemo } from '../report.js';
import type { KnownElement } from '../json-array.js';
import type { BuildOptions } from '../options.js';
import type { NormalizedPost, PostMedia } from '../wordpress/normalize.js';
import type { SyncState } from '../wordpress/sync.js';
import { appendBodies, packSize, readBody, removeOtherPacks, type BodyRef, type PackRef } from './body-pack.js';
import { codeVersion } from './code-version.js';
import { fromColumns, toColumns, type OutputColumns } from './output-columns.js';
import { applyDelta, diffState, type StateBase, type StateDelta } from './state-delta.js';
import type { BuildWarning } from '../warnings.js';

/**
 * The persistent build cache (DESIGN section 3, "Incremental by default"): what the last
 * successful build knew, so a cron run fetches, normalizes and renders only what changed.
 * One file per output folder, written atomically (a new file renamed over the old one), with a
 * checksum: a crash, a full disk or a stray file can never be read as a valid cache.
 * Its files are read and written with synchronous calls: a few small files and the state, on the
 * build's path with nothing to overlap them; through the thread pool, a cron run waited idle on
 * each of them, and read the 8 MB state of 5,000 posts in 512 KB round trips.
 */
export interface BuildState {
  /** What produced it; another value means other code, options or WordPress: a clean build. */
  identity: string;
  content: CachedContent;
  /** By root-relative output path: what each file of the output was made from. */
  outputs: Map<string, OutputRecord>;
  /** The output's other files (assets, public files, hosting files), root-relative: in-place builds delete those that go. */
  otherFiles?: string[];
  /** The output folder those files are in (a folder swapped in since is not the one described). */
  outputFolder: FolderIdentity;
  /** The island bundles and stylesheet, for the props bundled into them (the code is in the identity). */
  assets?: { sharedProps: string; built: BuiltAssets };
  /** What the last report weighed (asset and page sizes), reused where names and keys are the same. */
  reportMemo?: ReportMemo;
  /** The layout's shells (build/render/layout-shell.tsx), reused while the menu, partners and season are the same. */
  shells?: LayoutShells;
  /** What the outputs' declared inputs read but posts' revisions (build/render/input-reach.ts). */
  inputFrame?: string;
  /** A fingerprint of every news list's order when those outputs were made, by list id (build/render/input-reach.ts). */
  listFingerprints?: Map<string, string>;
  /** The pack holding its posts' bodies (set when saved). */
  pack?: PackRef;
}

export interface CachedContent {
  posts: CachedPost[];
  categories: Term[];
  tags: Term[];
  /** Warnings about the term lists, given again when they are reused as they are. */
  termWarnings: BuildWarning[];
  /** Posts listed by WordPress but not usable (no date...), with their warning, given again while they stay so. */
  skipped: { id: number; warning: BuildWarning }[];
  /** Live WordPress: where the next sync starts. */
  sync?: SyncState;
  /** Snapshot: fingerprint of its three files, to skip reading a snapshot that did not change. */
  snapshot?: string;
  /** The media cache and the snapshot's media files these posts' images come from (see normalizeSite). */
  mediaBasis?: string;
}

/**
 * A post as the next build needs it: of its media, only the files its pages show (what it asked
 * build/media for matters only while it is normalized; kept, it would double the cache's load time).
 */
export interface CachedPost extends Omit<NormalizedPost, 'media'> {
  media: Pick<PostMedia, 'files'>;
  /** Fingerprint of the REST object it was normalized from. */
  rawHash: string;
  /** Fingerprint of the normalized post (NewsPost.revision). */
  revision: string;
  /** Normalized by this build: the fingerprint of `post.contentHtml` (bodyFingerprint), which the pack takes. Never saved. */
  bodyHash?: string;
  /**
   * Where its body is in the state's pack (build/cache/body-pack.ts); absent while the body is
   * only in memory (normalized by this build). Read from the cache, `post.contentHtml` reads it
   * from the pack when first asked for.
   */
  body?: BodyRef;
}

export interface OutputRecord {
  /** Fingerprint of everything the file was made from (pages, files with declared inputs) or of its bytes (other files). */
  key: string;
  /** Files that are not pages: their size in bytes (a page's is in `page`). */
  size?: number;
  /** Pages only: what the build report needs without reading the file again. */
  page?: { routeId: string; pageType: PageType; islands: IslandName[]; stylesheets: string[]; size: number };
  /**
   * Files of declared inputs: the ids of the posts they named, as `,12,34,` (`,` for none), found by
   * a search for `,id,` (build/render/render-routes.tsx, ReuseSource.changedPosts). A string, as
   * the keys: 9,000 arrays read back cost a cron run more than the search they serve.
   */
  posts?: string;
  /** Files of declared inputs: the news list whose order they showed (RouteInputs.list). */
  list?: string;
}

export interface FolderIdentity {
  ino: number;
  ctimeMs: number;
}

/** How a build starts: from the cache, or clean and why (with a warning when the cache was unusable). */
export interface CacheStart {
  state?: BuildState;
  reason: string;
  warning?: string;
}

const FORMAT_PREFIX = 'SQBB-BUILD-CACHE ';
const MAGIC = `${FORMAT_PREFIX}5\n`;
const DELTA_MAGIC = 'SQBB-BUILD-DELTA 2\n';
/**
 * The payload's checksum catches a truncated or damaged file, not an attacker (who could as well
 * write a whole state): CRC-32, as gzip and PNG use, reads the 8 MB of 5,000 posts in half a
 * millisecond (SHA-1 took 4). With the payload's length, it also names the base a delta applies to.
 */
const payloadChecksum = (payload: Uint8Array) => `${crc32(payload).toString(16).padStart(8, '0')}${payload.length.toString(16).padStart(12, '0')}`;
const CHECKSUM_LENGTH = 20;
/** Bumped only when the layout of this file changes; the code fingerprint covers everything else. */
const FORMAT = 1;

/** The identity a cache must carry to be used by this build: code, options that shape every page, content source. */
export function cacheIdentity(options: BuildOptions, code = codeVersion()): string {
  return JSON.stringify({
    format: FORMAT,
    code,
    siteUrl: options.siteUrl,
    outDir: options.outDir,
    source: options.wpUrl ? `wordpress ${options.wpUrl}` : `snapshot ${options.contentDir}`,
    // The images a post may show (cached posts keep those they got): other origins, another site.
    ...(options.mediaOrigins.length > 0 ? { mediaOrigins: options.mediaOrigins } : {}),
  });
}

/** The state's base file (build/cache/state-delta.ts): the whole state as some build saved it. */
export function stateFile(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): string {
  const name = createHash('sha256').update(options.outDir).digest('hex').slice(0, 16);
  return path.join(options.cacheDir, `state-${name}.bin`);
}

/** What the builds since the base changed of it; none when the base was just written. */
export function deltaFile(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): string {
  return stateFile(options).replace(/\.bin$/, '.delta.bin');
}

/** Present while a build changes the output folder in place: the state no longer describes it. */
function changingFile(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): string {
  return stateFile(options).replace(/\.bin$/, '.changing');
}

/** Before a build changes the output in place: until its state is saved, a crash leaves no state to trust. */
export function markStateChanging(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): void {
  mkdirSync(options.cacheDir, { recursive: true });
  writeFileSync(changingFile(options), '');
}

/** The state's files as the file system sees them: base and delta. */
function stateStamp(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): string {
  return `${fileStamp(statSync(stateFile(options)))}|${stampOf(deltaFile(options)) || '-'}`;
}

/**
 * The small file beside the state, read first: enough to tell that nothing changed since the last
 * build without loading the state (tens of megabytes at 5,000 posts). It exists only while it
 * describes the state and the output folder in place: removed before either is replaced, written
 * again once both are.
 */
export interface BuildHead {
  identity: string;
  /** Fingerprint of the inputs (build/cache/build-inputs.ts); absent when a live pull made the build. */
  inputs?: string;
  outputFolder: FolderIdentity;
  /** Some posts' images failed for a passing reason: the next build tries them again. */
  retries: boolean;
  /** The state files it goes with (inode, size, time): a state replaced or damaged since makes the head void. */
  state: string;
  /** Snapshot builds: the posts of the snapshot's posts.json as this build met them, in order, where the next one expects them (build/fetch.ts). */
  posts?: KnownElement[];
}

export function headFile(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): string {
  return stateFile(options).replace(/\.bin$/, '.head.json');
}

/** The head of this output folder's cache; undefined when there is none or it does not read as one. */
export function readHead(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): BuildHead | undefined {
  try {
    const head = JSON.parse(readFileSync(headFile(options), 'utf8')) as Partial<BuildHead> | null;
    const folder = head?.outputFolder;
    if (typeof head?.identity !== 'string' || typeof head.retries !== 'boolean' || typeof folder?.ino !== 'number' || typeof folder.ctimeMs !== 'number') return undefined;
    if ((head.inputs !== undefined && typeof head.inputs !== 'string') || typeof head.state !== 'string') return undefined;
    if (head.posts !== undefined && !(Array.isArray(head.posts) && head.posts.every(isKnownElement))) return undefined;
    if (head.state !== stateStamp(options)) return undefined;
    return head as BuildHead;
  } catch {
    return undefined;
  }
}

const isKnownElement = (value: unknown): value is KnownElement =>
  typeof value === 'object' && value !== null && Number.isSafeInteger((value as KnownElement).length) && (value as KnownElement).length > 0 && typeof (value as KnownElement).hash === 'string';

/** A file as the file system sees it (inode, size, times): another stamp, another or a changed file. */
export const fileStamp = (info: Stats): string => `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;

/** Before the output folder or the state changes: a crash from here on leaves no head to trust. */
export function removeHead(options: Pick<BuildOptions, 'outDir' | 'cacheDir'>): void {
  rmSync(headFile(options), { force: true });
}

/** Reads the cache of this output folder; anything unusable gives a reason and a clean build, never a failure. */
export function loadBuildState(options: BuildOptions, identity: string): CacheStart {
  if (options.clean) return { reason: '--clean' };
  const file = stateFile(options);
  let bytes: Buffer;
  let stamp: string;
  try {
    stamp = fileStamp(statSync(file));
    bytes = readFileSync(file);
  } catch {
    return { reason: 'no cache yet' };
  }
  if (statSync(changingFile(options), { throwIfNoEntry: false })) return { reason: 'the last build stopped while changing the output' };
  // An older format of ours is no fault: a new release simply starts clean, like a code change.
  if (bytes.subarray(0, FORMAT_PREFIX.length).toString() === FORMAT_PREFIX && bytes.subarray(0, MAGIC.length).toString() !== MAGIC) {
    return { reason: 'cache made by another version of the build' };
  }
  const delta = readOptional(deltaFile(options));
  const state = decodeState(bytes, path.dirname(file), stamp, delta);
  if (!state) return { reason: 'unreadable cache', warning: `build cache ${file} is corrupt, truncated or not ours: ignored, clean build` };
  if (state.identity !== identity) return { reason: describeMismatch(state.identity, identity) };
  return { state, reason: 'cache' };
}

/** The state as the base file holds it: its output records in columns. */
type SavedState = Omit<BuildState, 'outputs'> & { outputs: OutputColumns };

/** The base each loaded state was read from: what a save compares the next state with. */
const bases = new WeakMap<BuildState, StateBase>();

/**
 * Writes the state (`previous`: the state this build started from), then its head (`inputs`: the
 * fingerprint of what the build was made from, when known; `posts`: where the snapshot's posts
 * were, for the next build to expect them there). Only what differs from the base is written,
 * as a delta, until it grows to half the base: then the whole state is, as a new base.
 */
export function saveBuildState(options: BuildOptions, state: BuildState, inputs?: string, posts?: readonly KnownElement[], previous?: BuildState): void {
  const file = stateFile(options);
  mkdirSync(path.dirname(file), { recursive: true });
  removeHead(options);
  const next = { ...state, pack: packBodies(path.dirname(file), `${path.basename(file, '.bin')}-`, state) };
  const base = previous && bases.get(previous);
  let saved = false;
  if (base && base.state.pack?.file === next.pack.file && base.stamp === stampOf(file)) {
    const delta = serialize(diffState(base, next, savedPost));
    if (delta.length <= base.payloadLength / 2) {
      writeFramed(deltaFile(options), DELTA_MAGIC, delta);
      saved = true;
    }
  }
  if (!saved) {
    const whole: SavedState = { ...next, outputs: toColumns(next.outputs), content: { ...next.content, posts: next.content.posts.map(savedPost) } };
    writeFramed(file, MAGIC, serialize(whole));
    // A delta left by a crash from here on names the old base: ignored.
    rmSync(deltaFile(options), { force: true });
  }
  rmSync(changingFile(options), { force: true });
  const head: BuildHead = {
    identity: state.identity,
    ...(inputs ? { inputs } : {}),
    outputFolder: state.outputFolder,
    retries: state.content.posts.some((post) => !post.rawHash),
    state: stateStamp(options),
    ...(posts ? { posts: posts.map(({ length, hash }) => ({ length, hash })) } : {}),
  };
  const headTemporary = `${headFile(options)}.tmp-${process.pid}`;
  writeFileSync(headTemporary, `${JSON.stringify(head)}\n`);
  renameSync(headTemporary, headFile(options));
  removeOtherPacks(path.dirname(file), `${path.basename(file, '.bin')}-`, next.pack);
}

/** Header (`magic`, the payload's checksum) and payload written to a new file renamed over `file`. */
function writeFramed(file: string, magic: string, payload: Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      // Without copying the payload into a new buffer.
      writeWhole(fd, Buffer.from(`${magic}${payloadChecksum(payload)}\n`));
      writeWhole(fd, payload);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** All of `bytes` at the file's current position (a write may take fewer). */
function writeWhole(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/** The file's bytes; undefined when it cannot be read (absent). */
function readOptional(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The file's stamp; '' when there is none. */
function stampOf(file: string): string {
  const info = statSync(file, { throwIfNoEntry: false });
  return info ? fileStamp(info) : '';
}

/** The payload of a framed file, when it is whole (its checksum holds); undefined otherwise. */
function unframe(bytes: Buffer, magic: string): { payload: Buffer; checksum: string } | undefined {
  const headerEnd = magic.length + CHECKSUM_LENGTH + 1;
  if (bytes.length <= headerEnd || bytes.subarray(0, magic.length).toString() !== magic) return undefined;
  const checksum = bytes.subarray(magic.length, headerEnd - 1).toString();
  const payload = bytes.subarray(headerEnd);
  return payloadChecksum(payload) === checksum ? { payload, checksum } : undefined;
}

/**
 * Gives every post's body a place in a pack: the bodies normalized by this build are appended to
 * the pack the cached ones are in, or all of them go into a new pack when there is none or when it
 * holds more dead bytes (bodies of posts since edited or gone) than live ones.
 */
function packBodies(dir: string, prefix: string, state: BuildState): PackRef {
  const posts = state.content.posts;
  const packed = posts.filter((entry) => entry.body);
  const live = packed.reduce((sum, entry) => sum + (entry.body?.length ?? 0), 0);
  const reuse = state.pack && packed.length > 0 && packSize(dir, state.pack) <= 2 * live ? state.pack : undefined;
  const unpacked = reuse ? posts.filter((entry) => !entry.body) : posts;
  // Reading each body here (from the old pack, when repacking) before anything is appended; its
  // fingerprint is known already (its ref in the old pack, or normalize's).
  const bodies = unpacked.map((entry) => ({ html: entry.post.contentHtml, hash: entry.body?.hash ?? entry.bodyHash }));
  const appended = appendBodies(dir, prefix, reuse, bodies);
  unpacked.forEach((entry, index) => {
    entry.body = appended.refs[index];
  });
  return appended.pack;
}

/** Not saved with a post: its body is in the pack, and its terms and revision are set on it by each build (resolvePosts). */
const UNSAVED = new Set(['contentHtml', 'categories', 'tags', 'revision']);

/** The post as the state file holds it. */
function savedPost({ bodyHash: _known, ...entry }: CachedPost): CachedPost {
  const post: Record<string, unknown> = {};
  // Copied key by key: reading `contentHtml` would read it from the pack for nothing.
  for (const key of Object.keys(entry.post)) if (!UNSAVED.has(key)) post[key] = entry.post[key as keyof typeof entry.post];
  return { ...entry, post: post as unknown as CachedPost['post'] };
}

/** Where a post read from the cache has its body, and the body once read. */
interface PackedBody {
  dir: string;
  pack: PackRef;
  ref: BodyRef;
  html?: string;
}

const PACKED_BODY = Symbol('packed body');

/**
 * `contentHtml` of a post read from the cache: read from the pack when first asked for, then kept.
 * One getter for every post, its place on the post itself: V8 keeps posts whose accessors are the
 * same function on one hidden class, while a closure per post turned all but the first of them into
 * dictionary objects, slower to read any field of for the rest of the run.
 */
function readPackedBody(this: { [PACKED_BODY]: PackedBody }): string {
  const packed = this[PACKED_BODY];
  return (packed.html ??= readBody(packed.dir, packed.pack, packed.ref));
}

function attachBody(entry: CachedPost, dir: string, pack: PackRef, ref: BodyRef): void {
  // Not enumerable: a copy of the post (a spread) takes its body, not where it came from.
  Object.defineProperty(entry.post, PACKED_BODY, { value: { dir, pack, ref } satisfies PackedBody });
  Object.defineProperty(entry.post, 'contentHtml', { enumerable: true, configurable: true, get: readPackedBody });
}

/**
 * The state in the base file's `bytes` (read at `stamp`) and its `delta` file's, its posts' bodies
 * to be read from its pack in `dir`; undefined when it does not read as a whole. A delta written
 * for another base (left by a crash while a new base replaced it) is ignored.
 */
export function decodeState(bytes: Buffer, dir: string, stamp: string, deltaBytes?: Buffer): BuildState | undefined {
  const frame = unframe(bytes, MAGIC);
  if (!frame) return undefined;
  try {
    const saved = deserialize(frame.payload) as SavedState;
    const outputs = fromColumns(saved?.outputs);
    if (!outputs) return undefined;
    const loaded: BuildState = { ...saved, outputs };
    if (!isStateShape(loaded) || !loaded.pack) return undefined;
    const base: StateBase = {
      checksum: frame.checksum,
      stamp,
      payloadLength: frame.payload.length,
      posts: new Map(loaded.content.posts.map((entry) => [entry.post.id, entry])),
      state: loaded,
    };
    let state = loaded;
    if (deltaBytes) {
      const deltaFrame = unframe(deltaBytes, DELTA_MAGIC);
      if (!deltaFrame) return undefined;
      const delta = deserialize(deltaFrame.payload) as StateDelta;
      if (!isDeltaShape(delta)) return undefined;
      if (delta.base === base.checksum) {
        const applied = applyDelta(base, delta);
        if (!applied || !isStateShape(applied) || !applied.pack) return undefined;
        state = applied;
      }
    }
    const pack = state.pack as PackRef;
    // A pack shorter than the bodies it should hold (truncated, replaced) makes the whole state void.
    const size = packSize(dir, pack);
    for (const entry of state.content.posts) {
      if (!entry.body || entry.body.at + entry.body.length > size) return undefined;
      attachBody(entry, dir, pack, entry.body);
    }
    bases.set(state, base);
    return state;
  } catch {
    return undefined;
  }
}

function isDeltaShape(value: unknown): value is StateDelta {
  const delta = value as Partial<StateDelta> | null;
  return (
    typeof delta === 'object' && delta !== null && typeof delta.base === 'string' &&
    Array.isArray(delta.order) && Array.isArray(delta.posts) && Array.isArray(delta.removed) &&
    delta.outputs instanceof Map &&
    typeof delta.fields === 'object' && delta.fields !== null && typeof delta.contentFields === 'object' && delta.contentFields !== null
  );
}

function isStateShape(value: unknown): value is BuildState {
  const state = value as Partial<BuildState> | null;
  return (
    typeof state === 'object' && state !== null && typeof state.identity === 'string' &&
    state.outputs instanceof Map &&
    typeof state.content === 'object' && state.content !== null && Array.isArray(state.content.posts) &&
    Array.isArray(state.content.categories) && Array.isArray(state.content.tags) && Array.isArray(state.content.skipped) &&
    (state.listFingerprints === undefined || state.listFingerprints instanceof Map)
  );
}

function describeMismatch(cached: string, wanted: string): string {
  try {
    const [a, b] = [JSON.parse(cached) as Record<string, unknown>, JSON.parse(wanted) as Record<string, unknown>];
    const changed = Object.keys(b).filter((key) => a[key] !== b[key]);
    const names: Record<string, string> = { format: 'cache format', code: 'code', siteUrl: 'site URL', outDir: 'output folder', source: 'content source' };
    return `${changed.map((key) => names[key] ?? key).join(', ')} changed since the cache was made`;
  } catch {
    return 'cache made by another build';
  }
}

/** The identity of the output folder itself: a folder swapped in by another build has another inode. */
export function folderIdentity(dir: string): FolderIdentity | undefined {
  const info = statSync(dir, { throwIfNoEntry: false });
  return info ? { ino: info.ino, ctimeMs: info.ctimeMs } : undefined;
}

export function sameFolder(a: FolderIdentity | undefined, b: FolderIdentity | undefined): boolean {
  return a !== undefined && b !== undefined && a.ino === b.ino && a.ctimeMs === b.ctimeMs;
}

/** Fingerprint of a REST object or a file's bytes. */
export function fingerprint(value: string | Uint8Array): string {
  // One-shot: no Hash object per call (a cron run fingerprints every post of the snapshot).
  return hash('sha1', value, 'base64url');
}
