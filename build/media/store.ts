import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { MediaFormat } from '../../src/lib/picture.js';
import type { VariantSpec } from './convert.js';
import type { ImageFacts } from './inspect.js';
import type { MediaProblemData } from './problem.js';
import { sha256, writeFileAtomicVia } from '../fs.js';
import { openDatabase, removeDatabase, rowChecksum, savingFailure } from '../state/database.js';

/**
 * The media part of the build cache (`<cache>/media`), shared by the output folders built with it:
 * `sources/<sha256>` (downloaded bytes, or a snapshot's file once converted), `files/<hash>-<w>.<ext>`
 * (the public files) and `index.sqlite`, whose rows carry the state's CRC-32 (README.md: "Nothing in
 * the cache is trusted blindly"; one flipped bit in a width would put wrong sizes in every srcset).
 */
export type UrlRecord =
  | { sha256: string; etag?: string; lastModified?: string; contentType?: string; bytes: number; checkedAt: string }
  | { problem: MediaProblemData; checkedAt: string };

interface StoredVariant extends VariantSpec {
  /** File name in files/ and under /media/ in the output. */
  file: string;
  sha256: string;
  /** The width its still source was decoded at (see encodeVariants): what makes it again byte for byte. */
  decodeWidth?: number;
  bytes: number;
}

type StoredFacts = { facts: ImageFacts } | { problem: MediaProblemData };

interface SourceEntry {
  inspection?: StoredFacts & { rules: string };
  variants: Record<string, StoredVariant>;
}

/** The index's values by kind: a document's is its file name in files/, the id's (key '') the store's id. */
interface Rows {
  url: UrlRecord;
  source: SourceEntry;
  document: string;
  id: string;
}

const INDEX_SCHEMA = {
  version: 1,
  sql: 'CREATE TABLE entries (kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, crc INTEGER NOT NULL, PRIMARY KEY (kind, key)) WITHOUT ROWID;',
};
/** The index files of earlier releases, removed when the database is made. */
const OLD_INDEXES = ['index.json', 'derived.json', 'documents.json', 'store-id'];

const CHECKPOINT_MS = 60_000;
const EXTENSIONS: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };
const SHA256 = /^[0-9a-f]{64}$/;

/** A public file name from the bytes themselves: 64 bits of hash are plenty for one site's media. */
export function publicFileName(data: Uint8Array, width: number, format: MediaFormat): string {
  return nameOf(sha256(data), width, format);
}

function nameOf(digest: string, width: number, format: MediaFormat): string {
  return `${digest.slice(0, 16)}-${width}.${EXTENSIONS[format]}`;
}

/** Where the store writes a file before renaming it into place: emptied by every run (build/pipeline.ts). */
export const mediaTemporaryDir = (storeDir: string): string => path.join(storeDir, 'tmp');

/** The index's rows, read one at a time; changes kept until `save` writes them in one transaction. */
class MediaIndex {
  private readonly file: string;
  private db: DatabaseSync;
  private select: StatementSync;
  private readonly pending = new Map<string, { kind: keyof Rows; key: string; value: unknown }>();

  constructor(dir: string, private readonly warn: (message: string) => void) {
    this.file = path.join(dir, 'index.sqlite');
    this.db = openIndex(this.file, warn);
    this.select = this.db.prepare('SELECT value, crc FROM entries WHERE kind = ? AND key = ?');
  }

  get<K extends keyof Rows>(kind: K, key: string): Rows[K] | undefined {
    const change = this.pending.get(`${kind} ${key}`);
    if (change) return change.value as Rows[K];
    const row = this.guarded(() => this.select.get(kind, key) as { value: string; crc: number } | undefined);
    return row && this.checked(kind, key, row.value, row.crc);
  }

  set<K extends keyof Rows>(kind: K, key: string, value: Rows[K]): void {
    this.pending.set(`${kind} ${key}`, { kind, key, value });
  }

  all<K extends keyof Rows>(kind: K): [string, Rows[K]][] {
    const rows = this.guarded(() => this.db.prepare('SELECT key, value, crc FROM entries WHERE kind = ?').all(kind) as { key: string; value: string; crc: number }[]) ?? [];
    const values = new Map(rows.flatMap((row): [string, Rows[K]][] => {
      const value = this.checked(kind, row.key, row.value, row.crc);
      return value === undefined ? [] : [[row.key, value]];
    }));
    for (const change of this.pending.values()) if (change.kind === kind) values.set(change.key, change.value as Rows[K]);
    return [...values];
  }

  /** The store's id, made with a new store (the index files of earlier releases then removed). */
  id(): string {
    let id = this.get('id', '');
    if (id === undefined) {
      for (const old of OLD_INDEXES) rmSync(path.join(path.dirname(this.file), old), { force: true });
      id = randomUUID();
      this.set('id', '', id);
      this.save();
    }
    return id;
  }

  /** A new id, at once: every post is then normalized again and its images prepared again, which makes what is missing again. */
  forget(): void {
    this.pending.delete('id ');
    this.db.prepare("DELETE FROM entries WHERE kind = 'id'").run();
  }

  save(): void {
    if (this.pending.size === 0) return;
    const db = this.db;
    try {
      db.exec('BEGIN IMMEDIATE');
      const put = db.prepare('INSERT OR REPLACE INTO entries (kind, key, value, crc) VALUES (?, ?, ?, ?)');
      for (const { kind, key, value } of this.pending.values()) {
        const json = JSON.stringify(value);
        put.run(kind, key, json, rowChecksum(kind, key, json));
      }
      db.exec('COMMIT');
      this.pending.clear();
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw savingFailure('saving the media index', this.file, error);
    }
  }

  close(): void {
    try {
      this.save();
    } finally {
      this.db.close();
    }
  }

  /** A row's value, or undefined when it does not match its checksum (then dropped, with a warning). */
  private checked<K extends keyof Rows>(kind: K, key: string, json: string, crc: number): Rows[K] | undefined {
    if (rowChecksum(kind, key, json) === crc) return JSON.parse(json) as Rows[K];
    this.warn(`media cache: the ${kind} record of ${key.slice(0, 100)} in ${this.file} is damaged; it is made again`);
    this.db.prepare('DELETE FROM entries WHERE kind = ? AND key = ?').run(kind, key);
    return undefined;
  }

  /** A read that fails on a damaged file (past its first pages): the file is started again, with one warning. */
  private guarded<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      this.db.close();
      this.db = openIndex(this.file, this.warn, error as Error);
      this.select = this.db.prepare('SELECT value, crc FROM entries WHERE kind = ? AND key = ?');
      return undefined;
    }
  }
}

/** The store's id, made with its index: posts keep the names of its files, which a purged or forgotten store no longer vouches for. */
export function mediaStoreId(dir: string, warn: (message: string) => void = () => {}): string {
  const index = new MediaIndex(dir, warn);
  try {
    return index.id();
  } finally {
    index.close();
  }
}

/** The index with the files it names: sources by hash, public files by name. */
export class MediaStore extends MediaIndex {
  private savedAt = Date.now();

  private constructor(
    readonly dir: string,
    warn: (message: string) => void,
    private readonly sources: Set<string>,
    private readonly files: Set<string>,
  ) {
    super(dir, warn);
  }

  static async open(dir: string, warn: (message: string) => void = () => {}): Promise<MediaStore> {
    const listed = async (sub: string) => {
      await mkdir(path.join(dir, sub), { recursive: true });
      return new Set(await readdir(path.join(dir, sub)));
    };
    const [sources, files] = await Promise.all([listed('sources'), listed('files')]);
    return new MediaStore(dir, warn, sources, files);
  }

  /** The URLs whose bytes were this source when last fetched (read whole: only to make a damaged file again). */
  urlsOf(hash: string): string[] {
    return this.all('url').flatMap(([url, record]) => ('sha256' in record && record.sha256 === hash ? [url] : []));
  }

  /** A document's file in files/ (prepareDocuments), if it is still there. */
  document(url: string): string | undefined {
    const file = this.get('document', url);
    return file !== undefined && this.files.has(file) ? file : undefined;
  }

  async addDocument(url: string, file: string, data: Uint8Array): Promise<void> {
    await this.replaceFile(file, data);
    this.set('document', url, file);
  }

  /** Saves at most every CHECKPOINT_MS while a long first build converts: a crash an hour in loses minutes of work, not the hour. */
  checkpoint(): void {
    if (Date.now() - this.savedAt >= CHECKPOINT_MS) this.save();
  }

  override save(): void {
    super.save();
    this.savedAt = Date.now();
  }

  async putSource(bytes: Uint8Array): Promise<string> {
    const hash = sha256(bytes);
    if (!this.sources.has(hash)) {
      await writeFileAtomicVia(mediaTemporaryDir(this.dir), this.sourcePath(hash), bytes);
      this.sources.add(hash);
    }
    return hash;
  }

  /** Whether a source is stored (its bytes are read and checked only when a conversion needs them). */
  hasSource(hash: string): boolean {
    return this.sources.has(hash);
  }

  /** The source's bytes, only if they still hash to their name; a damaged copy is deleted. */
  async readSource(hash: string): Promise<Uint8Array | undefined> {
    if (!SHA256.test(hash)) return undefined;
    const bytes = await readFile(this.sourcePath(hash)).catch(() => undefined);
    if (bytes && sha256(bytes) === hash) return bytes;
    this.sources.delete(hash);
    await rm(this.sourcePath(hash), { force: true });
    return undefined;
  }

  /** The inspection of a source, if it was made under the same rules (see inspectionKey). */
  readFacts(hash: string, rules: string): StoredFacts | undefined {
    const inspection = this.get('source', hash)?.inspection;
    if (!inspection || inspection.rules !== rules) return undefined;
    return 'facts' in inspection ? { facts: inspection.facts } : { problem: inspection.problem };
  }

  writeFacts(hash: string, rules: string, facts: StoredFacts): void {
    this.set('source', hash, { ...this.entry(hash), inspection: { ...facts, rules } });
  }

  /** The variants already made from a source whose file is still there, by recipe key. */
  readVariants(hash: string): Map<string, StoredVariant> {
    return new Map(Object.entries(this.entry(hash).variants).filter(([, variant]) => this.files.has(variant.file)));
  }

  /** Writes the new files (a file of the same name again: it may be damaged), then records them at the next save. */
  async addVariants(hash: string, made: { key: string; data: Uint8Array; variant: Omit<StoredVariant, 'file' | 'bytes' | 'sha256'> }[]): Promise<Map<string, StoredVariant>> {
    const written: [string, StoredVariant][] = [];
    for (const { key, data, variant } of made) {
      const digest = sha256(data);
      const file = nameOf(digest, variant.width, variant.format);
      await this.replaceFile(file, data);
      written.push([key, { ...variant, file, sha256: digest, bytes: data.byteLength }]);
    }
    // Recorded together, once all are written: after a write error the next run converts the whole
    // set again, and a set's bytes depend on what it holds (the width its source is decoded at).
    const entry = this.entry(hash);
    this.set('source', hash, { ...entry, variants: { ...entry.variants, ...Object.fromEntries(written) } });
    return this.readVariants(hash);
  }

  async replaceFile(file: string, data: Uint8Array): Promise<void> {
    await writeFileAtomicVia(mediaTemporaryDir(this.dir), this.filePath(file), data);
    this.files.add(path.basename(file));
  }

  async removeFile(file: string): Promise<void> {
    this.files.delete(path.basename(file));
    await rm(this.filePath(file), { force: true });
  }

  /** What made a public file: its source, the variant, the source's facts (read whole: only for a damaged file). */
  originOf(file: string): { source: string; variant: StoredVariant; facts?: ImageFacts } | undefined {
    for (const [source, entry] of this.all('source')) {
      const variant = Object.values(entry.variants).find((candidate) => candidate.file === file);
      if (!variant) continue;
      const facts = entry.inspection && 'facts' in entry.inspection ? entry.inspection.facts : undefined;
      return { source, variant, ...(facts ? { facts } : {}) };
    }
    return undefined;
  }

  filePath(file: string): string {
    return path.join(this.dir, 'files', path.basename(file));
  }

  private entry(hash: string): SourceEntry {
    return this.get('source', hash) ?? { variants: {} };
  }

  private sourcePath(hash: string): string {
    return path.join(this.dir, 'sources', hash);
  }
}

/** The index database, made when missing; a file that is not one (or `damaged`) is started again, with one warning. */
function openIndex(file: string, warn: (message: string) => void, damaged?: Error): DatabaseSync {
  if (!damaged) {
    try {
      return openDatabase(file, INDEX_SCHEMA).db;
    } catch (error) {
      damaged = error as Error;
    }
  }
  warn(`media cache: ${file} is unreadable (${damaged.message}); starting without it: its images are downloaded and converted again`);
  removeDatabase(file);
  return openDatabase(file, INDEX_SCHEMA).db;
}
