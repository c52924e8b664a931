/**
 * The search index as the build writes it and the search island reads it (build/search/README.md).
 *
 * - `/recherche/index.json` (SEARCH_MANIFEST, src/routes/search-routes.tsx), the manifest (revalidated on each visit, a few KB): which term chunk
 *   holds which terms, which bundle holds which documents, each document's categories.
 * - `/assets/search/terms-<hash>.json`: a chunk of terms in sorted order with their postings.
 * - `/assets/search/docs-<number>-<hash>.json`: a bundle of consecutive documents, what a result shows.
 * - `/assets/search/more-<number>-<hash>.json` (the same number and hash): the rest of each of its documents' texts, past
 *   the start the bundle holds, fetched only for a result whose start holds no word of the query.
 *
 * Chunks and bundles are named by their bytes (immutable): a build that changes nothing in one keeps
 * its name, so hosts and browsers keep it too.
 */

/** Documents per bundle: a result list of 10 fetches at most 10 bundles of this many. */
export const DOCS_PER_BUNDLE = 4;

export const INDEX_FOLDER = '/assets/search';

export interface SearchManifest {
  /** Format version: 2 since `docCategories` is a string (a worker of version 1 fails on it rather than misread it). */
  version: 1 | 2 | 3;
  /** Documents in the index. */
  docs: number;
  /** Documents are the pages that are not posts, then the posts by day: the number of the first post (`docs` when none). */
  firstPost: number;
  /** Term chunks: [first term, file name], in term order. */
  chunks: [first: string, file: string][];
  /**
   * Bundle i holds documents i × DOCS_PER_BUNDLE onwards. From version 3, one string: the hashes of
   * their bytes (BUNDLE_HASH_DIGITS hex digits each) end to end, bundle i's file being
   * `docs-<i>-<hash>.json` (see bundleName). It is fetched with every query: 1,258 whole names in
   * an array were 8.4 KB of a 15.6-KB manifest at 5,000 posts, these hashes are about 5 KB. Before,
   * an array of the files' names.
   */
  bundles: string | string[];
  /** Category names, in the filter's order. */
  categories: string[];
  /**
   * Each document's categories: a character per document, whose code less CATEGORY_SET_CODE is the
   * index of its list in `categorySets` (a document has one of a few sets: a string of 5,000 such
   * characters is half the gzip bytes of a JSON array). Manifests written before kept an array, each
   * document's as one index or a list.
   */
  docCategories: string | (number | number[])[];
  /** The distinct lists of categories documents have (indexes into `categories`). */
  categorySets?: number[][];
}

/** The character code of the first category set in a manifest's `docCategories` ('0'). */
export const CATEGORY_SET_CODE = 48;

/** A document's categories, as indexes into the manifest's `categories`. */
export function categoryIndexes(manifest: Pick<SearchManifest, 'docCategories' | 'categorySets'>, doc: number): number[] {
  const all = manifest.docCategories;
  if (typeof all === 'string') return manifest.categorySets?.[all.charCodeAt(doc) - CATEGORY_SET_CODE] ?? [];
  const own = all[doc];
  return own === undefined ? [] : typeof own === 'number' ? [own] : own;
}

/**
 * A chunk: terms in sorted order, each with its postings: document number deltas and weights
 * interleaved ([d0, w0, d1 − d0, w1, …]). A weight is the term's BM25 weight in that document,
 * a title word's with a bonus (build/search/doc-terms.ts), rounded to tenths and stored ×10.
 */
export type TermChunk = [term: string, postings: number[]][];

/** What a result shows of one document. */
export interface SearchDoc {
  /** Root-relative URL of the page ('/actualites/article/54/'). */
  url: string;
  title: string;
  /** A post's day as the article shows it ('27 octobre 2025'), and as ISO ('2025-10-27'). */
  date?: string;
  day?: string;
  /** Thumbnail from the site's own images (/media/…, /images/…). */
  image?: { src: string; width: number; height: number };
  /** The start of the page's text (about 600 characters, cut at a word), for the excerpt around the words found. */
  text: string;
  /** 1 when the text goes on past its start: the bundle's companion (MoreTexts) has the rest. */
  more?: 1;
}

/** A bundle's companion: the rest of each document's text, '' for a text that has no more. */
export type MoreTexts = string[];

/**
 * The file of bundle `index`. Its number keeps names of different bundles apart; the hash, names
 * each version of one bundle (a browser keeps a bundle's file for good: 32 bits make a new version
 * under an old name a one-in-four-billion chance per change).
 */
export function bundleName(manifest: Pick<SearchManifest, 'bundles'>, index: number): string {
  const { bundles } = manifest;
  if (typeof bundles !== 'string') return bundles[index] ?? '';
  return bundleFileName(index, bundles.slice(index * BUNDLE_HASH_DIGITS, (index + 1) * BUNDLE_HASH_DIGITS));
}

/** Hex digits of a bundle's hash in its name. */
export const BUNDLE_HASH_DIGITS = 8;

export function bundleFileName(index: number, hash: string): string {
  return `docs-${index}-${hash}.json`;
}

/** The companion file of a bundle ('docs-<i>-<hash>.json' → 'more-<i>-<hash>.json'). */
export function moreFileOf(bundle: string): string {
  return bundle.replace(/^docs-/, 'more-');
}

export type DocBundle = SearchDoc[];
