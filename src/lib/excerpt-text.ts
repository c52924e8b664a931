import { Parser } from 'htmlparser2';
import { parseStart } from './parse-start.js';

/**
 * The text of an article as an excerpt reads it: words of two blocks, two cells or two list items
 * never run together ('…la finale.Le classement' or 'RangÉquipeJoués'), and what is not prose is
 * left out: tables (a post that opens with its stats table starts its excerpt with its first
 * sentence, not with 'Joueur Minutes Points'), captions, embed placeholders, code and scripts.
 */

/** Elements whose start and end separate words (HTML's block and table elements, and <br>). */
const SEPARATING = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'details', 'div', 'dl', 'dt', 'figure', 'footer', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'section', 'summary', 'td', 'th', 'tr', 'ul',
  'caption', 'picture', 'img', 'iframe', 'video', 'audio', 'object', 'cite',
]);

/** Elements whose text is left out of an excerpt. */
const LEFT_OUT = new Set([
  'table', 'figcaption', 'script', 'style', 'noscript', 'template', 'textarea', 'svg', 'math', 'pre', 'code', 'object', 'iframe',
  'button', 'title', 'select',
]);

/**
 * Plain text of an HTML fragment for an excerpt, white space collapsed. `atLeast`: the excerpt
 * needs no more characters than this: the markup is read until its text has them, not whole.
 */
export function excerptText(html: string, atLeast = Infinity): string {
  let text = '';
  let hidden = 0;
  // Elements opened while hidden, so their end lowers the count only for the ones that raised it.
  const stack: boolean[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attributes) => {
        const hides = LEFT_OUT.has(name) || 'data-island' in attributes;
        stack.push(hides);
        if (hides) hidden += 1;
        if (SEPARATING.has(name)) text += ' ';
      },
      onclosetag: (name) => {
        if (stack.pop()) hidden -= 1;
        if (SEPARATING.has(name)) text += ' ';
      },
      ontext: (chunk) => {
        if (hidden === 0) text += chunk;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parseStart(parser, html, atLeast === Infinity ? undefined : () => text.length >= atLeast);
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/** Letters and digits only: to tell whether two texts say the same words, however they were spaced. */
export function lettersOf(text: string): string {
  return BEYOND_LATIN.test(text) ? text.replace(/[^\p{L}\p{N}]+/gu, '') : text.replace(NOT_LATIN_LETTER, '');
}

/**
 * French text is Latin letters (to U+024F) and general punctuation (U+2000–U+206F: ’, …, narrow
 * spaces), where letters and digits are exactly these (excerpt-text.test.ts checks each code point):
 * matched without Unicode properties, five times faster.
 */
const BEYOND_LATIN = /[\u0250-\u1fff\u2070-\uffff]/;
const NOT_LATIN_LETTER = /[^0-9A-Za-z\u00aa\u00b2\u00b3\u00b5\u00b9\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+/g;
