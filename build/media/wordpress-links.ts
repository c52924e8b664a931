import { DomUtils, Parser, parseDocument } from 'htmlparser2';
import type { HtmlElement } from './collect-images.js';

/**
 * Issue 33: no page links to WordPress. The privacy page promises that a fan's browser never
 * contacts it, and its pages (attachment pages, the theme's archives) are not the club's site. A
 * link of a post's content to WordPress becomes the site's own file (an image's link opens our
 * picture: build/media/rewrite-images.ts; a document is published under /media/: `documentFor`),
 * or plain content when the site has nothing for it.
 */

/** Addresses only WordPress has, whatever its host: uploads, REST, admin, attachment and id links. */
const WORDPRESS_SHAPE = /\/wp-(content|includes|admin|json)\/|\/wp-login\.php|\/xmlrpc\.php|[?&](attachment_id|p|page_id|cat|tag|author)=\d|\/attachment\//i;

/** The origins a REST base's WordPress answers on (its links may say http:// on an HTTPS site). */
export function wordpressOriginsOf(apiUrl: string | undefined): string[] {
  if (!apiUrl) return [];
  try {
    const url = new URL(apiUrl);
    const other = new URL(url.href);
    other.protocol = url.protocol === 'https:' ? 'http:' : 'https:';
    return [url.origin, other.origin];
  } catch {
    return [];
  }
}

/** Whether a link or source points to WordPress: its own origin, or an address only WordPress has. */
export function isWordPressAddress(href: string, origins: readonly string[]): boolean {
  const value = href.trim();
  if (!value || value.startsWith('#') || /^(mailto|tel):/i.test(value)) return false;
  if (WORDPRESS_SHAPE.test(value)) return true;
  try {
    return origins.includes(new URL(value).origin);
  } catch {
    return false;
  }
}

/** Every link of this markup: `<a` then white space, the only way a tag can open one. */
const LINK = /<a\s/gi;
/** A link's href as the sanitizer and the serializers after it write it: double quotes, `"`, `<`, `>` and `&` escaped. */
const LINK_HREF = /<a\s(?:[^>]*?\s)?href="([^"]*)"/gi;
const ESCAPED: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };
const OTHER_REFERENCE = /&(?!(?:amp|quot|lt|gt);)/;

/**
 * Whether a body may link to WordPress, told without parsing it: most bodies have links, few to
 * WordPress. Every link's href is read by a pattern (the body's markup is the sanitizer's, or
 * written by the image rewrite or React: attribute values in double quotes, with no `<`, `>` or
 * `"` in them); a link whose href the pattern cannot read, or one with another character
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

/** The hrefs of a body's links to WordPress, in order, each once. */
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

export interface LinkRewrite {
  html: string;
  /** The WordPress addresses left as plain content (for the build's warnings). */
  unlinked: string[];
}

/**
 * Every `<a href>` of a (rewritten) body that still points to WordPress: to the site's copy of the
 * document when `documentFor` has one, else plain content. A file block's download button, a second
 * link to the same file, goes when there is nothing to download.
 */
export function rewriteWordPressLinks(html: string, origins: readonly string[], documentFor: (href: string) => string | undefined = () => undefined): LinkRewrite {
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
