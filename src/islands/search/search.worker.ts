import type { SearchReply, SearchRequest, SearchView } from './search-api.js';
import { createSearchEngine, type SearchEngine } from './search-engine.js';
import { MIN_PREFIX } from './search-text.js';
import { shownResults } from './shown-results.js';

/**
 * The search page's worker (issue 42): the index is fetched, parsed and scored here, off the page's
 * thread, which keeps to the fan's typing and to showing the results. A search overtaken by a
 * newer one stops before scoring, or before fetching its results' bundles.
 */
const scope = self as unknown as { onmessage: ((event: MessageEvent<SearchRequest>) => void) | null; postMessage(message: SearchReply): void };

/** A search waits this long for the next key before it runs (in the worker: a busy page's timers fire late). */
const PAUSE_MS = 80;

/**
 * A query of one or two letters ('vi', 'ma': the start of most queries, whose results are seldom
 * what the fan wants) waits this long: a fan typing on fetches none of its results' bundles, one
 * who stops there ('AG') still gets them.
 */
const SHORT_QUERY_PAUSE_MS = 300;

const pause = (ms = PAUSE_MS) => new Promise((resolve) => setTimeout(resolve, ms));

let engine: SearchEngine | undefined;
let latestSearch = 0;

scope.onmessage = ({ data: request }) => {
  handle(request).then(
    (result) => scope.postMessage({ id: request.id, result }),
    (error: unknown) => scope.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
};

async function handle(request: SearchRequest): Promise<unknown> {
  if (request.method === 'init') {
    engine = createSearchEngine(request.manifest, async (path) => {
      const response = await fetch(`${request.base}${path}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    }, request.ancestors);
    return null;
  }
  if (!engine) throw new Error('index de recherche non chargé');
  switch (request.method) {
    case 'categories':
      return engine.categories();
    case 'more': {
      const search = latestSearch;
      // The rest of a first page waits a pause too: a key typed meanwhile costs none of its files.
      if (request.rest) {
        await pause();
        if (search !== latestSearch) return null;
      }
      return shownResults(engine, await engine.documents(request.numbers), request.words);
    }
    case 'search':
      return search(engine, request);
  }
}

async function search(search: SearchEngine, request: Extract<SearchRequest, { method: 'search' }>): Promise<SearchView | null> {
  latestSearch = request.id;
  // Each key sends its query: its chunks load at once, the search itself waits for a pause.
  search.preload(request.query);
  await pause(request.query.trim().length < MIN_PREFIX ? SHORT_QUERY_PAUSE_MS : PAUSE_MS);
  if (request.id !== latestSearch) return null;
  const matches = await search.search(request.query);
  const index = (await search.categories()).indexOf(request.category);
  const docs = index === -1 ? matches.docs : await search.inCategory(matches.docs, index);
  // The fan typed on meanwhile: no bundle fetched for results nobody will see.
  if (request.id !== latestSearch) return null;
  // The first results without the rest of their texts: the page asks for them (`more`) once they are shown.
  const results = await shownResults(search, await search.documents(docs.slice(0, request.count)), matches.words, false);
  return { query: request.query, words: matches.words, docs, categoryCounts: matches.categoryCounts, results };
}
