import { ROUTES } from '../../src/routes.js';
import type { RouteId } from '../../src/routes/route-paths.js';
import type { PageRoute } from '../../src/routes/types.js';

/**
 * Which pages the search index holds, and under which category a page that is not a post is
 * filtered. Posts (articles), players and the club's text pages are searched; lists, the home
 * page, the calendar, aliases (the same page twice) and the error page are not, nor are
 * pages marked noindex (placeholders), which the extractor drops by their robots tag.
 */
const SEARCHED_TYPES = new Set<PageRoute['pageType']>(['article', 'player', 'text']);

/** The filter's category of pages that are not posts (a post's are its WordPress categories). */
export const TEAM_SECTION = 'Joueurs et staff';
export const CLUB_SECTION = 'Pages du club';

const TEAM_ROUTES = new Set<RouteId>(['players', 'player-detail', 'staff']);

export interface SearchedRoute {
  /** Posts take their categories from the page (its NewsArticle data); other pages this one. */
  section?: string;
  /** A post's page: its record is made from the post it shows (page-record.ts). */
  article?: true;
}

const byId = new Map<string, SearchedRoute | undefined>(
  ROUTES.map((route) => {
    if (route.kind !== 'page' || !SEARCHED_TYPES.has(route.pageType) || route.aliasOf) return [route.id, undefined];
    if (route.pageType === 'article') return [route.id, { article: true }];
    return [route.id, { section: TEAM_ROUTES.has(route.id) ? TEAM_SECTION : CLUB_SECTION }];
  }),
);

/** How a page of this route is searched, or undefined when its pages are not. */
export function searchedRoute(routeId: string): SearchedRoute | undefined {
  return byId.get(routeId);
}
