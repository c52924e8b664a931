import { statSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { IslandName } from '../../src/islands/registry.js';
import type { PageType } from '../../src/routes/types.js';
import type { NewsPostBase, Term } from '../../src/types/news.js';
import type { BuiltAssets } from '../bundle.js';
import type { LayoutShells } from '../render/layout-shell.js';
import type { MediaWeight } from '../media-weight.js';
import type { DataMemo } from '../static-data-memo.js';
import type { BuildWarning } from '../warnings.js';
import { sha256 } from '../fs.js';
import { searchStore, type SearchStore } from '../search/store.js';
import type { KnownPost, SyncState } from '../wordpress/sync.js';
import { allRows, openDatabase, reading, removeDatabase, rowChecksum, savingFailure, StateDamagedError, stateFile } from './database.js';

/** A post as the next build needs it: normalized, its images attached (their public files), its terms by id. */
export interface CachedPost {
  /** Read from the state, `contentHtml` is read from the database when first asked for. */
  post: NewsPostBase;
  categoryIds: number[];
  tagIds: number[];
  /** Its own warnings, given again on every build that uses it. */
  warnings: BuildWarning[];
  /** Public /media/ paths of the image files its pages show. */
  mediaFiles: string[];
  /** Fingerprint of the REST object it was normalized from; '' when an image failed for a passing reason (normalized again next run). */
  rawHash: string;
  /** Fingerprint of the normalized post (NewsPost.revision). */
  revision: string;
}

/** What each file of the output was made from. */
export interface OutputRecord {
  /** Fingerprint of everything the file was made from (pages, files with declared inputs) or of its bytes. */
  key: string;
  size: number;
  /** Pages only: what the report needs without reading the page again. */
  page?: { routeId: string; pageType: PageType; islands: IslandName[]; stylesheets: string[] };
  /** Declared inputs: the ids of the posts the file named (a change to one of them makes it again). */
  posts?: number[];
  /** Declared inputs: the news list whose order picked them. */
  list?: string;
}

/** What the last report weighed: asset names carry their content's hash and a page's record key its inputs, so equal ones weigh the same. */
export interface ReportMemo {
  /** gzip bytes by asset URL. */
  assets: Record<string, number>;
  /** The largest page of a type, by path and record key: its gzip bytes and images on a phone. */
  pages: Record<string, { htmlGzip: number; media: MediaWeight }>;
}

/** The content's parts that are not posts, kept whole. */
export interface ContentMeta {
  categories: Term[];
  tags: Term[];
  /** Warnings about the term lists, given again when they are reused. */
  termWarnings: BuildWarning[];
  /** Posts listed but not usable (no date...), with their warning, given again while they stay so. */
  skipped: { id: number; warning: BuildWarning }[];
  /** Snapshot builds: the fingerprint of its files, to skip a snapshot that did not change. */
  snapshot?: string;
  /** The media cache and snapshot media the posts' images were attached from (a purge makes every post new). */
  mediaBasis: string;
}

/** Small values kept whole, as JSON, by name. */
export interface StateMeta {
  /** What made the state: code, options, content source. Another value: a clean build. */
  identity: string;
  content: ContentMeta;
  /** WordPress builds: where the next sync starts (its `known` posts are a table of their own). */
  marker: string;
  /** The output folder the records describe (a folder swapped in by hand has another inode). */
  outputFolder: { ino: number };
  /** The staging folder of the run that saved: found still there by the next run, publishing did not end (the output may be mixed). */
  publishing: string;
  /** Everything but the content a no-change run compares (run-basis.ts, inputsFingerprint). */
  inputs: string;
  /** Fingerprint of the categories and tags as WordPress last sent them. */
  termsHash: string;
  /** Some posts' images failed for a passing reason: the next run normalizes them again. */
  retries: boolean;
  /** Pages were kept one post behind (their lists' old orders kept with them): the next run makes them, whatever it fetches. */
  later: boolean;
  /** The island bundles and stylesheet, for the props bundled into them (the code is in the identity). */
  assets: { sharedProps: string; built: BuiltAssets };
  /** The layout's shells, reused while the menu, partners and season are the same. */
  shells: LayoutShells;
  /** What the outputs' declared inputs read but posts (build/render/input-reach.ts). */
  inputFrame: string;
  /** The snapshot's documents published under /media/. */
  documents: string[];
  reportMemo: ReportMemo;
  /** Set by every save: another value than the one this process saved means another process saved since (`stillCurrent`). */
  generation: string;
  /** The search index's manifest as the output holds it (saved with the index's tables: build/search/store.ts). */
  searchManifest: string;
  /** The club's data files as last validated (build/static-data-memo.ts). */
  dataMemo: DataMemo;
}

/** What a run changes in the state, saved in one transaction. */
export interface StateChanges {
  clean: boolean;
  /** Values to set; undefined removes one. */
  meta: { [K in keyof StateMeta]?: StateMeta[K] | undefined };
  /** Posts new or normalized again (with their bodies). */
  posts: readonly CachedPost[];
  removedPosts: readonly number[];
  /** WordPress builds: every post the sync knows (saved as rows: those new or different, and those gone). */
  known?: Record<number, KnownPost>;
  outputs: ReadonlyMap<string, OutputRecord>;
  removedOutputs: readonly string[];
  /** News lists whose order is new or changed, and those gone. */
  lists?: { set: ReadonlyMap<string, string>; removed: Iterable<string> };
  /** The search index's records and chunks (SearchIndexUpdate.commit), written in the same transaction. */
  search?: () => void;
}

/** The state of one output folder, read table by table (post bodies one at a time, when a page needs one). */
export class BuildState {
  private readonly bodyQuery: StatementSync;
  /** Values given by `remember`, saved with the run's next save. */
  private remembered: StateChanges['meta'] = {};
  /** The tables as this process read or saved them (the builder keeps them between builds); replaced, never changed in place: a run holds what it read. */
  private kept: { meta: Map<string, unknown>; posts?: CachedPost[]; outputs?: Map<string, OutputRecord>; lists?: Map<string, string>; known?: Record<number, KnownPost> } = { meta: new Map() };
  /** `generation` as this process opened or last saved it. */
  private generation: string | undefined;
  /** The file opened: one put in its place (a cache removed by hand, then made again) is another state. */
  private readonly inode: number;

  /** `replaced`: the file held the state of another version of the build, now started again. */
  private constructor(
    readonly file: string,
    private readonly db: DatabaseSync,
    readonly replaced: boolean,
  ) {
    this.bodyQuery = db.prepare('SELECT html, crc FROM bodies WHERE post_id = ?');
    this.generation = this.readMeta('generation');
    this.inode = statSync(file).ino;
  }

  /** Opens the state of this output folder (a new, empty one when there is none). */
  static open(options: { outDir: string; cacheDir: string }): BuildState {
    const file = stateFile(options);
    const { db, replaced } = openDatabase(file);
    // Up to schema 2 the search index had a database of its own beside the state: it goes with it.
    if (replaced) removeDatabase(path.join(options.cacheDir, `search-${sha256(path.resolve(options.outDir)).slice(0, 16)}.sqlite`));
    return new BuildState(file, db, replaced);
  }

  /** A damaged state: its file removed, a new empty one opened. */
  static reset(options: { outDir: string; cacheDir: string }): BuildState {
    removeDatabase(stateFile(options));
    return BuildState.open(options);
  }

  close(): void {
    this.db.close();
  }

  meta<K extends keyof StateMeta>(key: K): StateMeta[K] | undefined {
    if (!this.kept.meta.has(key)) this.kept.meta.set(key, this.readMeta(key));
    return this.kept.meta.get(key) as StateMeta[K] | undefined;
  }

  /** True when no other process saved this state since this one opened or saved it (one row read). */
  stillCurrent(): boolean {
    return statSync(this.file, { throwIfNoEntry: false })?.ino === this.inode && this.readMeta('generation') === this.generation;
  }

  private readMeta<K extends keyof StateMeta>(key: K): StateMeta[K] | undefined {
    return this.read(() => {
      const row = this.db.prepare('SELECT value, crc FROM meta WHERE key = ?').get(key) as { value: string; crc: number } | undefined;
      if (row && rowChecksum(key, row.value) !== row.crc) throw this.damaged(`the value ${key} is damaged`);
      return row === undefined ? undefined : (JSON.parse(row.value) as StateMeta[K]);
    });
  }

  /** Sets one value outside a run's save: committed at once, or with the transaction in progress. */
  setMeta<K extends keyof StateMeta>(key: K, value: StateMeta[K] | undefined): void {
    this.kept.meta.set(key, value);
    if (value === undefined) this.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
    else putRows(this.db, 'meta', META_COLUMNS, [metaRow(key, value)]);
  }

  /** Sets one value with the run's next save (in its transaction, whatever else the save sets). */
  remember<K extends keyof StateMeta>(key: K, value: StateMeta[K]): void {
    this.remembered[key] = value;
  }

  /** The search index's records and chunks (their tables, saved with the run's save: StateChanges.search). */
  searchStore(): SearchStore {
    return searchStore(this.db, {
      reading: (read) => this.read(read),
      manifest: () => this.meta('searchManifest'),
      setManifest: (manifest) => this.setMeta('searchManifest', manifest),
    });
  }

  /** Every post, newest id first; bodies are read when a page needs one. */
  posts(): CachedPost[] {
    return (this.kept.posts ??= this.read(() =>
      allRows<[id: number, rawHash: string, revision: string, entry: string, crc: number]>(this.db, 'SELECT id, raw_hash, revision, entry, crc FROM posts ORDER BY id DESC').map(([id, rawHash, revision, json, crc]) => {
        if (rowChecksum(rawHash, revision, json) !== crc) throw this.damaged(`post ${id} is damaged`);
        return this.cachedPost(id, rawHash, revision, json);
      }),
    ));
  }

  /** The REST fingerprint a post was normalized from ('' when there is none). */
  rawHash(id: number): string {
    if (this.kept.posts) return this.kept.posts.find((cached) => cached.post.id === id)?.rawHash ?? '';
    return this.read(() => (this.db.prepare('SELECT raw_hash FROM posts WHERE id = ?').get(id) as { raw_hash: string } | undefined)?.raw_hash ?? '');
  }

  /** A post's body, checked against its checksum. */
  body(id: number): string {
    return this.read(() => {
      const row = this.bodyQuery.get(id) as { html: string; crc: number } | undefined;
      if (!row || rowChecksum(row.html) !== row.crc) throw this.damaged(`the body of post ${id} is ${row ? 'damaged' : 'missing'}`);
      return row.html;
    });
  }

  /** WordPress builds: where the last sync ended. */
  sync(): SyncState | undefined {
    const marker = this.meta('marker');
    if (marker === undefined) return undefined;
    const known = (this.kept.known ??= this.read(() => {
      const rows = allRows<[id: number, modified: string, mediaId: number, terms: string]>(this.db, 'SELECT id, modified, media_id, terms FROM wp_known');
      return Object.fromEntries(rows.map(([id, modified, mediaId, terms]) => [id, { modified, mediaId, terms: terms ? terms.split(',').map(Number) : [] }]));
    }));
    return { marker, known };
  }

  /** Every output record, by root-relative path. */
  outputs(): Map<string, OutputRecord> {
    return (this.kept.outputs ??= this.read(() => {
      const outputs = new Map<string, OutputRecord>();
      // Thousands of pages share a few page descriptions: each parsed once, shared (records are not changed in place).
      const pages = new Map<string, NonNullable<OutputRecord['page']>>();
      const rows = allRows<[path: string, key: string, size: number, list: string | null, page: string | null, posts: string | null, crc: number]>(this.db, 'SELECT path, key, size, list, page, posts, crc FROM outputs');
      for (const [file, key, size, list, pageJson, posts, crc] of rows) {
        if (rowChecksum(file, key, size, list, pageJson, posts) !== crc) throw this.damaged(`the record of ${file} is damaged`);
        const record: OutputRecord = { key, size };
        if (pageJson !== null) {
          if (!pages.has(pageJson)) pages.set(pageJson, JSON.parse(pageJson) as NonNullable<OutputRecord['page']>);
          record.page = pages.get(pageJson);
        }
        if (posts !== null) record.posts = posts ? posts.split(',').map(Number) : [];
        if (list !== null) record.list = list;
        outputs.set(file, record);
      }
      return outputs;
    }));
  }

  /** The order of every news list when the outputs were made, as fingerprints by list id. */
  lists(): Map<string, string> {
    return (this.kept.lists ??= this.read(() => new Map(allRows<[id: string, fingerprint: string]>(this.db, 'SELECT id, fingerprint FROM lists'))));
  }

  /** Saves a run's changes in one transaction: all of them or, on any failure, none. */
  save(changes: StateChanges): void {
    const db = this.db;
    const generation = `${process.pid}-${Date.now()}-${(savesByProcess += 1)}`;
    const meta = { ...this.remembered, ...changes.meta, generation };
    // The body has a table of its own: it is read per article rendered, the rest by every run.
    // Terms and revision are set on the post by each run (resolvePosts): not saved with it.
    const saved = changes.posts.map(({ rawHash, revision, ...entry }) => {
      const json = JSON.stringify({ ...entry, post: { ...entry.post, contentHtml: undefined, categories: undefined, tags: undefined, revision: undefined } });
      return { id: entry.post.id, rawHash, revision, json, html: entry.post.contentHtml };
    });
    // In path order: the table is ordered by path, and appending is cheaper than inserting.
    const outputs = [...changes.outputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([file, record]) => {
      const row = [file, record.key, record.size, record.list ?? null, record.page ? JSON.stringify(record.page) : null, record.posts?.join(',') ?? null];
      return [...row, rowChecksum(...row)];
    });
    const known = changes.known && knownRows(changes.clean ? {} : (this.sync()?.known ?? {}), changes.known);
    db.exec('BEGIN IMMEDIATE');
    try {
      if (changes.clean) {
        for (const table of ['meta', 'wp_known', 'posts', 'bodies', 'outputs', 'lists']) db.exec(`DELETE FROM ${table}`);
      }
      const entries = Object.entries(meta);
      putRows(db, 'meta', META_COLUMNS, entries.flatMap(([key, value]) => (value === undefined ? [] : [metaRow(key, value)])), entries.flatMap(([key, value]) => (value === undefined ? [key] : [])));
      putRows(db, 'posts', ['id', 'raw_hash', 'revision', 'entry', 'crc'], saved.map((post) => [post.id, post.rawHash, post.revision, post.json, rowChecksum(post.rawHash, post.revision, post.json)]), changes.removedPosts);
      putRows(db, 'bodies', ['post_id', 'html', 'crc'], saved.map((post) => [post.id, post.html, rowChecksum(post.html)]), changes.removedPosts);
      if (known) putRows(db, 'wp_known', ['id', 'modified', 'media_id', 'terms'], known.rows, known.removed);
      putRows(db, 'outputs', ['path', 'key', 'size', 'list', 'page', 'posts', 'crc'], outputs, changes.removedOutputs);
      if (changes.lists) putRows(db, 'lists', ['id', 'fingerprint'], changes.lists.set, changes.lists.removed);
      changes.search?.();
      db.exec('COMMIT');
      this.remembered = {};
    } catch (error) {
      // SQLite ends the transaction itself on some errors (a full disk).
      if (db.isTransaction) db.exec('ROLLBACK');
      // What was set meanwhile (the search manifest) was rolled back too: the next run reads the file.
      this.kept = { meta: new Map() };
      throw savingFailure('saving the build state', this.file, error);
    }
    this.generation = generation;
    // The saved posts as a read would give them, made only when the process keeps the posts.
    const fresh = this.kept.posts && !changes.clean ? saved.map(({ id, rawHash, revision, json, html }) => this.cachedPost(id, rawHash, revision, json, html)) : [];
    this.keepSaved({ ...changes, meta }, fresh);
  }

  /** The kept tables with the save's changes, as a read of the file would give them; after a clean save, only what it saved. */
  private keepSaved(changes: StateChanges, fresh: readonly CachedPost[]): void {
    const kept: BuildState['kept'] = changes.clean ? { meta: new Map() } : this.kept;
    const { posts, outputs, lists } = kept;
    const known = changes.known ?? kept.known;
    const meta = new Map([...kept.meta, ...Object.entries(changes.meta)]);
    const replaced = new Set([...changes.removedPosts, ...fresh.map((cached) => cached.post.id)]);
    this.kept = {
      meta,
      ...(posts && { posts: [...posts.filter((cached) => !replaced.has(cached.post.id)), ...fresh].sort((a, b) => b.post.id - a.post.id) }),
      ...(outputs && { outputs: withChanges(outputs, changes.outputs, changes.removedOutputs) }),
      ...(lists && { lists: changes.lists ? withChanges(lists, changes.lists.set, changes.lists.removed) : lists }),
      ...(known && { known }),
    };
  }

  /** A post as a read of its row gives it: its body read when first asked for (only the articles a run renders need theirs). */
  private cachedPost(id: number, rawHash: string, revision: string, json: string, html?: string): CachedPost {
    const cached: CachedPost = { ...(JSON.parse(json) as Omit<CachedPost, 'rawHash' | 'revision'>), rawHash, revision };
    let body = html;
    Object.defineProperty(cached.post, 'contentHtml', { enumerable: true, configurable: true, get: () => (body ??= this.body(id)) });
    return cached;
  }

  /** Runs `read`, SQLite's errors (a damaged file) turned into StateDamagedError. */
  private read<T>(read: () => T): T {
    return reading(this.file, read);
  }

  private damaged(what: string): StateDamagedError {
    return new StateDamagedError(`build state ${this.file}: ${what}`);
  }
}

/** Numbers the saves of this process, so that two saves in the same millisecond differ. */
let savesByProcess = 0;

const META_COLUMNS = ['key', 'value', 'crc'];

/** A meta value as its row holds it: its JSON and the checksum of both. */
function metaRow(key: string, value: unknown): SQLInputValue[] {
  const json = JSON.stringify(value);
  return [key, json, rowChecksum(key, json)];
}

/** Sets `rows` of `table` (their columns in order, the key first), then deletes the rows of the keys `removed`. */
function putRows(db: DatabaseSync, table: string, columns: readonly string[], rows: Iterable<readonly SQLInputValue[]>, removed: Iterable<SQLInputValue> = []): void {
  const put = db.prepare(`INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  for (const row of rows) put.run(...row);
  const remove = db.prepare(`DELETE FROM ${table} WHERE ${columns[0]} = ?`);
  for (const key of removed) remove.run(key);
}

/** A copy of `map` with `set` set and `removed` removed (the map itself when nothing changed): the kept map stays as a run read it. */
function withChanges<V>(map: Map<string, V>, set: ReadonlyMap<string, V>, removed: Iterable<string>): Map<string, V> {
  const gone = [...removed];
  if (set.size === 0 && gone.length === 0) return map;
  const copy = new Map([...map, ...set]);
  for (const key of gone) copy.delete(key);
  return copy;
}

/** The rows of the posts `after` knows new or different from `before`, and the ids gone. */
function knownRows(before: Record<number, KnownPost>, after: Record<number, KnownPost>): { rows: SQLInputValue[][]; removed: number[] } {
  const rows = Object.entries(after).flatMap(([id, known]) => {
    const was = before[Number(id)];
    const same = was && was.modified === known.modified && was.mediaId === known.mediaId && was.terms.join() === known.terms.join();
    return same ? [] : [[Number(id), known.modified, known.mediaId, known.terms.join(',')]];
  });
  return { rows, removed: Object.keys(before).map(Number).filter((id) => !(id in after)) };
}

/**
 * Paths of the files whose declared inputs named one of these posts or showed one of these lists
 * (the records are the relation's only copy); those only a list reaches are also added to
 * `byListAlone` when it is given.
 */
export function reachedBy(outputs: ReadonlyMap<string, OutputRecord>, posts: ReadonlySet<number>, lists: ReadonlySet<string>, byListAlone?: Set<string>): Set<string> {
  const reached = new Set<string>();
  for (const [file, record] of outputs) {
    const byPost = record.posts?.some((id) => posts.has(id)) ?? false;
    const byList = record.list !== undefined && lists.has(record.list);
    if (byPost || byList) reached.add(file);
    if (byList && !byPost) byListAlone?.add(file);
  }
  return reached;
}
