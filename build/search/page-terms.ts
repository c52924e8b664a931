import { termsOf, wordsOf, termOf } from '../../src/islands/search/search-text.js';

/**
 * A page's terms, as termsOf (search-text.ts) gives them, at a fraction of its cost: folding never
 * makes or unmakes a separator (search-terms.test.ts checks every code point), so each run of
 * letters, digits and marks is folded alone, once per thread. A capital sigma, lowered by the
 * letters around it, takes termsOf's way.
 */
export function forEachTerm(text: string, use: (term: string) => void): void {
  if (text.includes('Σ')) {
    for (const term of termsOf(text)) use(term);
    return;
  }
  let start = -1;
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at);
    // A letter outside the BMP (𝐀, 𠀀) is a pair of surrogates: both in the word or neither.
    const width = (code & 0xfc00) === 0xd800 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    let inWord: boolean;
    if (code < 128) inWord = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
    else inWord = width === 2 ? WORD_CHAR.test(text.slice(at, at + 2)) : isWordUnit(code);
    if (!inWord) start = flush(text, start, at, use);
    else if (start === -1) start = at;
    at += width;
  }
  flush(text, start, text.length, use);
}

/** A run of letters, digits and marks → its terms, '' for none, joined by spaces when several. */
const termsByRun = new Map<string, string>();
/** Bounded like termOf's stems: a site's vocabulary, in its cases and spellings, is far fewer runs. */
const MAX_RUNS = 200_000;

function flush(text: string, start: number, end: number, use: (term: string) => void): number {
  if (start === -1) return -1;
  const run = text.slice(start, end);
  let terms = termsByRun.get(run);
  if (terms === undefined) {
    if (termsByRun.size >= MAX_RUNS) termsByRun.clear();
    terms = wordsOf(run)
      .map((word) => termOf(word) ?? '')
      .filter((term) => term !== '')
      .join(' ');
    // A slice of 13 characters or more keeps the whole text alive in V8: the cache keeps a copy.
    termsByRun.set(run.length < 13 ? run : (JSON.parse(JSON.stringify(run)) as string), terms);
  }
  if (terms.includes(' ')) for (const term of terms.split(' ')) use(term);
  else if (terms !== '') use(terms);
  return -1;
}

const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

/** Whether a BMP code unit is a letter, digit or mark (a lone surrogate is none), looked up once per unit. */
const bmpClass = new Uint8Array(0x10000);
function isWordUnit(code: number): boolean {
  let known = bmpClass[code]!;
  if (known === 0) bmpClass[code] = known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
  return known === 1;
}
