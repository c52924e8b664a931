import { bundleName, categoryIndexes, DOCS_PER_BUNDLE, INDEX_FOLDER, moreFileOf, type DocBundle, type MoreTexts, type SearchDoc, type SearchManifest, type TermChunk } from './index-format.js';
import { editDistance, maxTypos, parseQuery, type QueryWord } from './search-text.js';

/** What a search found: documents by number, best first, and how many fall in each category. */
export interface SearchMatches {
  /** The query's words, each with the terms it was taken for when it found nothing as typed. */
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
/** A term a misspelt word was taken for weighs less, the more letters differ. */
const TYPO_FACTOR = [1, 0.5, 0.35];
/** Terms a misspelt word may be taken for: the nearest, then the most common. */
const MAX_TYPO_TERMS = 4;
/**
 * Results as relevant as one another are shown newest first. Two documents are "as relevant"
 * when their scores fall in the same band: bands are this factor apart, counted down from the
 * best score among the documents matching as many words of the query.
 */
const RELEVANCE_BAND = 1.5;

/** One word's scores: the documents it matches, in document order, and their scores. */
interface WordScores {
  docs: Int32Array;
  scores: Float32Array;
  /** The terms a word that found nothing as typed was taken for. */
  typos?: string[];
}

/**
 * The browser side of the search index (index-format.ts): the manifest once, then per query the
 * term chunks its words fall in, and the bundles of the results shown. Every file is fetched once
 * per page view. Runs in the search page's worker (search-worker.ts) or, in tests and the
 * benchmark, where it is called.
 */
export function createSearchEngine(manifestPath: string, fetchJson: FetchJson, ancestors: Readonly<Record<string, readonly string[]>> = {}) {
  const manifest = fetchJson(manifestPath).then((value) => {
    const data = value as SearchManifest;
    if (!(data?.version <= 3) || !Array.isArray(data.chunks)) throw new Error('index de recherche illisible');
    return data;
  });
  /**
   * The categories a document is found under by the filter (and counted in): its own and their
   * parents, as a parent category's page lists its sub-categories' posts ('Club' and 'Jeunes & formation').
   */
  const filed = manifest.then((data) => {
    const indexOf = new Map(data.categories.map((name, index) => [name, index]));
    return data.categories.map((name, index) => [index, ...(ancestors[name] ?? []).flatMap((parent) => indexOf.get(parent) ?? [])]);
  });
  const filedUnder = (data: SearchManifest, under: number[][], doc: number): number[] => {
    const own = categoryIndexes(data, doc);
    return own.length === 1 ? under[own[0]!]! : [...new Set(own.flatMap((category) => under[category] ?? []))];
  };
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

  /** The indexes of the chunks holding the terms from `low` up to `high` (inclusive), in order. */
  const chunkRange = (data: SearchManifest, low: string, high: string): number[] => {
    const found: number[] = [];
    data.chunks.forEach(([first], index) => {
      const next = data.chunks[index + 1]?.[0];
      if (first <= high && (next === undefined || next > low)) found.push(index);
    });
    return found;
  };

  /** The chunks a query word's terms are in. The stem may sort before the typed word or after it ('joueuse' → 'joueux'): both ranges. */
  const chunksOf = (data: SearchManifest, word: QueryWord): string[] => {
    const completed = word.prefix ? `${word.prefix}\uffff` : word.term;
    const high = completed > word.term ? completed : word.term;
    const low = word.prefix && word.prefix < word.term ? word.prefix : word.term;
    return chunkRange(data, low, high).map((index) => data.chunks[index]![1]);
  };

  /**
   * The chunks where a misspelt word's terms are looked for: the one its term would be in and
   * its two neighbours, among those holding terms of the same first two letters. Bounded: a typo
   * costs at most two chunks more than the word did (a typo in the first two letters, or one
   * moving the word far in a crowded range, is not corrected).
   */
  const typoChunksOf = (data: SearchManifest, word: QueryWord): string[] => {
    const start = word.term.slice(0, 2);
    const range = chunkRange(data, start, `${start}\uffff`);
    const home = chunkRange(data, word.term, word.term)[0] ?? range[0] ?? 0;
    return range.filter((index) => Math.abs(index - home) <= 1).map((index) => data.chunks[index]![1]);
  };

  /**
   * Each query word's scores, kept for the page view: while a fan types "supporters kop", the
   * searches run at each pause score "supporters" once.
   */
  const scored = new Map<string, Promise<WordScores>>();
  const scoresOf = (data: SearchManifest, word: QueryWord): Promise<WordScores> => {
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

  /** Each matching document's score for one query word: its best term, exact, completed, or (when none) a near spelling. */
  const scoresFor = async (data: SearchManifest, word: QueryWord): Promise<WordScores> => {
    const best = new Float32Array(data.docs);
    const touched: number[] = [];
    const add = (postings: number[], factor: number) => {
      const count = postings.length / 2;
      const idf = Math.log(1 + (data.docs - count + 0.5) / (count + 0.5));
      let doc = 0;
      for (let index = 0; index < postings.length; index += 2) {
        doc += postings[index]!;
        const score = (postings[index + 1]! / 10) * factor * idf;
        const before = best[doc]!;
        if (before === 0) touched.push(doc);
        if (score > before) best[doc] = score;
      }
    };
    for (const terms of await Promise.all(chunksOf(data, word).map(chunk))) {
      for (const [term, postings] of terms) {
        if (term === word.term) add(postings, 1);
        else if (word.prefix && term.startsWith(word.prefix)) add(postings, PREFIX_FACTOR);
      }
    }
    let typos: string[] | undefined;
    const allowed = maxTypos(word);
    if (touched.length === 0 && allowed > 0) {
      // Nothing as typed: the nearest spellings the index holds ("equippe" → "équipe").
      const near: { term: string; distance: number; postings: number[] }[] = [];
      for (const terms of await Promise.all(typoChunksOf(data, word).map(chunk))) {
        for (const [term, postings] of terms) {
          if (Math.abs(term.length - word.term.length) > allowed || /\d/.test(term)) continue;
          const distance = editDistance(word.term, term, allowed);
          if (distance <= allowed) near.push({ term, distance, postings });
        }
      }
      near.sort((a, b) => a.distance - b.distance || b.postings.length - a.postings.length || (a.term < b.term ? -1 : 1));
      const nearest = near.slice(0, MAX_TYPO_TERMS).filter((candidate) => candidate.distance === near[0]!.distance);
      for (const { postings, distance } of nearest) add(postings, TYPO_FACTOR[distance] ?? 0);
      typos = nearest.map(({ term }) => term);
    }
    touched.sort((a, b) => a - b);
    const docs = Int32Array.from(touched);
    const scores = Float32Array.from(touched, (doc) => best[doc]!);
    return typos ? { docs, scores, typos } : { docs, scores };
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

    /** Documents having any word of the query, best first (ranked): those having every word first, the newer first among results as relevant. */
    async search(query: string): Promise<SearchMatches> {
      const data = await manifest;
      const parsed = parseQuery(query);
      if (parsed.length === 0) return { words: parsed, docs: [], categoryCounts: data.categories.map(() => 0) };
      const perWord = await Promise.all(parsed.map((word) => scoresOf(data, word)));
      const words = parsed.map((word, index) => {
        const typos = perWord[index]!.typos;
        return typos ? { ...word, typos } : word;
      });
      const total = new Float64Array(data.docs);
      const matched = new Uint16Array(data.docs);
      const found: number[] = [];
      for (const { docs, scores } of perWord) {
        for (let index = 0; index < docs.length; index += 1) {
          const doc = docs[index]!;
          if (matched[doc] === 0) found.push(doc);
          matched[doc] = matched[doc]! + 1;
          total[doc] = total[doc]! + scores[index]!;
        }
      }
      const docs = ranked(found, matched, total, parsed.length, data.firstPost ?? data.docs);
      const categoryCounts = data.categories.map(() => 0);
      const under = await filed;
      for (const doc of docs) for (const category of filedUnder(data, under, doc)) categoryCounts[category] = (categoryCounts[category] ?? 0) + 1;
      return { words, docs, categoryCounts };
    },

    /** Documents of a category (its index in the manifest) or of its sub-categories, keeping their order. */
    async inCategory(docs: readonly number[], category: number): Promise<number[]> {
      const data = await manifest;
      const under = await filed;
      return docs.filter((doc) => filedUnder(data, under, doc).includes(category));
    },

    /** What results show of these documents, in the same order. */
    async documents(numbers: readonly number[]): Promise<SearchResultDoc[]> {
      const data = await manifest;
      return Promise.all(
        numbers.map(async (number) => {
          const bundle = (await file(bundleName(data, Math.floor(number / DOCS_PER_BUNDLE)))) as DocBundle;
          const doc = bundle[number % DOCS_PER_BUNDLE];
          if (!doc) throw new Error(`document ${number} absent de l'index`);
          return { ...doc, number, categories: categoryIndexes(data, number).map((index) => data.categories[index] ?? '') };
        }),
      );
    },

    /** A document's whole text: its start, and the rest from its bundle's companion (one more file, fetched only when asked for). */
    async wholeText(doc: SearchResultDoc): Promise<string> {
      if (!doc.more) return doc.text;
      const data = await manifest;
      const more = (await file(moreFileOf(bundleName(data, Math.floor(doc.number / DOCS_PER_BUNDLE))))) as MoreTexts;
      return doc.text + (more[doc.number % DOCS_PER_BUNDLE] ?? '');
    },
  };
}

export type SearchEngine = ReturnType<typeof createSearchEngine>;

/**
 * The documents found, best first: those matching more words of the query first; then by bands
 * of relevance (RELEVANCE_BAND, counted from the best score of those matching as many words); in
 * a band, the posts newest first (documents are numbered pages first, then posts by day: a higher
 * number is a newer post), and the pages (the club's, the players') among them by score: a page
 * comes before the next post when it scores at least as high.
 */
function ranked(found: readonly number[], matched: Uint16Array, total: Float64Array, words: number, firstPost: number): number[] {
  const best = new Float64Array(words + 1);
  for (const doc of found) best[matched[doc]!] = Math.max(best[matched[doc]!]!, total[doc]!);
  const groups = new Map<number, { pages: number[]; posts: number[] }>();
  for (const doc of found) {
    const band = Math.floor(Math.log(best[matched[doc]!]! / total[doc]!) / Math.log(RELEVANCE_BAND));
    // Fewer words matched sorts after any band of more words matched.
    const key = (words - matched[doc]!) * 1_000 + Math.min(band, 999);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { pages: [], posts: [] }));
    (doc >= firstPost ? group.posts : group.pages).push(doc);
  }
  const docs: number[] = [];
  for (const key of [...groups.keys()].sort((a, b) => a - b)) {
    const { pages, posts } = groups.get(key)!;
    pages.sort((a, b) => total[b]! - total[a]! || a - b);
    posts.sort((a, b) => b - a);
    let page = 0;
    let post = 0;
    while (page < pages.length || post < posts.length) {
      if (post >= posts.length || (page < pages.length && total[pages[page]!]! >= total[posts[post]!]!)) docs.push(pages[page++]!);
      else docs.push(posts[post++]!);
    }
  }
  return docs;
}
