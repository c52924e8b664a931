import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { parseStart } from './parse-start.js';

/**
 * WordPress HTML is untrusted input (DESIGN section 8): a compromised editor account must not be
 * able to run script on the club's site. Everything that reaches dangerouslySetInnerHTML passes here.
 */

/**
 * The iframe allow-list: video and map players a post may embed; an iframe of any other host is
 * dropped here, whatever WordPress sent (a widget, an ad, a form of another site). In article
 * contents the frames that pass are not shown as such either: src/lib/embeds.ts turns each into a
 * click-to-load placeholder (or removes it when its address is not a video, post or map), so no
 * page of the site loads a third-party frame before the fan asks (issue 16).
 */
export const IFRAME_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'www.dailymotion.com',
  'geo.dailymotion.com',
  'www.google.com',
  'maps.google.com',
  'www.openstreetmap.org',
];

/** Contents also pass the frames X, Instagram and Facebook give as embed code, for src/lib/embeds.ts to turn into placeholders. */
const CONTENT_IFRAME_HOSTS = [...IFRAME_HOSTS, 'platform.twitter.com', 'www.instagram.com', 'www.facebook.com'];

/** Elements whose text must not leak into the output once the element is removed. */
const NON_TEXT_TAGS = ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'object', 'embed', 'title', 'xmp', 'noembed', 'noframes'];

/** Spec section 5, word for word: tags image, iframe, link, strong and these attributes. */
const TITLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['image', 'iframe', 'link', 'strong'],
  allowedAttributes: {
    iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    a: ['href'],
  },
  allowedSchemes: ['https'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
  allowProtocolRelative: false,
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  nonTextTags: NON_TEXT_TAGS,
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

const CONTENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small',
    'blockquote', 'cite', 'q', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption', 'span', 'div',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'pre', 'code', 'abbr', 'time', 'iframe',
    'details', 'summary',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'style'],
    a: ['href', 'target', 'rel', 'download'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    iframe: ['src', 'width', 'height', 'title', 'frameborder', 'allowfullscreen', 'allow', 'loading'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed'],
    time: ['datetime'],
    abbr: ['title'],
    details: ['open'],
  },
  // Only layout properties with plain values: nothing that can fetch (url(), image-set, @import).
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      // Column widths the editor set (wp-block-column).
      'flex-basis': [/^\d{1,3}(\.\d+)?%$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: CONTENT_IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  nonTextTags: NON_TEXT_TAGS,
  transformTags: {
    // A link opening a new tab must not hand window.opener to the other site.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : withoutKey(attribs, 'target'),
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', decoding: 'async', ...attribs } }),
    iframe: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', ...attribs } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
};

function withoutKey(attribs: sanitizeHtml.Attributes, key: string): sanitizeHtml.Attributes {
  const copy = { ...attribs };
  delete copy[key];
  return copy;
}

/** A post title as HTML with the spec's allow-list (section 5). */
export function sanitizeTitle(html: string): string {
  // Most titles are text alone: sanitize-html reads its character references and escapes &, < and >
  // again (the same bytes, at a fraction of its cost per call).
  if (!html.includes('<')) return decodedText(html).replace(/[&<>]/g, (char) => TEXT_ESCAPES[char] as string).trim();
  return sanitizeHtml(html, TITLE_OPTIONS).trim();
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Markup-free text with its character references read as the sanitizer's parser reads them. */
function decodedText(html: string): string {
  if (!html.includes('&')) return html;
  let text = '';
  new Parser({ ontext: (chunk) => void (text += chunk) }, { decodeEntities: true }).end(html);
  return text;
}

/** An article body with a WordPress-appropriate allow-list (blocks, figures, tables, video embeds). */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, CONTENT_OPTIONS).trim();
}

/**
 * Plain text for <title>, meta tags, alt texts and the feed: tags dropped (with the text of script,
 * style and the like), entities decoded once, white space collapsed. htmlparser2 (sanitize-html's
 * own parser) read directly: the same text as sanitize-html with no tag allowed, at a fraction of
 * the cost, for the several short fields of every post. `enough`: told the text read so far (before
 * white space is collapsed), whether the rest is needed: then the markup is not read whole.
 */
export function toPlainText(html: string, enough?: (text: string) => boolean): string {
  if (!/[<&]/.test(html)) return collapse(html);
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname: (name) => void (NON_TEXT.has(name) && (hidden += 1)),
      onclosetag: (name) => void (NON_TEXT.has(name) && hidden > 0 && (hidden -= 1)),
      ontext: (chunk) => void (hidden === 0 && (text += chunk)),
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parseStart(parser, html, enough && (() => enough(text)));
  return collapse(text);
}

const NON_TEXT = new Set(NON_TEXT_TAGS);

function collapse(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Only http(s) URLs and root-relative paths may be used as image sources taken from content. */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() !== value || value === '') return undefined;
  if (/^\/(?!\/)/.test(value)) return /[\s"'<>\\]/.test(value) ? undefined : value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
