import { foldText, termOf, type QueryWord } from './search-text.js';

/** A run of text, marked when it is a word of the query. */
export interface TextPart {
  text: string;
  mark: boolean;
}

/** Characters an excerpt shows around the first word found. */
const EXCERPT_CHARS = 180;
const BEFORE_CHARS = 50;

/**
 * Splits `text` into runs, marking each word that matches a word of the query the way the search
 * does (same term, the word being typed that it completes, or a term a misspelt word was taken
 * for). Plain text out: the result is rendered as text nodes, never as HTML.
 */
export function highlight(text: string, words: readonly QueryWord[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!matches(match[0], words)) continue;
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    parts.push({ text: match[0], mark: true });
    at = start + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/** A window of the page's text around its first word of the query, wherever it is (its start when none is there), highlighted. */
export function excerpt(text: string, words: readonly QueryWord[]): TextPart[] {
  let start = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!matches(match[0], words)) continue;
    if (match.index + match[0].length > EXCERPT_CHARS) start = Math.max(0, text.lastIndexOf(' ', match.index - BEFORE_CHARS) + 1);
    break;
  }
  let end = Math.min(text.length, start + EXCERPT_CHARS);
  if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), start + 1);
  const window = `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length && !text.slice(start, end).endsWith('…') ? '…' : ''}`;
  return highlight(window, words);
}

function matches(word: string, words: readonly QueryWord[]): boolean {
  const folded = foldText(word);
  const term = termOf(folded);
  return words.some((query) => query.term === term || (query.prefix !== undefined && folded.startsWith(query.prefix)) || (term !== undefined && query.typos?.includes(term) === true));
}
