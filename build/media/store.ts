import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImageShape } from '../../src/lib/image-layout.js';
import type { MediaFormat } from '../../src/lib/picture.js';
import type { ImageFacts } from './inspect.js';
import type { MediaProblemData } from './problem.js';
import { sha256, writeFileAtomicVia } from '../fs.js';

/**
 * The media part of the persistent build cache, in the folder the caller gives (`<cache>/media`):
 *
 *   index.json               URL → what it held when last fetched (sha256, ETag, Last-Modified…) or
 *                            the lasting problem it had
 *   derived.json             by source hash: its inspection (facts or problem, with the rules used)
 *                            and the files made from it, by recipe key, each with its sha256
 *   sources/<sha256>         source bytes (downloaded, or a snapshot's file once converted), named
 *                            by their hash: two URLs with the same file share it
 *   files/<hash>-<w>.<ext>   the public files, named by the start of their own sha256
 *
 * Both JSON files are read once when the store opens and written when it saves, so a run where
 * nothing changed costs two file reads and two directory listings, not a read per image. Every file
 * is written to a temporary name and renamed: a crash leaves the whole file or none, and the JSON
 * files only name files that were complete before them. Each JSON file carries the sha256 of its
 * own text, checked before it is parsed: a file that is damaged (one flipped bit in a width would
 * put wrong sizes in every srcset of its image), truncated or foreign gives a clean start with one
 * warning and is written again at the next save; the content-addressed folders then still spare
 * the downloads' work (a re-downloaded file has the same hash) though not the conversions. Sources
 * are checked against their name when read; public files when published (build/media/publish-media.ts).
 */
export type UrlRecord =
  | { sha256: string; etag?: string; lastModified?: string; contentType?: string; bytes: number; checkedAt: string }
  | { problem: MediaProblemData; checkedAt: string };

export interface StoredVariant {
  /** File name in files/ and under /media/ in the output. */
  file: string;
  /** The sha256 of the file's bytes (absent from records of a version-1 store: the name's 16 hex then). */
  sha256?: string;
  /** The width its still source was decoded at (see encodeVariants): what makes it again byte for byte. */
  decodeWidth?: number;
  format: MediaFormat;
  shape: ImageShape;
  width: number;
  height: number;
  bytes: number;
}

export type StoredFacts = { facts: ImageFacts } | { problem: MediaProblemData };

interface DerivedEntry {
  inspection?: StoredFacts & { rules: string };
  variants: Record<string, StoredVariant>;
}

/** What made a public file: its source, its recipe key, the variant and the source's facts when known. */
export interface VariantOrigin {
  source: string;
  key: string;
  variant: StoredVariant;
  /** Every variant recorded for the same source (this one included). */
  siblings: StoredVariant[];
  facts?: ImageFacts;
}

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

export class MediaStore {
  private dirty = false;
  private saving: Promise<void> | undefined;
  private savedAt = Date.now();

  private constructor(
    readonly dir: string,
    private urls: Map<string, UrlRecord>,
    private derived: Map<string, DerivedEntry>,
    private sources: Set<string>,
    private files: Set<string>,
  ) {}

  static async open(dir: string, warn: (message: string) => void = () => {}): Promise<MediaStore> {
    await Promise.all(['sources', 'files'].map((sub) => mkdir(path.join(dir, sub), { recursive: true })));
    const [index, derived, sources, files] = await Promise.all([
      readCacheJson(path.join(dir, 'index.json'), warn, 'its images are downloaded again'),
      readCacheJson(path.join(dir, 'derived.json'), warn, 'its images are converted again'),
      storedNames(path.join(dir, 'sources')),
      storedNames(path.join(dir, 'files')),
    ]);
    const store = new MediaStore(dir, urlsOf(index.json), derivedOf(derived.json), sources, files);
    // A damaged or older file is written again at the next save, even if nothing else changes.
    store.dirty = index.rewrite || derived.rewrite;
    return store;
  }

  getUrl(url: string): UrlRecord | undefined {
    return this.urls.get(url);
  }

  setUrl(url: string, record: UrlRecord): void {
    this.urls.set(url, record);
    this.dirty = true;
  }

  /** The URLs whose bytes were this source when last fetched. */
  urlsOf(hash: string): string[] {
    return [...this.urls].flatMap(([url, record]) => ('sha256' in record && record.sha256 === hash ? [url] : []));
  }

  /**
   * Saves at most every CHECKPOINT_MS while a long first build converts, so that a crash an hour in
   * loses minutes of work, not the hour.
   */
  async checkpoint(): Promise<void> {
    if (this.saving || Date.now() - this.savedAt < CHECKPOINT_MS) return;
    await this.save();
  }

  /** Writes both JSON files when something changed (sorted: the same content, the same bytes). */
  async save(): Promise<void> {
    while (this.saving) await this.saving;
    if (!this.dirty) return;
    this.saving = this.write().finally(() => {
      this.saving = undefined;
      this.savedAt = Date.now();
    });
    await this.saving;
  }

  private async write(): Promise<void> {
    this.dirty = false;
    const urls = Object.fromEntries([...this.urls].sort(byKey));
    const sources = Object.fromEntries([...this.derived].sort(byKey).map(([hash, entry]) => [hash, { ...entry, variants: Object.fromEntries(Object.entries(entry.variants).sort(byKey)) }]));
    try {
      // derived.json first: index.json then never names a source whose files are not recorded.
      await writeFileAtomicVia(mediaTemporaryDir(this.dir), path.join(this.dir, 'derived.json'), checksummedJson({ sources }));
      await writeFileAtomicVia(mediaTemporaryDir(this.dir), path.join(this.dir, 'index.json'), checksummedJson({ urls }));
    } catch (error) {
      // Not saved: the next save writes it all again.
      this.dirty = true;
      throw error;
    }
  }

  /** Stores a source once; returns its hash. */
  async putSource(bytes: Uint8Array): Promise<string> {
    const hash = sha256(bytes);
    if (!this.sources.has(hash)) {
      await writeFileAtomicVia(mediaTemporaryDir(this.dir), this.sourcePath(hash), bytes);
      this.sources.add(hash);
    }
    return hash;
  }

  /** Whether a source is stored (its bytes are read, and checked, only when a conversion needs them). */
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
    const inspection = this.derived.get(hash)?.inspection;
    if (!inspection || inspection.rules !== rules) return undefined;
    return 'facts' in inspection ? { facts: inspection.facts } : { problem: inspection.problem };
  }

  writeFacts(hash: string, rules: string, facts: StoredFacts): void {
    this.entry(hash).inspection = { ...facts, rules };
    this.dirty = true;
  }

  /** The variants already made from a source whose file is still there, by recipe key. */
  readVariants(hash: string): Map<string, StoredVariant> {
    const variants = Object.entries(this.derived.get(hash)?.variants ?? {});
    return new Map(variants.filter(([, variant]) => this.files.has(variant.file)));
  }

  /**
   * Writes the new files, then records them (recorded in the JSON files at the next save). A file
   * of the same name is written again: these bytes were just made, the file on disk may be damaged.
   */
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
    for (const [key, variant] of written) entry.variants[key] = variant;
    this.dirty = true;
    return this.readVariants(hash);
  }

  /** Writes a public file (atomically: a reader sees the old file or the new one). */
  async replaceFile(file: string, data: Uint8Array): Promise<void> {
    await writeFileAtomicVia(mediaTemporaryDir(this.dir), this.filePath(file), data);
    this.files.add(path.basename(file));
  }

  /** Removes a public file found damaged: no variant is read from it any more. */
  async removeFile(file: string): Promise<void> {
    this.files.delete(path.basename(file));
    await rm(this.filePath(file), { force: true });
  }

  /** What made a public file, from derived.json (undefined when nothing recorded it). */
  originOf(file: string): VariantOrigin | undefined {
    for (const [source, entry] of this.derived) {
      for (const [key, variant] of Object.entries(entry.variants)) {
        if (variant.file !== file) continue;
        const facts = entry.inspection && 'facts' in entry.inspection ? entry.inspection.facts : undefined;
        return { source, key, variant, siblings: Object.values(entry.variants), ...(facts ? { facts } : {}) };
      }
    }
    return undefined;
  }

  /** Where the public files live in the cache (the write stage copies them to dist/media/). */
  get filesDir(): string {
    return path.join(this.dir, 'files');
  }

  filePath(file: string): string {
    return path.join(this.filesDir, path.basename(file));
  }

  private entry(hash: string): DerivedEntry {
    let entry = this.derived.get(hash);
    if (!entry) {
      entry = { variants: {} };
      this.derived.set(hash, entry);
    }
    return entry;
  }

  private sourcePath(hash: string): string {
    return path.join(this.dir, 'sources', hash);
  }
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** The names in a folder of the store (temporary files of older code beside them are not files of the store). */
async function storedNames(dir: string): Promise<Set<string>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return new Set(names.filter((name) => !name.includes('.tmp-')));
}

/** Where the store writes a file before renaming it into place: emptied by every run (build/pipeline.ts). */
export const mediaTemporaryDir = (storeDir: string): string => path.join(storeDir, 'tmp');

function urlsOf(parsed: Json | undefined): Map<string, UrlRecord> {
  if (!parsed) return new Map();
  return new Map(Object.entries(isObject(parsed.urls) ? parsed.urls : {}).filter((entry): entry is [string, UrlRecord] => isUrlRecord(entry[1])));
}

function derivedOf(parsed: Json | undefined): Map<string, DerivedEntry> {
  if (!parsed || !isObject(parsed.sources)) return new Map();
  const derived = new Map<string, DerivedEntry>();
  for (const [hash, value] of Object.entries(parsed.sources)) {
    if (!SHA256.test(hash) || !isObject(value) || !isObject(value.variants)) continue;
    const variants = Object.fromEntries(Object.entries(value.variants).filter((entry): entry is [string, StoredVariant] => isStoredVariant(entry[1])));
    const inspection = isObject(value.inspection) && typeof value.inspection.rules === 'string' && (isObject(value.inspection.facts) || isObject(value.inspection.problem))
      ? (value.inspection as unknown as DerivedEntry['inspection'])
      : undefined;
    derived.set(hash, { variants, ...(inspection ? { inspection } : {}) });
  }
  return derived;
}

/**
 * The store's JSON files: `{"version":2,"sha256":"<hex>",…}`, the hash being that of the JSON
 * text without those two fields (`{…}`), so it is checked on the bytes read, before parsing.
 */
const CHECKSUMMED = /^\{"version":2,"sha256":"([0-9a-f]{64})",/;

function checksummedJson(payload: Json): string {
  const body = JSON.stringify(payload);
  return `{"version":2,"sha256":"${sha256(body)}",${body.slice(1)}\n`;
}

/**
 * A cache JSON file of ours, or undefined with one warning when it is damaged, truncated or
 * foreign (`rewrite`: write it again at the next save). A version-1 file (before checksums) is read
 * as it is, once: the next save writes it as version 2.
 */
async function readCacheJson(file: string, warn: (message: string) => void, consequence: string): Promise<{ json?: Json; rewrite: boolean }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { rewrite: false };
  }
  try {
    const checked = CHECKSUMMED.exec(text);
    if (checked) {
      const body = `{${text.slice(checked[0].length).replace(/\n$/, '')}`;
      if (sha256(body) !== checked[1]) throw new Error('damaged: its checksum does not match');
      return { json: JSON.parse(body) as Json, rewrite: false };
    }
    const parsed = JSON.parse(text) as unknown;
    if (!isObject(parsed) || parsed.version !== 1) throw new Error('not a media cache file');
    return { json: parsed, rewrite: true };
  } catch (error) {
    warn(`media cache: ${file} is unreadable (${error instanceof Error ? error.message : String(error)}); starting without it: ${consequence}`);
    return { rewrite: true };
  }
}


type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function isUrlRecord(value: unknown): value is UrlRecord {
  if (!isObject(value) || typeof value.checkedAt !== 'string') return false;
  if (isObject(value.problem)) return typeof value.problem.kind === 'string' && typeof value.problem.message === 'string';
  return typeof value.sha256 === 'string' && SHA256.test(value.sha256) && typeof value.bytes === 'number';
}

/** A well-formed record, whose file name agrees with it (hash, width, format): a version-1 file has no checksum. */
function isStoredVariant(value: unknown): value is StoredVariant {
  if (!isObject(value) || typeof value.file !== 'string' || typeof value.format !== 'string' || !(value.format in EXTENSIONS)) return false;
  const name = /^([0-9a-f]{16})-(\d+)\.(avif|webp|jpg|png|gif)$/.exec(value.file);
  return (
    name !== null &&
    typeof value.width === 'number' &&
    name[2] === String(value.width) &&
    name[3] === EXTENSIONS[value.format as MediaFormat] &&
    (value.sha256 === undefined || (typeof value.sha256 === 'string' && SHA256.test(value.sha256) && value.sha256.startsWith(name[1] as string))) &&
    (value.decodeWidth === undefined || (typeof value.decodeWidth === 'number' && Number.isInteger(value.decodeWidth) && value.decodeWidth > 0)) &&
    typeof value.height === 'number' &&
    typeof value.bytes === 'number' &&
    (value.shape === 'original' || value.shape === 'square')
  );
}
