import path from 'node:path';
import type { HttpOptions } from '../wordpress/http.js';
import { createMediaDownloader } from './download.js';
import { MediaProblem } from './problem.js';
import { sniffFormat } from './sniff.js';
import { MediaStore } from './store.js';
import { sha256 } from '../fs.js';

/**
 * The documents a post links to in WordPress's uploads (a file block's PDF: a tournament's rules, a
 * schedule), published by the site under /media/ like its pictures (issue 33: no link to WordPress).
 * Downloaded once through the polite client and the media URL policy (WordPress's uploads folder
 * only, 25 MB at most), kept in the media cache's `files/` (which the write stage publishes) under
 * a name made of the bytes' hash and the file's own name, and found again by URL in the store's
 * index (build/media/store.ts): a cron run that meets the same link asks WordPress nothing.
 */

/** What a club publishes as a document; anything else stays a link WordPress alone could serve (and is unlinked). */
const DOCUMENT = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|csv)$/i;

export interface DocumentOptions {
  /** The REST base: documents come from WordPress's uploads folder (build/media/url-policy.ts). */
  apiUrl: string;
  /** Other origins the operator named (`--media-origin`). */
  mediaOrigins?: readonly string[];
  /** The media part of the build cache (`<cache>/media`). */
  cacheDir: string;
  http?: Partial<HttpOptions>;
}

export interface PreparedDocuments {
  /** WordPress URL → the public path of our copy ('/media/<hash>-reglement.pdf'). */
  paths: Map<string, string>;
  /** URL → why it could not be had (a 404, an HTML page named .pdf, a refused address). */
  problems: Map<string, string>;
}

/** Whether a link names a document of the kind the site publishes. */
export function isDocumentUrl(href: string): boolean {
  try {
    return DOCUMENT.test(new URL(href).pathname);
  } catch {
    return false;
  }
}

export async function prepareDocuments(urls: Iterable<string>, options: DocumentOptions): Promise<PreparedDocuments> {
  const paths = new Map<string, string>();
  const problems = new Map<string, string>();
  const wanted = [...new Set(urls)].filter(isDocumentUrl);
  if (wanted.length === 0) return { paths, problems };
  const store = await MediaStore.open(options.cacheDir);
  const downloader = createMediaDownloader({ apiUrl: options.apiUrl, mediaOrigins: options.mediaOrigins ?? [], http: options.http ?? {} });
  await Promise.all(
    wanted.map(async (url) => {
      const known = store.document(url);
      if (known) {
        paths.set(url, `/media/${known}`);
        return;
      }
      try {
        const download = await downloader.download(url);
        if (download.kind !== 'fetched') throw new MediaProblem('http', `${url}: not modified, but not in the cache`);
        if (sniffFormat(download.bytes) === 'html') throw new MediaProblem('not-an-image', `${url} is an HTML page, not a document`);
        if (/\.pdf$/i.test(new URL(url).pathname) && Buffer.from(download.bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
          throw new MediaProblem('not-an-image', `${url} is not a PDF`);
        }
        const name = documentName(url, download.bytes);
        await store.addDocument(url, name, download.bytes);
        paths.set(url, `/media/${name}`);
      } catch (error) {
        problems.set(url, error instanceof Error ? error.message : String(error));
      }
    }),
  );
  // Not saved: the next run downloads them again.
  try {
    store.close();
  } catch {
    // Only a cache.
  }
  return { paths, problems };
}

/** '<16 hex of the bytes' sha256>-<the file's name, lower-case letters, digits and hyphens>.<ext>'. */
export function documentName(url: string, bytes: Uint8Array): string {
  const encoded = path.posix.basename(new URL(url).pathname);
  let base = encoded;
  try {
    base = decodeURIComponent(encoded);
  } catch {
    // A malformed escape: the name as it is written.
  }
  const extension = (path.posix.extname(base).slice(1) || 'bin').toLowerCase();
  const stem = base
    .slice(0, base.length - extension.length - 1)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${sha256(bytes).slice(0, 16)}${stem ? `-${stem}` : ''}.${extension}`;
}
