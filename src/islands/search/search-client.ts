import type { SearchReply, SearchRequest, SearchView, ShownResult } from './search-api.js';
import type { QueryWord } from './search-text.js';

/** A request without its id (the client numbers them). */
type Call<R = SearchRequest> = R extends SearchRequest ? Omit<R, 'id'> : never;

/**
 * The island's side of the search worker (search.worker.ts): each call a message, each answer a
 * promise. `workerUrl` and `base`: the worker's address and the site's path prefix; `ancestors`: each
 * sub-category's parents, by name.
 */
export function createSearchClient(workerUrl: string, manifest: string, base: string, ancestors: Record<string, string[]> = {}) {
  const worker = new Worker(`${base}${workerUrl}`, { type: 'module', name: 'recherche' });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<SearchReply>) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if ('error' in data) call.reject(new Error(data.error));
    else call.resolve(data.result);
  };
  worker.onerror = (event) => {
    // The worker could not start or stopped: every call waiting fails (the page says search is unavailable).
    event.preventDefault();
    for (const call of pending.values()) call.reject(new Error(event.message || 'le module de recherche a échoué'));
    pending.clear();
  };
  const call = <T,>(request: Call): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  call({ method: 'init', manifest, base, ancestors }).catch(() => {});
  return {
    categories: () => call<string[]>({ method: 'categories' }),
    /**
     * The query's results in a category ('' for all), the first `count` ready to show; null when a
     * newer search overtook it (the worker waits for a pause in the typing, fetching the query's
     * chunks meanwhile).
     */
    search: (query: string, category: string, count: number) => call<SearchView | null>({ method: 'search', query, category, count }),
    /** These results ready to show; with `rest` (the rest of a first page), null when the fan typed on within a pause. */
    more: (numbers: number[], words: QueryWord[], rest = false) => call<ShownResult[] | null>({ method: 'more', numbers, words, rest }),
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;
