import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { codeVersion } from '../compiled.js';

/**
 * The search index's state between builds, in the build's cache folder (one database per output
 * folder, as the build's own state):
 * - each searched page's record (doc-terms.ts, encodeRecord; '' for a page that must not be
 *   found, noindex) and its document number in the index;
 * - the index the output holds: its manifest's text and its term chunks' texts.
 * A build reads a page's HTML only when it wrote the page, and of the index only what its changes
 * reach: the records of the pages it rendered, the chunks of their terms, the documents sharing
 * their bundles.
 *
 * Records are tied to the code that made them (its fingerprint, as the build's state is): a store
 * written by other code is emptied, and the build reads every page of the output again.
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
  close(): void;
}

export function searchStoreFile(cacheDir: string, outDir: string): string {
  const name = createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);
  return path.join(cacheDir, `search-${name}.sqlite`);
}

/** Tables of the store, and of its earlier versions (dropped when the code changes). */
const TABLES = ['search_pages', 'search_chunks', 'search_records'];

export function openSearchStore(file: string, code = codeVersion()): SearchStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const meta = (key: string) => (db.prepare('SELECT value FROM search_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  if (meta('code') !== code) {
    db.exec('BEGIN');
    for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
    db.exec('DELETE FROM search_meta');
    db.prepare('INSERT INTO search_meta (key, value) VALUES (?, ?)').run('code', code);
    db.exec('COMMIT');
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS search_pages (path TEXT PRIMARY KEY, record TEXT NOT NULL, doc INTEGER);
    CREATE UNIQUE INDEX IF NOT EXISTS search_pages_doc ON search_pages (doc) WHERE doc IS NOT NULL;
    CREATE TABLE IF NOT EXISTS search_chunks (name TEXT PRIMARY KEY, contents TEXT NOT NULL);
  `);
  const recordByPath = db.prepare('SELECT record FROM search_pages WHERE path = ?');
  const recordByDoc = db.prepare('SELECT record FROM search_pages WHERE doc = ?');
  const chunkByName = db.prepare('SELECT contents FROM search_chunks WHERE name = ?');
  return {
    pages() {
      // Rows as arrays: 5,000 objects of two keys cost a cron run more than the query.
      const statement = db.prepare('SELECT path, doc FROM search_pages');
      statement.setReturnArrays(true);
      return new Map(statement.all() as unknown as [string, number | null][]);
    },
    record: (page) => (recordByPath.get(page) as { record: string } | undefined)?.record,
    recordOf: (doc) => (recordByDoc.get(doc) as { record: string } | undefined)?.record,
    records() {
      const rows = db.prepare('SELECT path, record FROM search_pages').all() as { path: string; record: string }[];
      return new Map(rows.map((row) => [row.path, row.record]));
    },
    manifest: () => meta('manifest'),
    chunk: (name) => (chunkByName.get(name) as { contents: string } | undefined)?.contents,
    save({ replace, set, removed, manifest, chunks, droppedChunks }) {
      db.exec('BEGIN');
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
        db.prepare('INSERT INTO search_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run('manifest', manifest);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    close: () => db.close(),
  };
}
