import { DOCS_PER_BUNDLE, INDEX_FOLDER, type DocBundle, type SearchDoc, type SearchManifest, type TermChunk } from './index-format.js';
import { parseQuery, type QueryWord } from './search-text.js';

/** What a search found: documents by number, best first, and how many fall in each category. */
export interface SearchMatches {
  words: QueryWord[];
  /** Every matching document, best first. */
  docs: number[];
  /** Matching documents per category (same order as the manifest's categories). */
  categoryCounts: number[];
}

/** A document as a result shows it, with its category names. */
export interface SearchResultDoc extends SearchDoc {
  number: number;
  categories: string[];
}

/** Fetches a JSON file of the index by its root-relative path. */
export type FetchJson = (path: string) => Promise<unknown>;

/** Words whose scores a page view keeps (a few hundred KB at most at 5,000 posts). */
const MAX_SCORED_WORDS = 24;

/** A word completed from what is being typed weighs less than the word as typed. */
const PREFIX_FACTOR = 0.6;

/**
 * The browser side of the search index (index-format.ts): the manifest once, then per query the
 * term chunks its words fall in, and the bundles of the results shown. Every file is fetched once
 * per page view.
 */
export function createSearchEngine(manifestPath: string, fetchJson: FetchJson) {
  const manifest = fetchJson(manifestPath).then((value) => {
    const data = value as SearchManifest;
    if (data?.version !== 1 || !Array.isArray(data.chunks)) throw new Error('index de recherche illisible');
    return data;
  });
  const files = new Map<string, Promise<unknown>>();
  const file = (name: string) => {
    let loading = files.get(name);
    if (!loading) {
      loading = fetchJson(`${INDEX_FOLDER}/${name}`);
      // A failed file is asked again by the next query.
      loading.catch(() => files.delete(name));
      files.set(name, loading);
    }
    return loading;
  };
  const chunks = new Map<string, Promise<Map<string, number[]>>>();
  const chunk = (name: string) => {
    let terms = chunks.get(name);
    if (!terms) {
      terms = file(name).then((value) => new Map(value as TermChunk));
      terms.catch(() => chunks.delete(name));
      chunks.set(name, terms);
    }
    return terms;
  };

  /** The chunks holding the terms from `low` up to `high` (inclusive), in order. */
  const chunksFor = (data: SearchManifest, low: string, high: string): string[] => {
    const names: string[] = [];
    data.chunks.forEach(([first, name], index) => {
      const next = data.chunks[index + 1]?.[0];
      if (first <= high && (next === undefined || next > low)) names.push(name);
    });
    return names;
  };

  /** The chunks a query word's terms are in. The stem may sort before the typed word or after it ('joueuse' → 'joueux'): both ranges. */
  const chunksOf = (data: SearchManifest, word: QueryWord): string[] => {
    const completed = word.prefix ? `${word.prefix}\uffff` : word.term;
    const high = completed > word.term ? completed : word.term;
    const low = word.prefix && word.prefix < word.term ? word.prefix : word.term;
    return chunksFor(data, low, high);
  };

  /**
   * Each query word's scores, kept for the page view: while a fan types "supporters kop", the
   * searches run at each pause score "supporters" once.
   */
  const scored = new Map<string, Promise<Map<number, number>>>();
  const scoresOf = (data: SearchManifest, word: QueryWord): Promise<Map<number, number>> => {
    const key = `${word.term} ${word.prefix ?? ''}`;
    let scores = scored.get(key);
    if (!scores) {
      if (scored.size >= MAX_SCORED_WORDS) scored.clear();
      scores = scoresFor(data, word);
      scores.catch(() => scored.delete(key));
      scored.set(key, scores);
    }
    return scores;
  };

  /** Each matching document's score for one query word: its best term, exact or completed. */
  const scoresFor = async (data: SearchManifest, word: QueryWord): Promise<Map<number, number>> => {
    const loaded = await Promise.all(chunksOf(data, word).map(chunk));
    const scores = new Map<number, number>();
    for (const terms of loaded) {
      for (const [term, postings] of terms) {
        const exact = term === word.term;
        if (!exact && !(word.prefix && term.startsWith(word.prefix))) continue;
        const count = postings.length / 2;
        const idf = Math.log(1 + (data.docs - count + 0.5) / (count + 0.5));
        const factor = (exact ? 1 : PREFIX_FACTOR) * idf;
        let doc = 0;
        for (let index = 0; index < postings.length; index += 2) {
          doc += postings[index]!;
          const score = (postings[index + 1]! / 10) * factor;
          if (score > (scores.get(doc) ?? 0)) scores.set(doc, score);
        }
      }
    }
    return scores;
  };

  return {
    /** Loads the manifest now, so the first query only waits for its own chunks. */
    ready: () => manifest.then(() => undefined),
    categories: async () => (await manifest).categories,

    /** Starts fetching the chunks of a query being typed: the search that follows the pause finds them there. */
    preload(query: string): void {
      manifest.then((data) => {
        for (const word of parseQuery(query)) for (const name of chunksOf(data, word)) chunk(name).catch(() => {});
      }, () => {});
    },

    /** Documents having every word of the query, best first (newer first when equal). */
    async search(query: string): Promise<SearchMatches> {
      const data = await manifest;
      const words = parseQuery(query);
      if (words.length === 0) return { words, docs: [], categoryCounts: data.categories.map(() => 0) };
      const perWord = await Promise.all(words.map((word) => scoresOf(data, word)));
      perWord.sort((a, b) => a.size - b.size);
      const [first, ...others] = perWord;
      const totals: [number, number][] = [];
      for (const [doc, score] of first ?? []) {
        let total = score;
        for (const scores of others) {
          const other = scores.get(doc);
          if (other === undefined) {
            total = -1;
            break;
          }
          total += other;
        }
        if (total >= 0) totals.push([doc, total]);
      }
      totals.sort((a, b) => b[1] - a[1] || b[0] - a[0]);
      const docs = totals.map(([doc]) => doc);
      const categoryCounts = data.categories.map(() => 0);
      for (const doc of docs) for (const category of categoriesOf(data, doc)) categoryCounts[category] = (categoryCounts[category] ?? 0) + 1;
      return { words, docs, categoryCounts };
    },

    /** Documents of a category (its index in the manifest), keeping their order. */
    async inCategory(docs: readonly number[], category: number): Promise<number[]> {
      const data = await manifest;
      return docs.filter((doc) => categoriesOf(data, doc).includes(category));
    },

    /** What results show of these documents, in the same order. */
    async documents(numbers: readonly number[]): Promise<SearchResultDoc[]> {
      const data = await manifest;
      return Promise.all(
        numbers.map(async (number) => {
          const bundle = (await file(data.bundles[Math.floor(number / DOCS_PER_BUNDLE)] ?? '')) as DocBundle;
          const doc = bundle[number % DOCS_PER_BUNDLE];
          if (!doc) throw new Error(`document ${number} absent de l'index`);
          return { ...doc, number, categories: categoriesOf(data, number).map((index) => data.categories[index] ?? '') };
        }),
      );
    },
  };
}

export type SearchEngine = ReturnType<typeof createSearchEngine>;

function categoriesOf(data: SearchManifest, doc: number): number[] {
  const value = data.docCategories[doc];
  return value === undefined ? [] : typeof value === 'number' ? [value] : value;
}
