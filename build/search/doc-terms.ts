import type { SearchDoc } from '../../src/islands/search/index-format.js';
import { termsOf } from '../../src/islands/search/search-text.js';
import type { SearchRecord } from './extract.js';

/**
 * What the index needs of a page, kept between builds (store.ts) so that a build re-reads only the
 * pages it wrote: what a result shows, the page's categories, and each term's weighted count.
 */
export interface DocTerms {
  doc: SearchDoc;
  categories: string[];
  /** Term → occurrences, a title word counting TITLE_WEIGHT times, a heading's HEADING_WEIGHT. */
  counts: Record<string, number>;
  /** The weighted number of terms: BM25's document length. */
  length: number;
}

const TITLE_WEIGHT = 5;
const HEADING_WEIGHT = 2;
/** What a result's excerpt may show of a page's text: its start, cut at a word. */
export const EXCERPT_SOURCE_CHARS = 600;

export function docTermsOf(record: SearchRecord): DocTerms {
  const counts: Record<string, number> = {};
  let length = 0;
  const add = (text: string, weight: number) => {
    for (const term of termsOf(text)) {
      counts[term] = (counts[term] ?? 0) + weight;
      length += weight;
    }
  };
  add(record.title, TITLE_WEIGHT);
  add(record.headings, HEADING_WEIGHT);
  add(record.text, 1);
  const doc: SearchDoc = {
    url: record.url,
    title: record.title,
    ...(record.date ? { date: record.date } : {}),
    ...(record.image ? { image: record.image } : {}),
    text: cutAtWord(record.text, EXCERPT_SOURCE_CHARS),
  };
  return { doc, categories: record.categories, counts, length };
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > max / 2 ? cut : max)}…`;
}
