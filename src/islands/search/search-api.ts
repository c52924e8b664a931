import type { TextPart } from './excerpt.js';
import type { SearchDoc } from './index-format.js';
import type { QueryWord } from './search-text.js';

/**
 * What the search page's island and its worker (search.worker.ts) say to each other. The worker
 * holds the index: it fetches and parses the chunks and bundles, scores, and splits each result's
 * title and excerpt into marked runs; the island only shows what it is given.
 */

/** A result as shown: its title and excerpt already split into marked runs (the page's text stays in the worker). */
export interface ShownResult extends Omit<SearchDoc, 'text'> {
  number: number;
  categories: string[];
  titleParts: TextPart[];
  excerptParts: TextPart[];
}

/** A query's results, in the chosen category (all of them without one). */
export interface SearchView {
  query: string;
  words: QueryWord[];
  /** Every matching document in the category, best first. */
  docs: number[];
  /** Matching documents per category (the manifest's order), whatever the category chosen. */
  categoryCounts: number[];
  /** The first results, ready to show. */
  results: ShownResult[];
}

export type SearchRequest =
  | { id: number; method: 'init'; manifest: string; base: string; ancestors: Record<string, string[]> }
  | { id: number; method: 'categories' }
  | { id: number; method: 'search'; query: string; category: string; count: number }
  /** `rest`: the rest of the first page, after the first results: dropped (null) when a newer search comes within a pause. */
  | { id: number; method: 'more'; numbers: number[]; words: QueryWord[]; rest?: boolean };

/** A reply to the request of the same id; `result` null for a search overtaken by a newer one. */
export type SearchReply = { id: number; result: unknown } | { id: number; error: string };
