import type { RenderedOutput } from '../render/render-site.js';
import type { SearchPage } from './search-index.js';

/**
 * The pages of this build for the search index, from what the engine hands over after render:
 * every output with its route, and for the pages rendered this run their search record, made by
 * the thread that rendered them from the HTML in memory. A page not rendered is as the output has
 * it, and so is its search record.
 */
export function pagesForSearch(outputs: readonly RenderedOutput[]): SearchPage[] {
  const pages: SearchPage[] = [];
  for (const output of outputs) {
    const page = output.record.page;
    if (!page) continue;
    pages.push({ path: output.path, routeId: page.routeId, ...(output.search !== undefined ? { record: output.search } : {}) });
  }
  return pages;
}
