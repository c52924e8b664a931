import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { crc32 } from 'node:zlib';
import { sha256, writeAdvice } from '../fs.js';

/**
 * The build's state: one SQLite database per output folder, in the cache folder. A cron run reads
 * the rows a change reaches, and a run's changes are saved in one transaction (WAL), so a crash or a
 * full disk leaves the state of the last run that finished.
 *
 * Rows whose damage would show on a page (posts, bodies, output records, named values) carry a
 * CRC-32 of their text, checked when read: SQLite checks its own structure, not the bytes of a
 * value. A damaged row or file throws a StateDamagedError: the build gives one warning and starts
 * clean. The media index (build/media/store.ts) is a database of the same kind, with the same check.
 */
export class StateDamagedError extends Error {
  override name = 'StateDamagedError';
}

/** The state's tables and their version: bumped when they change, a state of another version is started again. */
const STATE_SCHEMA = {
  version: 4,
  sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL, crc INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE wp_known (id INTEGER PRIMARY KEY, modified TEXT NOT NULL, media_id INTEGER NOT NULL, terms TEXT NOT NULL);
CREATE TABLE posts (id INTEGER PRIMARY KEY, raw_hash TEXT NOT NULL, revision TEXT NOT NULL, entry TEXT NOT NULL, crc INTEGER NOT NULL);
CREATE TABLE bodies (post_id INTEGER PRIMARY KEY, html TEXT NOT NULL, crc INTEGER NOT NULL);
CREATE TABLE outputs (path TEXT PRIMARY KEY, key TEXT NOT NULL, size INTEGER NOT NULL, list TEXT, page TEXT, posts TEXT, crc INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE lists (id TEXT PRIMARY KEY, fingerprint TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE search_pages (path TEXT PRIMARY KEY, record TEXT NOT NULL, doc INTEGER);
CREATE UNIQUE INDEX search_pages_doc ON search_pages (doc) WHERE doc IS NOT NULL;
CREATE TABLE search_chunks (name TEXT PRIMARY KEY, contents TEXT NOT NULL) WITHOUT ROWID;
`,
};

/** The database file of the output folder `outDir`, in `cacheDir`. */
export function stateFile(options: { outDir: string; cacheDir: string }): string {
  return path.join(options.cacheDir, `state-${sha256(options.outDir).slice(0, 16)}.sqlite`);
}

/** The `modified` of these posts in the last sync saved (absent: not on the site), read-only: the builder tells wp-admin which versions the site shows. */
export function readKnownVersions(options: { outDir: string; cacheDir: string }, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(stateFile(options), { readOnly: true });
    const rows = db.prepare(`SELECT id, modified FROM wp_known WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number; modified: string }[];
    return new Map(rows.map((row) => [row.id, row.modified]));
  } catch {
    // No state yet (no build has run), or one being replaced: the site has no version of anything.
    return new Map();
  } finally {
    db?.close();
  }
}

/** The checksum a row carries: of its fields joined by NUL (none of them holds one). */
export function rowChecksum(...fields: readonly (string | number | null)[]): number {
  return crc32(fields.join('\u0000'));
}

/** Opens (or creates) a database of `schema`, or throws StateDamagedError; `replaced`: it held another version's tables, now started again. */
export function openDatabase(file: string, schema: { version: number; sql: string } = STATE_SCHEMA): { db: DatabaseSync; replaced: boolean } {
  mkdirSync(path.dirname(file), { recursive: true });
  let db: DatabaseSync | undefined;
  const connect = () => {
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
    return db;
  };
  try {
    let opened = connect();
    const { user_version: version } = opened.prepare('PRAGMA user_version').get() as { user_version: number };
    if (version === schema.version) return { db: opened, replaced: false };
    const { n: tables } = opened.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables > 0) {
      opened.close();
      removeDatabase(file);
      opened = connect();
    }
    opened.exec(`BEGIN; ${schema.sql} PRAGMA user_version = ${schema.version}; COMMIT;`);
    return { db: opened, replaced: tables > 0 };
  } catch (error) {
    if (db?.isOpen) db.close();
    throw new StateDamagedError(`build state ${file} cannot be read (${(error as Error).message})`);
  }
}

/** Deletes the database with its WAL files (a damaged one, before a clean build makes a new one). */
export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/** SQLite's result codes for a write that failed on the file system, as the system's own codes. */
const SQLITE_WRITE_ERRORS: Readonly<Record<number, string>> = { 13: 'ENOSPC', 8: 'EROFS', 14: 'EACCES' };

/** A failed save of a database, naming its file and what to do: SQLite says only "database or disk is full". */
export function savingFailure(what: string, file: string, error: unknown): Error {
  const errcode = (error as { errcode?: unknown }).errcode;
  const code = typeof errcode === 'number' ? SQLITE_WRITE_ERRORS[errcode & 0xff] : undefined;
  return new Error(`${what} ${file} failed: ${error instanceof Error ? error.message : String(error)}${writeAdvice(code)}`, { cause: error });
}

/** Runs `read`, turning SQLite's errors (a damaged file) into StateDamagedError. */
export function reading<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StateDamagedError) throw error;
    throw new StateDamagedError(`build state ${file} is damaged (${(error as Error).message})`);
  }
}

/** Every row of a query as an array of its columns: a full read builds no object per row (5,000-10,000 rows a run). */
export function allRows<Row extends unknown[]>(db: DatabaseSync, sql: string): Row[] {
  const statement = db.prepare(sql);
  statement.setReturnArrays(true);
  return statement.all() as unknown as Row[];
}
