import type { DatabaseSync } from 'node:sqlite';
import { allRows } from '../state/database.js';

/**
 * The search index's state between builds, tables of the build's state database
 * (build/state/database.ts):
 * - each searched page's record (doc-terms.ts, encodeRecord; '' for a page that must not be
 *   found, noindex) and its document number in the index;
 * - the index the output holds: its manifest's text and its term chunks' texts.
 * A build reads a page's HTML only when it wrote the page, and of the index only what its changes
 * reach: the records of the pages it rendered, the chunks of their terms, the documents sharing
 * their bundles. A state made by other code is not read (the build is clean, and so is its index).
 */

export interface StoredPage {
  /** Encoded record, '' for a page not to be found. */
  record: string;
  /** Its document number in the index, null when it is not in it. */
  doc: number | null;
}

export interface SearchStore {
  /** Every stored page: output path → its document number (null: not in the index). */
  pages(): Map<string, number | null>;
  /** One page's record. */
  record(page: string): string | undefined;
  /** The record of the document with this number. */
  recordOf(doc: number): string | undefined;
  /** Every stored record: output path → encoded record. */
  records(): Map<string, string>;
  /** The text of the manifest the output holds, as this store last wrote it. */
  manifest(): string | undefined;
  /** A term chunk's text, by file name. */
  chunk(name: string): string | undefined;
  /**
   * In one transaction: pages set, pages removed, chunks added, chunks no longer in the index,
   * the manifest. With `replace`, every page and chunk not set or added is deleted.
   */
  save(change: {
    replace: boolean;
    set: ReadonlyMap<string, StoredPage>;
    removed: readonly string[];
    manifest: string;
    chunks: ReadonlyMap<string, string>;
    droppedChunks: readonly string[];
  }): void;
}

/**
 * The store over the state database `db`. From the state: `reading`, which turns SQLite's errors
 * into its own, `savingFailed`, which names its file (a full disk), and its value for the manifest
 * (set inside the store's transaction).
 */
export function searchStore(
  db: DatabaseSync,
  state: { reading: <T>(read: () => T) => T; savingFailed: (error: unknown) => Error; manifest: () => string | undefined; setManifest: (manifest: string) => void },
): SearchStore {
  const { reading } = state;
  const recordByPath = db.prepare('SELECT record FROM search_pages WHERE path = ?');
  const recordByDoc = db.prepare('SELECT record FROM search_pages WHERE doc = ?');
  const chunkByName = db.prepare('SELECT contents FROM search_chunks WHERE name = ?');
  return {
    pages: () => reading(() => new Map(allRows<[path: string, doc: number | null]>(db, 'SELECT path, doc FROM search_pages'))),
    record: (page) => reading(() => (recordByPath.get(page) as { record: string } | undefined)?.record),
    recordOf: (doc) => reading(() => (recordByDoc.get(doc) as { record: string } | undefined)?.record),
    records: () => reading(() => new Map((db.prepare('SELECT path, record FROM search_pages').all() as { path: string; record: string }[]).map((row) => [row.path, row.record]))),
    manifest: state.manifest,
    chunk: (name) => reading(() => (chunkByName.get(name) as { contents: string } | undefined)?.contents),
    save({ replace, set, removed, manifest, chunks, droppedChunks }) {
      db.exec('BEGIN IMMEDIATE');
      try {
        if (replace) db.exec('DELETE FROM search_pages; DELETE FROM search_chunks');
        const upsert = db.prepare('INSERT INTO search_pages (path, record, doc) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET record = excluded.record, doc = excluded.doc');
        const remove = db.prepare('DELETE FROM search_pages WHERE path = ?');
        for (const page of removed) remove.run(page);
        for (const [page, { record, doc }] of set) upsert.run(page, record, doc);
        const dropChunk = db.prepare('DELETE FROM search_chunks WHERE name = ?');
        for (const name of droppedChunks) dropChunk.run(name);
        const addChunk = db.prepare('INSERT OR IGNORE INTO search_chunks (name, contents) VALUES (?, ?)');
        for (const [name, contents] of chunks) addChunk.run(name, contents);
        state.setManifest(manifest);
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw state.savingFailed(error);
      }
    },
  };
}
