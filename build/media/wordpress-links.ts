import path from 'node:path';
import { DomUtils, Parser, parseDocument } from 'htmlparser2';
import { slugify } from '../../src/lib/team-format.js';
import type { HttpOptions } from '../wordpress/http.js';
import type { HtmlElement } from './collect-images.js';
import { sniffFormat } from './inspect.js';
import { MediaProblem } from './problem.js';
import { createMediaDownloader } from './source.js';
import { MediaStore } from './store.js';
import { sha256 } from '../fs.js';

/**
 * Issue 33: no page links to WordPress (the privacy page promises a fan's browser never contacts it).
 * A link of a post's content to WordPress becomes the site's own file (an image's link opens our
 * picture: rewrite-images.ts; a document is published under /media/), or plain content.
 */

/** Addresses only WordPress has, whatever its host: uploads, REST, admin, attachment and id links. */
const WORDPRESS_SHAPE = /\/wp-(content|includes|admin|json)\/|\/wp-login\.php|\/xmlrpc\.php|[?&](attachment_id|p|page_id|cat|tag|author)=\d|\/attachment\//i;

/** The origins a REST base's WordPress answers on (its links may say http:// on an HTTPS site). */
export function wordpressOriginsOf(apiUrl: string | undefined): string[] {
  const url = apiUrl ? URL.parse(apiUrl) : null;
  if (!url) return [];
  const other = new URL(url.href);
  other.protocol = url.protocol === 'https:' ? 'http:' : 'https:';
  return [url.origin, other.origin];
}

/** Whether a link or source points to WordPress: its own origin, or an address only WordPress has. */
export function isWordPressAddress(href: string, origins: readonly string[]): boolean {
  const value = href.trim();
  if (!value || value.startsWith('#') || /^(mailto|tel):/i.test(value)) return false;
  if (WORDPRESS_SHAPE.test(value)) return true;
  const url = URL.parse(value);
  return url !== null && origins.includes(url.origin);
}

/** Every link of this markup: `<a` then white space, the only way a tag can open one. */
const LINK = /<a\s/gi;
/** A link's href as the sanitizer and the serializers after it write it: double quotes, `"`, `<`, `>` and `&` escaped. */
const LINK_HREF = /<a\s(?:[^>]*?\s)?href="([^"]*)"/gi;
const ESCAPED: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };
const OTHER_REFERENCE = /&(?!(?:amp|quot|lt|gt);)/;

/**
 * Whether a body may link to WordPress, told without parsing it (most bodies have links, few to
 * WordPress): each href read by a pattern; a link it cannot read, or one with another character
 * reference, counts as one that may.
 */
export function mayLinkToWordPress(html: string, origins: readonly string[]): boolean {
  const links = html.match(LINK)?.length ?? 0;
  if (links === 0) return false;
  let read = 0;
  for (const [, value = ''] of html.matchAll(LINK_HREF)) {
    read += 1;
    if (OTHER_REFERENCE.test(value) || isWordPressAddress(value.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ESCAPED[entity] as string), origins)) return true;
  }
  return read < links;
}

/** The hrefs of a body's links to WordPress, in order, each once: read as a stream (rewriteWordPressLinks makes and writes a tree, later). */
export function wordpressLinksIn(html: string, origins: readonly string[]): string[] {
  if (!mayLinkToWordPress(html, origins)) return [];
  const found = new Set<string>();
  const parser = new Parser({
    onopentag: (name, attributes) => {
      const href = attributes.href?.trim();
      if (name === 'a' && href && isWordPressAddress(href, origins)) found.add(href);
    },
  });
  parser.end(html);
  return [...found];
}

/**
 * Every `<a href>` of a (rewritten) body that still points to WordPress: to the site's copy of the
 * document when `documentFor` has one, else plain content (`unlinked`, for the warnings). A file
 * block's download button, a second link to the same file, goes when there is nothing to download.
 */
export function rewriteWordPressLinks(html: string, origins: readonly string[], documentFor: (href: string) => string | undefined = () => undefined): { html: string; unlinked: string[] } {
  if (!mayLinkToWordPress(html, origins)) return { html, unlinked: [] };
  const document = parseDocument(html);
  const unlinked: string[] = [];
  let changed = false;
  for (const link of DomUtils.findAll((element) => element.name === 'a' && typeof element.attribs.href === 'string', document.children)) {
    const href = (link.attribs.href as string).trim();
    if (!isWordPressAddress(href, origins)) continue;
    changed = true;
    const copy = documentFor(href);
    if (copy) {
      link.attribs.href = copy;
      continue;
    }
    unlinked.push(href);
    if (/(^|\s)wp-block-file__button(\s|$)/.test(link.attribs.class ?? '')) DomUtils.removeElement(link);
    else unwrap(link);
  }
  return changed ? { html: DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' }), unlinked } : { html, unlinked };
}

/** The link's children take its place. */
function unwrap(link: HtmlElement): void {
  for (const child of [...link.children]) DomUtils.prepend(link, child);
  DomUtils.removeElement(link);
}

/** What a club publishes as a document; anything else stays a link WordPress alone could serve (and is unlinked). */
const DOCUMENT = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|csv)$/i;

/**
 * The documents posts link to in WordPress's uploads (a tournament's rules): downloaded once through
 * the media downloader (its URL policy, 25 MB at most) into the media cache's `files/`, found there
 * again by URL. `paths`: URL → '/media/<hash>-reglement.pdf'; `problems`: URL → why it could not be had.
 */
export async function prepareDocuments(
  urls: Iterable<string>,
  options: { apiUrl: string; mediaOrigins?: readonly string[]; cacheDir: string; http?: Partial<HttpOptions> },
): Promise<{ paths: Map<string, string>; problems: Map<string, string> }> {
  const paths = new Map<string, string>();
  const problems = new Map<string, string>();
  const wanted = [...new Set(urls)].filter((url) => DOCUMENT.test(URL.parse(url)?.pathname ?? ''));
  if (wanted.length === 0) return { paths, problems };
  const store = await MediaStore.open(options.cacheDir);
  const downloader = createMediaDownloader(options);
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
  try {
    store.close();
  } catch {
    // Only a cache: unsaved, the next run downloads them again.
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
  const stem = slugify(base.slice(0, base.length - extension.length - 1)).slice(0, 60);
  return `${sha256(bytes).slice(0, 16)}${stem ? `-${stem}` : ''}.${extension}`;
}
