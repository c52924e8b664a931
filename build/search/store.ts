import type { DatabaseSync } from 'node:sqlite';
import { allRows } from '../state/database.js';

/** A searched page as stored: its encoded record ('' for a page not to be found, noindex) and its document number (null: not in the index). */
export interface StoredPage {
  record: string;
  doc: number | null;
}

export type SearchStore = ReturnType<typeof searchStore>;

/**
 * The search index's state between builds, tables of the build's state database: each searched
 * page's record and document number, the term chunks the output holds. From the state: `reading`
 * (its errors) and its value for the manifest.
 */
export function searchStore(
  db: DatabaseSync,
  state: { reading: <T>(read: () => T) => T; manifest: () => string | undefined; setManifest: (manifest: string) => void },
) {
  const { reading } = state;
  const recordByPath = db.prepare('SELECT record FROM search_pages WHERE path = ?');
  const recordByDoc = db.prepare('SELECT record FROM search_pages WHERE doc = ?');
  const chunkByName = db.prepare('SELECT contents FROM search_chunks WHERE name = ?');
  return {
    /** Every stored page: output path → its document number. */
    pages: () => reading(() => new Map(allRows<[path: string, doc: number | null]>(db, 'SELECT path, doc FROM search_pages'))),
    record: (page: string) => reading(() => (recordByPath.get(page) as { record: string } | undefined)?.record),
    recordOf: (doc: number) => reading(() => (recordByDoc.get(doc) as { record: string } | undefined)?.record),
    records: () => reading(() => new Map(allRows<[path: string, record: string]>(db, 'SELECT path, record FROM search_pages'))),
    /** The manifest the output holds, as this store last wrote it. */
    manifest: state.manifest,
    /** A term chunk's text, by file name. */
    chunk: (name: string) => reading(() => (chunkByName.get(name) as { contents: string } | undefined)?.contents),
    /** In the run's save of the state (its transaction); with `replace`, every page and chunk not set or added is deleted. */
    save(change: {
      replace: boolean;
      set: ReadonlyMap<string, StoredPage>;
      removed: readonly string[];
      manifest: string;
      chunks: ReadonlyMap<string, string>;
      droppedChunks: readonly string[];
    }): void {
      if (change.replace) db.exec('DELETE FROM search_pages; DELETE FROM search_chunks');
      const remove = db.prepare('DELETE FROM search_pages WHERE path = ?');
      for (const page of change.removed) remove.run(page);
      const upsert = db.prepare('INSERT INTO search_pages (path, record, doc) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET record = excluded.record, doc = excluded.doc');
      for (const [page, { record, doc }] of change.set) upsert.run(page, record, doc);
      const dropChunk = db.prepare('DELETE FROM search_chunks WHERE name = ?');
      for (const name of change.droppedChunks) dropChunk.run(name);
      const addChunk = db.prepare('INSERT OR IGNORE INTO search_chunks (name, contents) VALUES (?, ?)');
      for (const [name, contents] of change.chunks) addChunk.run(name, contents);
      state.setManifest(change.manifest);
    },
  };
}
