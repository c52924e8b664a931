import type { SearchDoc } from '../../src/islands/search/index-format.js';
import { termOf, termsOf, wordsOf } from '../../src/islands/search/search-text.js';
import { formatFrenchLongDate } from '../../src/lib/dates.js';
import type { SearchRecord } from './extract.js';

/**
 * What the index needs of a page, kept between builds (store.ts) as one string of fields: a cron
 * run making the index again from 5,000 splits strings instead of parsing 5,000 objects.
 */
export interface IndexRecord {
  url: string;
  /** A post's day ('2025-10-27'), '' for another page: posts come after the other pages in the index's order, by day. */
  day: string;
  /** JSON of the SearchDoc a result shows (its text: the page's first EXCERPT_START_CHARS). */
  docJson: string;
  /** JSON of the rest of the page's text (up to EXCERPT_SOURCE_CHARS in all), '""' when the start holds all of it. */
  restJson: string;
  categories: string[];
  /** 'term weight term weight …': each term's BM25 weight in the page, ×10, at least 1. */
  terms: string;
}

/** BM25's parameters, as Lucene's defaults. */
const K1 = 1.2;
const B = 0.75;
/** Instead of the average page's length (about an article's, weighted): a new post changes no other page's weights. */
const REFERENCE_LENGTH = 300;
/** A title word counts twice in the page's text, and adds this to its weight (×10): BM25 saturates, a title match should not. */
const TITLE_WEIGHT = 2;
const TITLE_BONUS = 10;
const HEADING_WEIGHT = 2;
/** What a result's excerpt may show of a page's text: all of it but for a page far longer than a post. */
const EXCERPT_SOURCE_CHARS = 12_000;
/** The start of a page's text a bundle holds, what most excerpts need; the rest is in the bundle's companion file. */
const EXCERPT_START_CHARS = 600;

export function indexRecordOf(record: SearchRecord): IndexRecord {
  const counts = new Map<string, number>();
  let length = 0;
  let times = TITLE_WEIGHT;
  const add = (term: string) => {
    counts.set(term, (counts.get(term) ?? 0) + times);
    length += times;
  };
  forEachTerm(record.title, add);
  const inTitle = new Set(counts.keys());
  times = HEADING_WEIGHT;
  forEachTerm(record.headings, add);
  times = 1;
  forEachTerm(record.text, add);
  const norm = K1 * (1 - B + (B * length) / REFERENCE_LENGTH);
  const terms: string[] = [];
  for (const [term, count] of counts) {
    const weight = Math.max(1, Math.round(((count * (K1 + 1)) / (count + norm)) * 10)) + (inTitle.has(term) ? TITLE_BONUS : 0);
    terms.push(term, String(weight));
  }
  const whole = cutAtWord(record.text, EXCERPT_SOURCE_CHARS);
  const text = whole.length < record.text.length ? `${whole}…` : whole;
  const start = cutAtWord(text, EXCERPT_START_CHARS);
  const doc: SearchDoc = {
    url: record.url,
    title: record.title,
    ...(record.date ? { date: formatFrenchLongDate(record.date), day: record.date } : {}),
    ...(record.image ? { image: record.image } : {}),
    text: start,
    ...(start.length < text.length ? { more: 1 as const } : {}),
  };
  return { url: record.url, day: record.date ?? '', docJson: JSON.stringify(doc), restJson: JSON.stringify(text.slice(start.length)), categories: record.categories, terms: terms.join(' ') };
}

/** Fields never hold these: JSON escapes control characters, terms are letters and digits, category names lose theirs. */
const FIELD = '\u0001';
const ITEM = '\u0002';

export function encodeRecord(record: IndexRecord): string {
  const categories = record.categories.map((name) => name.replace(/\p{Cc}/gu, ' ')).join(ITEM);
  return [record.url, record.day, record.docJson, categories, record.terms, record.restJson].join(FIELD);
}

export function decodeRecord(text: string): IndexRecord {
  const [url = '', day = '', docJson = '', categories = '', terms = '', restJson = '""'] = text.split(FIELD);
  return { url, day, docJson, restJson, categories: categories ? categories.split(ITEM) : [], terms };
}

/** The text up to a space near `max` (at `max` when there is none past its half). */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return text.slice(0, cut > max / 2 ? cut : max);
}

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
    termsByRun.set(run, terms);
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
