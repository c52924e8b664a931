import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleName, INDEX_FOLDER, moreFileOf, type SearchManifest } from '../../src/islands/search/index-format.js';
import { SEARCH_MANIFEST } from '../../src/routes/search-routes.js';
import type { OutputFile } from '../output-file.js';
import type { RenderedOutput } from '../render/render-site.js';
import { decodeRecord, type IndexRecord } from './doc-terms.js';
import { bundleCount, StoreMismatch, updateIndexFiles, writeSearchIndex, type DocChange, type IndexFiles } from './index-files.js';
import { recordOfHtml, searchedRoutes } from './page-record.js';
import type { SearchStore, StoredPage } from './store.js';

export interface SearchPage {
  /** Its output file, '/actualites/article/54/index.html'. */
  path: string;
  routeId: string;
  /** Its search record when this build rendered it (page-record.ts); absent: as in the output. */
  record?: string;
}

/** Every page output of this build, with the search record of those rendered this run. */
export function pagesForSearch(outputs: readonly RenderedOutput[]): SearchPage[] {
  return outputs.flatMap(({ path, record: { page }, search }) =>
    page ? [{ path, routeId: page.routeId, ...(search !== undefined ? { record: search } : {}) }] : [],
  );
}

export interface SearchIndexInput {
  store: SearchStore;
  /** The output folder in place (the previous build's), read for a page the store does not know. */
  outDir: string;
  pages: readonly SearchPage[];
  /** A clean build: every file of the index is made again (the writer still keeps identical bytes). */
  clean?: boolean;
}

export interface SearchIndexUpdate {
  /** Index files to write (the writer leaves alone those whose bytes are the output's). */
  files: OutputFile[];
  kept: string[];
  /** True when the whole index was made again from every record (a clean build, a document removed or inserted). */
  rebuilt: boolean;
  /** Saves the records and chunks, in the run's save of the state (StateChanges.search). */
  commit(): void;
}

/**
 * Stage (after render, before write): the search index of this build's pages, the pages not
 * rendered this run known from the store. Only what changed records reach is made again, or the
 * whole index when a document went or came before others (every later number moves).
 */
export function updateSearchIndex(input: SearchIndexInput): SearchIndexUpdate {
  try {
    return indexUpdate(input);
  } catch (error) {
    // A store that does not hold what its manifest names costs reading every page again, never a wrong index or a failed build.
    if (!(error instanceof StoreMismatch) || input.clean) throw error;
    return indexUpdate({ ...input, clean: true });
  }
}

function indexUpdate({ store, outDir, pages, clean = false }: SearchIndexInput): SearchIndexUpdate {
  // The output's manifest must be the one the store last wrote; else (a build that failed after
  // writing, a hand-edited output) no stored record is trusted.
  const storedManifest = clean ? undefined : store.manifest();
  const previous = storedManifest !== undefined && readOutput(outDir, SEARCH_MANIFEST) === storedManifest ? (JSON.parse(storedManifest) as SearchManifest) : undefined;
  const stored = previous ? store.pages() : new Map<string, number | null>();
  const changed = new Map<string, PageChange>();
  const present = new Set<string>();
  for (const page of pages) {
    const route = searchedRoutes.get(page.routeId);
    if (!route) continue;
    present.add(page.path);
    const known = stored.has(page.path);
    if (page.record !== undefined) {
      const before = known ? store.record(page.path) : undefined;
      if (page.record !== before) changed.set(page.path, { record: page.record, ...(before === undefined ? {} : { before }) });
    } else if (!known) {
      const html = readOutput(outDir, page.path);
      changed.set(page.path, { record: html === undefined ? '' : recordOfHtml(html, page.path, route.section) });
    }
  }
  const removed = [...stored.keys()].filter((page) => !present.has(page));
  if (previous && changed.size === 0 && removed.length === 0) {
    return { files: [], kept: [SEARCH_MANIFEST, ...filesOf(previous)], rebuilt: false, commit: () => {} };
  }

  const update = (previous && appendedChanges(store, previous, stored, changed, removed)) || undefined;
  let index: IndexFiles;
  const set = new Map<string, StoredPage>();
  if (previous && update) {
    index = updateIndexFiles(previous, store, update.changes);
    for (const [page, { record }] of changed) set.set(page, { record, doc: update.docs.get(page) ?? null });
  } else {
    const records = new Map<string, string>();
    if (previous) for (const [page, record] of store.records()) if (present.has(page)) records.set(page, record);
    for (const [page, { record }] of changed) records.set(page, record);
    const ordered = [...records].filter(([, record]) => record !== '').map(([page, record]) => ({ page, record: decodeRecord(record) }));
    ordered.sort((a, b) => documentOrder(a.record, b.record));
    index = writeSearchIndex(ordered.map(({ record }) => record));
    const docs = new Map(ordered.map(({ page }, doc) => [page, doc]));
    for (const [page, record] of records) set.set(page, { record, doc: docs.get(page) ?? null });
  }

  const manifest = JSON.stringify(index.manifest);
  const before = new Set(previous ? filesOf(previous) : []);
  // Chunks and bundles are named by their bytes: one the output has is the same file.
  const kept = filesOf(index.manifest).filter((file) => before.has(file));
  const files = [...index.made.filter((file) => !before.has(file.path)), { path: SEARCH_MANIFEST, contents: manifest }];
  const chunkNames = new Set(index.manifest.chunks.map(([, name]) => name));
  const chunks = new Map(index.made.filter((file) => chunkNames.has(nameOf(file.path))).map((file) => [nameOf(file.path), String(file.contents)]));
  const droppedChunks = previous ? previous.chunks.map(([, name]) => name).filter((name) => !chunkNames.has(name)) : [];
  return {
    files,
    kept,
    rebuilt: !update,
    commit: () => store.save({ replace: !update, set, removed, manifest, chunks, droppedChunks }),
  };
}

/** A searched page whose record is new or changed this run. */
interface PageChange {
  record: string;
  /** Its stored record. */
  before?: string;
}

/** The changes as documents changed in place or added after every other, with their numbers; else undefined. */
function appendedChanges(
  store: SearchStore,
  previous: SearchManifest,
  stored: ReadonlyMap<string, number | null>,
  changed: ReadonlyMap<string, PageChange>,
  removed: readonly string[],
): { changes: DocChange[]; docs: Map<string, number> } | undefined {
  if (previous.docs === 0 || removed.some((page) => stored.get(page) != null)) return undefined;
  const changes: DocChange[] = [];
  const docs = new Map<string, number>();
  const added: { page: string; record: IndexRecord }[] = [];
  for (const [page, { record, before }] of changed) {
    const doc = stored.get(page) ?? null;
    if (doc === null) {
      if (record !== '') added.push({ page, record: decodeRecord(record) });
      continue;
    }
    if (record === '' || before === undefined) return undefined;
    const was = decodeRecord(before);
    const now = decodeRecord(record);
    if (documentOrder(was, now) !== 0) return undefined;
    changes.push({ doc, before: was, after: now });
    docs.set(page, doc);
  }
  added.sort((a, b) => documentOrder(a.record, b.record));
  const last = store.recordOf(previous.docs - 1);
  if (added.length > 0 && (last === undefined || documentOrder(decodeRecord(last), added[0]!.record) >= 0)) return undefined;
  added.forEach(({ page, record }, index) => {
    changes.push({ doc: previous.docs + index, after: record });
    docs.set(page, previous.docs + index);
  });
  return { changes, docs };
}

/** The files of an index but its manifest. */
function filesOf(manifest: SearchManifest): string[] {
  const bundles = Array.from({ length: bundleCount(manifest.docs) }, (_, index) => bundleName(manifest, index));
  return [...manifest.chunks.map(([, name]) => name), ...bundles.flatMap((name) => [name, moreFileOf(name)])].map((name) => `${INDEX_FOLDER}/${name}`);
}

function nameOf(file: string): string {
  return file.slice(INDEX_FOLDER.length + 1);
}

function readOutput(outDir: string, file: string): string | undefined {
  try {
    return readFileSync(path.join(outDir, file), 'utf8');
  } catch {
    return undefined;
  }
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Pages first ('' is before any day), then posts by day, then by URL: a new post is numbered after
 * every other document, so the bundles before it keep their names; and a later number is a later
 * day, which the engine uses to rank the newer of two results first (search-engine.ts).
 */
function documentOrder(a: IndexRecord, b: IndexRecord): number {
  return (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) || collator.compare(a.url, b.url) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
}
