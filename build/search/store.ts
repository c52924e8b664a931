import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { codeVersion } from '../compiled.js';

/**
 * The search index's state between builds, in the build's cache folder (one database per output
 * folder, as the build's own state): each searched page's record (doc-terms.ts, encodeRecord; ''
 * for a page that must not be found, noindex), and the index files the output holds. A build reads a page's HTML only
 * when it wrote the page; the records of the others come from here.
 *
 * Records are tied to the code that made them (its fingerprint, as the build's state is): a store
 * written by other code is emptied, and the build reads every page of the output again.
 */

export interface SearchStore {
  /** Every stored record: output path → encoded record ('' for a page not to be found). */
  records(): Map<string, string>;
  /** The index files of the output the records describe (root-relative paths), or undefined if unknown. */
  indexFiles(): string[] | undefined;
  /** Replaces and deletes records and sets the index files, in one transaction. */
  save(change: { set: ReadonlyMap<string, string>; removed: readonly string[]; indexFiles: readonly string[] }): void;
  close(): void;
}

export function searchStoreFile(cacheDir: string, outDir: string): string {
  const name = createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);
  return path.join(cacheDir, `search-${name}.sqlite`);
}

export function openSearchStore(file: string, code = codeVersion()): SearchStore {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`
    CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS search_records (path TEXT PRIMARY KEY, record TEXT NOT NULL);
  `);
  const made = db.prepare('SELECT value FROM search_meta WHERE key = ?').get('code') as { value: string } | undefined;
  if (made?.value !== code) {
    db.exec('BEGIN');
    db.exec('DELETE FROM search_records; DELETE FROM search_meta');
    db.prepare('INSERT INTO search_meta (key, value) VALUES (?, ?)').run('code', code);
    db.exec('COMMIT');
  }
  return {
    records() {
      const rows = db.prepare('SELECT path, record FROM search_records').all() as { path: string; record: string }[];
      return new Map(rows.map((row) => [row.path, row.record]));
    },
    indexFiles() {
      const row = db.prepare('SELECT value FROM search_meta WHERE key = ?').get('indexFiles') as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as string[]) : undefined;
    },
    save({ set, removed, indexFiles }) {
      const upsert = db.prepare('INSERT INTO search_records (path, record) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET record = excluded.record');
      const remove = db.prepare('DELETE FROM search_records WHERE path = ?');
      db.exec('BEGIN');
      try {
        for (const [page, record] of set) upsert.run(page, record);
        for (const page of removed) remove.run(page);
        db.prepare('INSERT INTO search_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run('indexFiles', JSON.stringify(indexFiles));
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    close: () => db.close(),
  };
}
