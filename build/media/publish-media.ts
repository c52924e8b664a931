import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { encodeVariants } from './convert.js';
import { inspectBytes } from './inspect.js';
import { createMediaDownloader } from './source.js';
import { MediaStore, publicFileName } from './store.js';
import { sha256 } from '../fs.js';

/** A damaged file of the store that cannot be made again now: the build stops, the output as it was. */
export class MediaCacheError extends Error {
  override name = 'MediaCacheError';
}

const CONVERTED = /^([0-9a-f]{16})-\d+\.(?:avif|webp|jpg|png|gif)$/;

/** The hash a file's name promises, for converted files (a snapshot's PDF is published as it is). */
function promisedHash(file: string): string | undefined {
  return path.basename(path.dirname(file)) === 'files' ? CONVERTED.exec(path.basename(file))?.[1] : undefined;
}

export type MediaPublisher = ReturnType<typeof createMediaPublisher>;

/**
 * The publishing side of the media store: every file copied under /media/ (a copy, never a hard link
 * into the cache: damage to one would be damage to both) is checked against its hash first, and a
 * damaged one made again from its source, with one line in `warnings`.
 */
export function createMediaPublisher() {
  const warnings: string[] = [];

  return {
    /** `source` once it holds the bytes its name promises (a snapshot's document, not named by its hash, as it is). */
    async verifiedFile(source: string): Promise<string> {
      const promised = promisedHash(source);
      if (!promised) return source;
      const bytes = existsSync(source) ? readFileSync(source) : undefined;
      if (bytes && sha256(bytes).startsWith(promised)) return source;
      const name = path.basename(source);
      // The store is opened only when a file must be made again: the usual run reads no index.
      const store = await MediaStore.open(path.dirname(path.dirname(source)));
      try {
        await makeAgain(store, name);
      } finally {
        store.close();
      }
      warnings.push(`media cache: ${name} was ${bytes ? 'damaged (its bytes do not match their hash)' : 'missing'}; converted again from its source`);
      return source;
    },
    /**
     * Whether a published file is a hard link to the cache's file (earlier versions made them), to be
     * published again as a copy. Told by inode: hashing every published image would cost seconds.
     */
    sharesCacheFile(published: string, source: string): boolean {
      if (!promisedHash(source)) return false;
      const own = statSync(published, { throwIfNoEntry: false });
      if (!own || own.nlink < 2) return false;
      const cached = statSync(source, { throwIfNoEntry: false });
      return cached !== undefined && own.ino === cached.ino && own.dev === cached.dev;
    },
    /** Whether a published file does not hold the bytes the build publishes there (its name's hash, or a document's source). */
    differsFromPublished(published: string, source: string): boolean {
      try {
        const own = readFileSync(published);
        const promised = promisedHash(source);
        return promised ? !sha256(own).startsWith(promised) : !own.equals(readFileSync(source));
      } catch {
        // Unreadable (an I/O error, gone): published again.
        return true;
      }
    },
    warnings,
  };
}

/**
 * A converted file made again, byte for byte, from its source (downloaded again when the stored copy
 * is damaged too). When that cannot be done now, the file is removed and the store given a new id
 * (the next build prepares every image again), and this build stops with a MediaCacheError.
 */
async function makeAgain(store: MediaStore, name: string): Promise<void> {
  const cannot = async (reason: string): Promise<never> => {
    await store.removeFile(name);
    store.forget();
    throw new MediaCacheError(`media cache: ${name} is damaged and cannot be made again now (${reason}); the next build prepares every image again`);
  };
  const origin = store.originOf(name);
  if (!origin) return cannot('the media index has no record of it');
  const bytes = (await store.readSource(origin.source)) ?? (await downloadAgain(store, origin.source));
  if (!bytes) return cannot(`its source ${origin.source.slice(0, 16)} is neither in the cache nor at the URLs that held it`);
  const facts = origin.facts ?? (await inspectBytes(bytes));
  const { format, shape, width, height, decodeWidth } = origin.variant;
  const [made] = await encodeVariants(bytes, facts, [{ format, shape, width, height }], decodeWidth === undefined ? {} : { decodeWidth });
  if (!made || publicFileName(made.data, width, format) !== name || sha256(made.data) !== origin.variant.sha256) return cannot('converting its source again made other bytes');
  await store.replaceFile(name, made.data);
}

/** The source's bytes from a URL that held them, if it still does (a URL the store recorded: WordPress's own). */
async function downloadAgain(store: MediaStore, hash: string): Promise<Uint8Array | undefined> {
  for (const url of store.urlsOf(hash)) {
    const origin = URL.parse(url)?.origin;
    if (!origin) continue;
    // The URL passed the build's policy when it was first fetched; its own origin stands for the REST base's.
    const downloader = createMediaDownloader({ apiUrl: `${origin}/wp-json/wp/v2`, vouchedFor: [url] });
    const result = await downloader.download(url).catch(() => undefined);
    if (result?.kind === 'fetched' && sha256(result.bytes) === hash) {
      await store.putSource(result.bytes);
      return result.bytes;
    }
  }
  return undefined;
}
