import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageShape } from '../../src/lib/image-layout.js';
import type { MediaFormat } from '../../src/lib/picture.js';
import type { ImageFacts } from './inspect.js';
import type { MediaProblemData } from './problem.js';

/**
 * The media part of the persistent build cache, in the folder the caller gives (`<cache>/media`):
 *
 *   index.json               URL → what it held when last fetched (sha256, ETag, Last-Modified…) or
 *                            the lasting problem it had
 *   sources/<sha256>         downloaded bytes, named by their hash: two URLs with the same file share it
 *   facts/<sha256>.json      the inspection of a source (ImageFacts or the problem), done once
 *   variants/<sha256>.json   the files made from a source, by recipe key
 *   files/<hash>-<w>.<ext>   the public files, named by a hash of their own bytes: immutable
 *
 * Every file is written to a temporary name and renamed, so a crash leaves either the whole file or
 * none. An index that cannot be read gives a clean start with one warning; the content-addressed
 * folders then still spare the conversions (a re-downloaded file has the same hash).
 */
export type UrlRecord =
  | { sha256: string; etag?: string; lastModified?: string; contentType?: string; bytes: number; checkedAt: string }
  | { problem: MediaProblemData; checkedAt: string };

export interface StoredVariant {
  /** File name in files/ and under /media/ in the output. */
  file: string;
  format: MediaFormat;
  shape: ImageShape;
  width: number;
  height: number;
  bytes: number;
}

export type StoredFacts = { facts: ImageFacts } | { problem: MediaProblemData };
type FactsFile = StoredFacts & { rules: string };

interface IndexFile {
  version: 1;
  urls: Record<string, UrlRecord>;
}

const EXTENSIONS: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };
const SHA256 = /^[0-9a-f]{64}$/;

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A public file name from the bytes themselves: 64 bits of hash are plenty for one site's media. */
export function publicFileName(data: Uint8Array, width: number, format: MediaFormat): string {
  return `${sha256(data).slice(0, 16)}-${width}.${EXTENSIONS[format]}`;
}

export class MediaStore {
  private constructor(
    readonly dir: string,
    private urls: Map<string, UrlRecord>,
  ) {}

  static async open(dir: string, warn: (message: string) => void = () => {}): Promise<MediaStore> {
    await Promise.all(['sources', 'facts', 'variants', 'files'].map((sub) => mkdir(path.join(dir, sub), { recursive: true })));
    return new MediaStore(dir, await readIndex(path.join(dir, 'index.json'), warn));
  }

  getUrl(url: string): UrlRecord | undefined {
    return this.urls.get(url);
  }

  setUrl(url: string, record: UrlRecord): void {
    this.urls.set(url, record);
  }

  /** Writes the index (sorted, so an unchanged cache writes the same bytes). */
  async save(): Promise<void> {
    const urls = Object.fromEntries([...this.urls].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    await writeAtomic(path.join(this.dir, 'index.json'), `${JSON.stringify({ version: 1, urls } satisfies IndexFile)}\n`);
  }

  /** Stores a source once; returns its hash. */
  async putSource(bytes: Uint8Array): Promise<string> {
    const hash = sha256(bytes);
    const file = this.sourcePath(hash);
    if (!(await sizeIs(file, bytes.byteLength))) await writeAtomic(file, bytes);
    return hash;
  }

  /** Whether a source is stored with the expected size (cheap: the bytes are read only to convert). */
  async hasSource(hash: string, bytes: number): Promise<boolean> {
    return SHA256.test(hash) && sizeIs(this.sourcePath(hash), bytes);
  }

  async dropSource(hash: string): Promise<void> {
    if (SHA256.test(hash)) await rm(this.sourcePath(hash), { force: true });
  }

  /** The source's bytes, only if they still hash to their name. */
  async readSource(hash: string): Promise<Uint8Array | undefined> {
    if (!SHA256.test(hash)) return undefined;
    const bytes = await readFile(this.sourcePath(hash)).catch(() => undefined);
    return bytes && sha256(bytes) === hash ? bytes : undefined;
  }

  /** The inspection of a source, if it was made under the same rules (see inspectionKey). */
  async readFacts(hash: string, rules: string): Promise<StoredFacts | undefined> {
    const parsed = await readJson(path.join(this.dir, 'facts', `${hash}.json`));
    if (!isObject(parsed) || parsed.rules !== rules) return undefined;
    if (isObject(parsed.facts)) return { facts: parsed.facts as unknown as ImageFacts };
    if (isObject(parsed.problem)) return { problem: parsed.problem as unknown as MediaProblemData };
    return undefined;
  }

  async writeFacts(hash: string, rules: string, facts: StoredFacts): Promise<void> {
    await writeAtomic(path.join(this.dir, 'facts', `${hash}.json`), `${JSON.stringify({ ...facts, rules } satisfies FactsFile)}\n`);
  }

  /** The variants already made from a source whose file is still there, by recipe key. */
  async readVariants(hash: string): Promise<Map<string, StoredVariant>> {
    const parsed = await readJson(path.join(this.dir, 'variants', `${hash}.json`));
    const found = new Map<string, StoredVariant>();
    if (!isObject(parsed)) return found;
    await Promise.all(
      Object.entries(parsed).map(async ([key, value]) => {
        if (isStoredVariant(value) && (await sizeIs(this.filePath(value.file), value.bytes))) found.set(key, value);
      }),
    );
    return found;
  }

  /** Writes new files, then the source's manifest with them (files first: a manifest never names a missing file). */
  async addVariants(hash: string, existing: Map<string, StoredVariant>, made: { key: string; data: Uint8Array; variant: Omit<StoredVariant, 'file' | 'bytes'> }[]): Promise<Map<string, StoredVariant>> {
    const all = new Map(existing);
    for (const { key, data, variant } of made) {
      const file = publicFileName(data, variant.width, variant.format);
      if (!(await sizeIs(this.filePath(file), data.byteLength))) await writeAtomic(this.filePath(file), data);
      all.set(key, { ...variant, file, bytes: data.byteLength });
    }
    const manifest = Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : 1)));
    await writeAtomic(path.join(this.dir, 'variants', `${hash}.json`), `${JSON.stringify(manifest)}\n`);
    return all;
  }

  /** Where a public file lives in the cache (the write stage copies or links it to dist/media/). */
  filePath(file: string): string {
    return path.join(this.dir, 'files', path.basename(file));
  }

  private sourcePath(hash: string): string {
    return path.join(this.dir, 'sources', hash);
  }
}

async function readIndex(file: string, warn: (message: string) => void): Promise<Map<string, UrlRecord>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return new Map();
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!isObject(parsed) || parsed.version !== 1 || !isObject(parsed.urls)) throw new Error('not a media index');
    return new Map(Object.entries(parsed.urls).filter((entry): entry is [string, UrlRecord] => isUrlRecord(entry[1])));
  } catch (error) {
    warn(`media cache: ${file} is unreadable (${error instanceof Error ? error.message : String(error)}); every image is checked again`);
    return new Map();
  }
}

async function writeAtomic(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function sizeIs(file: string, bytes: number): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() === true && info.size === bytes;
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function isUrlRecord(value: unknown): value is UrlRecord {
  if (!isObject(value) || typeof value.checkedAt !== 'string') return false;
  if (isObject(value.problem)) return typeof value.problem.kind === 'string' && typeof value.problem.message === 'string';
  return typeof value.sha256 === 'string' && SHA256.test(value.sha256) && typeof value.bytes === 'number';
}

function isStoredVariant(value: unknown): value is StoredVariant {
  return (
    isObject(value) &&
    typeof value.file === 'string' &&
    /^[0-9a-f]{16}-\d+\.(avif|webp|jpg|png|gif)$/.test(value.file) &&
    typeof value.width === 'number' &&
    typeof value.height === 'number' &&
    typeof value.bytes === 'number' &&
    typeof value.format === 'string' &&
    (value.shape === 'original' || value.shape === 'square')
  );
}
