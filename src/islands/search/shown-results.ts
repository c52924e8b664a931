import { excerpt, highlight } from './excerpt.js';
import type { ShownResult } from './search-api.js';
import type { SearchEngine, SearchResultDoc } from './search-engine.js';
import type { QueryWord } from './search-text.js';

/**
 * Results with their marked title and excerpt. A bundle holds the start of each page's text: only a
 * result whose title and start have no word of the query fetches the rest (its bundle's companion),
 * for the excerpt around the first word found further on ("buvette" deep in a club page). A result
 * whose title shows a word found says why it is there already: its excerpt is the start, as it
 * was, and costs no file more (most results of a broad query are such). Without `whole`, no rest
 * is fetched: the first results shown while the fan types (search.worker.ts) show their start, and
 * are shown again with the rest once the query is still the one typed.
 */
export function shownResults(search: Pick<SearchEngine, 'wholeText'>, docs: readonly SearchResultDoc[], words: readonly QueryWord[], whole = true): Promise<ShownResult[]> {
  return Promise.all(
    docs.map(async ({ text, more, ...doc }) => {
      // A start cut before the page's end reads as cut ('…') when the excerpt reaches its end.
      let excerptParts = excerpt(more ? `${text}…` : text, words);
      const titleParts = highlight(doc.title, words);
      if (whole && more && !excerptParts.some((part) => part.mark) && !titleParts.some((part) => part.mark)) {
        excerptParts = excerpt(await search.wholeText({ text, more, ...doc }).catch(() => text), words);
      }
      return { ...doc, titleParts, excerptParts };
    }),
  );
}
