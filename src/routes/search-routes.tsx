import { SearchPage } from '../pages/search/SearchPage.js';
import type { SiteData } from '../site-data.js';
import type { Term } from '../types/news.js';
import { href } from './route-paths.js';
import { definePage, type Route } from './types.js';

const byName = (a: Term, b: Term) => a.name.localeCompare(b.name, 'fr');

/** The search index's manifest, beside its page (build/search writes it, the page's island reads it). */
export const SEARCH_MANIFEST = `${href('search')}index.json`;
/**
 * The search's worker (src/islands/search/search.worker.ts, bundled by build/bundle.ts), beside its
 * page: not under /assets/ (cached for ever by name), revalidated like the page and the manifest.
 */
export const SEARCH_WORKER = `${href('search')}recherche.js`;

/**
 * Each sub-category's parents up to the top, by name (only those having one): the filter on a
 * category finds its sub-categories' posts too, as its page lists them (src/pages/news/load-news.ts).
 */
function ancestorNames(categories: readonly Term[]): Record<string, string[]> {
  const byId = new Map(categories.map((term) => [term.id, term]));
  const ancestors: Record<string, string[]> = {};
  for (const term of categories) {
    const chain: string[] = [];
    const seen = new Set([term.id]);
    for (let parent = byId.get(term.parent ?? 0); parent && !seen.has(parent.id); parent = byId.get(parent.parent ?? 0)) {
      seen.add(parent.id);
      chain.push(parent.name);
    }
    if (chain.length > 0) ancestors[term.name] = chain;
  }
  return ancestors;
}

export const searchRoutes: Route[] = [
  definePage({
    id: 'search',
    pageType: 'search',
    load: (site: SiteData) => ({
      props: {
        manifest: SEARCH_MANIFEST,
        worker: SEARCH_WORKER,
        categories: [...site.news.categories].sort(byName).map((term) => ({ name: term.name, href: href('news-category', { id: term.id }) })),
        tags: [...site.news.tags].sort(byName).map((term) => ({ name: term.name, href: href('news-tag', { id: term.id }) })),
        ancestors: ancestorNames(site.news.categories),
      },
      head: {
        title: 'Recherche',
        description: 'Rechercher dans les actualités, les joueurs et les pages du site du Saint-Quentin Basket-Ball.',
      },
    }),
    Page: SearchPage,
  }),
];
