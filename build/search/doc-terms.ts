import type { SearchDoc } from '../../src/islands/search/index-format.js';
import { formatFrenchLongDate } from '../../src/lib/dates.js';
import type { SearchRecord } from './extract.js';
import { forEachTerm } from './page-terms.js';

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
