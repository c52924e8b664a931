import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { crc32 } from 'node:zlib';
import { sha256, writeAdvice } from '../fs.js';

/**
 * The build's state: one SQLite database per output folder, in the cache folder. Tables, not a
 * file format of ours: a cron run reads the rows a change reaches, and a run's changes are saved in
 * one transaction (WAL), so a crash or a full disk leaves the state of the last run that finished.
 *
 * Rows whose damage would show on a page (posts, bodies, output records, named values such as the
 * data memo) carry a CRC-32 of their text, checked when read: SQLite checks its own structure, not
 * the bytes of a value. A damaged row or file throws a StateDamagedError: the build gives one
 * warning and starts clean. The media index (build/media/store.ts) is a database of the same kind,
 * with the same check.
 */
export class StateDamagedError extends Error {
  override name = 'StateDamagedError';
}

/** A database's tables and their version: bumped when they change, a database of another version is simply started again. */
export interface Schema {
  version: number;
  sql: string;
}

const STATE_SCHEMA: Schema = {
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
  const name = sha256(options.outDir).slice(0, 16);
  return path.join(options.cacheDir, `state-${name}.sqlite`);
}

/**
 * The `modified` WordPress gave of each of these posts in the last sync the state saved (absent: not
 * on the site), read without writing: the builder tells wp-admin from it whether the site shows a
 * post's latest version. Empty when there is no state yet.
 */
export function readKnownVersions(options: { outDir: string; cacheDir: string }, ids: readonly number[]): Map<number, string> {
  const versions = new Map<number, string>();
  if (ids.length === 0) return versions;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(stateFile(options), { readOnly: true });
    const rows = db.prepare(`SELECT id, modified FROM wp_known WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number; modified: string }[];
    for (const row of rows) versions.set(row.id, row.modified);
  } catch {
    // No state yet (no build has run), or one being replaced: the site has no version of anything.
  } finally {
    db?.close();
  }
  return versions;
}

/** The checksum a row carries: of its fields joined by NUL (none of them holds one). */
export function rowChecksum(...fields: readonly (string | number | null)[]): number {
  return crc32(fields.join('\u0000'));
}

/**
 * Opens (or creates) a database of `schema` (the state's unless told); a file that is not a database
 * throws StateDamagedError. `replaced`: it held the tables of another version (an older release),
 * now started again.
 */
export function openDatabase(file: string, schema: Schema = STATE_SCHEMA): { db: DatabaseSync; replaced: boolean } {
  mkdirSync(path.dirname(file), { recursive: true });
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
    const version = (db.prepare('PRAGMA user_version').get() as unknown as { user_version: number }).user_version;
    let replaced = false;
    if (version !== schema.version) {
      const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as unknown as { n: number }).n;
      if (tables > 0) {
        replaced = true;
        // Another schema (an older release): its state is of no use, start a new one.
        db.close();
        removeDatabase(file);
        db = new DatabaseSync(file);
        db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
      }
      db.exec(`BEGIN; ${schema.sql} PRAGMA user_version = ${schema.version}; COMMIT;`);
    }
    return { db, replaced };
  } catch (error) {
    db?.close();
    throw new StateDamagedError(`build state ${file} cannot be read (${(error as Error).message})`);
  }
}

/** Deletes the database with its WAL files (a damaged one, before a clean build makes a new one). */
export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
}

/** SQLite's result codes for a write that failed on the file system, as the system's own codes. */
const SQLITE_WRITE_ERRORS: Readonly<Record<number, string>> = { 13: 'ENOSPC', 8: 'EROFS', 14: 'EACCES' };

/**
 * A failed save of the state database, naming its file and what to do: SQLite says only
 * "database or disk is full".
 */
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
