import { sanitizeContent } from './sanitize.js';

/**
 * What WordPress leaves in `content.rendered` for a theme to deal with, and our site has to:
 * shortcodes it did not render (a plugin since removed, a post imported from an older site) and the
 * classic editor's spacer paragraphs. Issue 18: a fan must never read `[caption …]` as text.
 */

/** Receives one warning line; normalize prefixes it with the post it is about. */
export type Note = (message: string) => void;

/**
 * An article body from WordPress, ready for the page: shortcode leftovers resolved (on the raw
 * HTML, so whatever they become is sanitized too), then sanitized, then tidied.
 */
export function articleContent(html: string, note: Note): string {
  return wrapTables(dropEmptyParagraphs(sanitizeContent(removeUnknownShortcodes(expandCaptions(html), note))));
}

/**
 * Double quotes as they reach us: straight, or made typographic by wptexturize (which skips only
 * shortcodes it knows), in the site's language: English “ ” and ″ after a digit, or with WordPress's
 * French translation (Debian's wordpress-l10n) « and » with a non-breaking space inside, and ″ as
 * &Prime;. Other languages' quote marks (German „ “, Swiss ‹ ›) read the same way.
 */
const QUOTE_MARK = String.raw`(?:"|&quot;|&#0?34;|&#822[0-2];|&#8243;|&[lr]dquo;|&bdquo;|&Prime;|&[lr]aquo;|&#171;|&#187;|&#8249;|&#8250;|&[lr]saquo;|[“”„″«»‹›])`;
const QUOTE_SPACE = String.raw`(?:&nbsp;|&#160;|&#8239;|\u00a0|\u202f)?`;
const DOUBLE_QUOTE = String.raw`${QUOTE_SPACE}${QUOTE_MARK}${QUOTE_SPACE}`;
const ATTRIBUTE = new RegExp(String.raw`([a-z_-]+)\s*=\s*(?:${DOUBLE_QUOTE}([\s\S]*?)${DOUBLE_QUOTE}|'([^']*)'|([^\s\]]+))`, 'gi');

/** `[name a="1" b=2]` attributes, as WordPress's shortcode_parse_atts reads them. */
export function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes[(match[1] as string).toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** wpautop may have put the shortcode alone in a paragraph: the figure replaces the paragraph. */
const CAPTION = /(<p>\s*)?\[(caption|wp_caption)(\s[^\]]*)?\]([\s\S]*?)\[\/\2\](\s*<\/p>)?/gi;
/** The image (possibly linked) first, the caption text after it: img_caption_shortcode's own reading. */
const CAPTIONED_IMAGE = /^\s*((?:<a\s[^>]*>\s*)?<img\s[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i;
const ALIGNMENT = /^align(left|right|center|none)$/;

/**
 * `[caption id="attachment_5" align="aligncenter" width="300"]<img …> Texte[/caption]` becomes the
 * figure WordPress itself would have rendered: `<figure class="wp-caption aligncenter">` with the
 * image and a `<figcaption>`. Without an image, only the shortcode's own text remains.
 */
export function expandCaptions(html: string): string {
  return html.replace(CAPTION, (_match, open: string | undefined, _name: string, attributeText: string | undefined, inner: string, close: string | undefined) => {
    const attributes = shortcodeAttributes(attributeText ?? '');
    const parts = CAPTIONED_IMAGE.exec(inner);
    let replacement: string;
    if (parts) {
      const caption = (attributes.caption ?? parts[2] ?? '').trim();
      const align = ALIGNMENT.test(attributes.align ?? '') ? ` ${attributes.align}` : '';
      replacement = `<figure class="wp-caption${align}">${parts[1]}${caption ? `<figcaption class="wp-caption-text">${caption}</figcaption>` : ''}</figure>`;
    } else {
      replacement = inner.trim();
    }
    // A figure cannot sit inside a <p>: drop the paragraph only when it wrapped the shortcode whole.
    return open && close ? replacement : `${open ?? ''}${replacement}${close ?? ''}`;
  });
}

/** Shortcode-like tokens: `[name …]`, `[name/]`, `[/name]`; names as plugins write them. */
const SHORTCODE_TAG = /\[(\/)?([a-z][a-z0-9_-]*)(\s[^[\]]*?)?(\/)?\]/g;
/** Text inside these is shown as written (code samples), never read as a shortcode. */
const VERBATIM = /^<(\/)?(pre|code|textarea)\b/i;

/**
 * Removes the tags of shortcodes WordPress left unrendered, keeping what they enclosed, with one
 * warning per shortcode name. Bracketed prose stays: a token counts as a shortcode when it has
 * attributes (`=`), a closing tag somewhere, is self-closing, or has a plugin-style name (`_`, `-`);
 * so '[sic]' or '[1]' are left alone. Tags and attributes are never touched, nor text in <pre>/<code>.
 */
export function removeUnknownShortcodes(html: string, note: Note): string {
  if (!html.includes('[')) return html;
  const closed = new Set([...html.matchAll(/\[\/([a-z][a-z0-9_-]*)\]/g)].map((match) => match[1] as string));
  const removed = new Set<string>();
  let verbatim = 0;
  const parts = html.split(/(<[^>]*>)/);
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as string;
    if (index % 2 === 1) {
      const tag = VERBATIM.exec(part);
      if (tag) verbatim = Math.max(0, verbatim + (tag[1] ? -1 : 1));
      continue;
    }
    if (verbatim > 0 || !part.includes('[')) continue;
    parts[index] = part.replace(SHORTCODE_TAG, (token, closing: string | undefined, name: string, attributes: string | undefined, selfClosing: string | undefined) => {
      const isShortcode = Boolean(closing || selfClosing) || closed.has(name) || /[_-]/.test(name) || (attributes ?? '').includes('=');
      if (!isShortcode) return token;
      removed.add(name);
      return '';
    });
  }
  for (const name of removed) note(`shortcode [${name}] removed: WordPress did not render it`);
  return parts.join('');
}

/** `<p>&nbsp;</p>`, `<p> </p>`, `<p><br></p>`: the classic editor's spacers, not content. */
const EMPTY_PARAGRAPH = /<p(?:\s[^>]*)?>(?:\s|&nbsp;|&#160;|\u00a0|<br\s*\/?>)*<\/p>\s*/gi;

export function dropEmptyParagraphs(html: string): string {
  return html.replace(EMPTY_PARAGRAPH, '');
}

/**
 * Every top-level table goes in a box that scrolls sideways on its own, so a wide table never makes
 * the page scroll; the box takes the keyboard focus so it can be scrolled without a mouse (WCAG
 * 2.1.1, axe's scrollable-region-focusable). Runs on sanitized HTML, whose tags are well formed.
 */
export function wrapTables(html: string): string {
  let depth = 0;
  return html.replace(/<table\b[^>]*>|<\/table>/gi, (tag) => {
    if (tag.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      return depth === 0 ? `${tag}</div>` : tag;
    }
    depth += 1;
    return depth === 1 ? `<div class="table-scroll" tabindex="0">${tag}` : tag;
  });
}
