import { fillPattern, pageUrl } from './paths.js';

/**
 * Every route's id and URL pattern, in the route table's order: the one place a path is written.
 * Pages, components, islands, feeds and the sitemap link with `href(id, params)`; the route
 * definitions (src/routes/*-routes.tsx, which import pages) take their pattern from here. This
 * module imports nothing of the site, so anything may import it without a cycle.
 * A pattern whose last segment has an extension is a file ('/calendrier.ics'); any other is a page,
 * written as '<path>/index.html' and linked with a trailing slash.
 */
export const ROUTE_PATHS = {
  home: '/',
  'not-found': '/404',
  'club-history': '/club/histoire/saint-quentin',
  'club-organisation': '/club/histoire/organisation',
  'club-palmares': '/club/histoire/palmares',
  'club-supporter-clubs': '/club/histoire/clubs-supportaires',
  'club-volunteers': '/club/vie-du-club/benevoles',
  'club-supporter-groups': '/club/vie-du-club/groupes-supporters',
  'club-photos-cult': '/club/photos/cultes',
  'club-photos-legends': '/club/photos/legendes',
  'practical-info': '/club/info-pratiques/general',
  stadium: '/club/info-pratiques/stade',
  'stadium-alias': '/stade',
  'shop-placeholder': '/boutique',
  'head-office': '/siege',
  accreditation: '/accreditation',
  'competition-league': '/equipe/competitions/betclics',
  'competition-cup': '/equipe/competitions/cdf',
  'competition-leaders-cup': '/equipe/competitions/leaders-cup',
  results: '/equipe/match/resultats',
  partners: '/partenaires/nos-partenaires',
  'become-partner': '/partenaires/devenir-partenaire',
  'become-partner-alias': '/devenir-partenaire',
  event: '/evenement',
  'match-guide': '/guides/match',
  'stadium-access-guide': '/guides/acces-stade',
  contact: '/contact',
  cashless: '/cashless',
  'legal-notice': '/mentions-legales',
  privacy: '/confidentialite',
  players: '/equipe/pro/joueurs',
  'player-detail-alias': '/equipe/pro/joueurs/detail',
  'player-detail': '/equipe/pro/joueurs/details/:id',
  staff: '/equipe/pro/staff',
  calendar: '/equipe/match/calendrier',
  'calendar-ics': '/calendrier.ics',
  news: '/actualites',
  'news-page': '/actualites/page/:n',
  'news-page-json': '/actualites/page/:n.json',
  'news-article': '/actualites/article/:id',
  'news-recent': '/actualites/recents.json',
  'news-category': '/actualites/category/:id',
  'news-category-page': '/actualites/category/:id/page/:n',
  'news-category-page-json': '/actualites/category/:id/page/:n.json',
  'news-tag': '/actualites/tag/:id',
  'news-tag-page': '/actualites/tag/:id/page/:n',
  'news-tag-page-json': '/actualites/tag/:id/page/:n.json',
  'news-feed': '/actualites/feed.xml',
  search: '/recherche',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

export type RouteId = keyof typeof ROUTE_PATHS;

/** ':id' and ':n.json' → 'id' | 'n'. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? WithoutExtension<Name> | ParamNames<Tail>
    : WithoutExtension<Rest>
  : never;
type WithoutExtension<Name extends string> = Name extends `${infer Base}.${string}` ? Base : Name;

/** The parameters a route's pattern needs, each a string or a number ({} for a static route). */
export type RouteParamsOf<Id extends RouteId> = { [Name in ParamNames<(typeof ROUTE_PATHS)[Id]>]: string | number };

/** A route without parameters: one page or file. */
export type StaticRouteId = { [Id in RouteId]: [ParamNames<(typeof ROUTE_PATHS)[Id]>] extends [never] ? Id : never }[RouteId];

type ParamsArgument<Id extends RouteId> = [ParamNames<(typeof ROUTE_PATHS)[Id]>] extends [never] ? [params?: Record<string, never>] : [params: RouteParamsOf<Id>];

/** True for a route written as a file ('/calendrier.ics', '/actualites/page/:n.json'). */
export function isFilePattern(pattern: string): boolean {
  return /\.[a-z0-9]+$/.test(pattern.slice(pattern.lastIndexOf('/') + 1));
}

/**
 * The root-relative URL of a route: a page with its trailing slash ('/contact/'), a file as it is
 * ('/calendrier.ics'). Parameters are checked as output paths are: a segment that is not an id or a
 * slug throws. (SITE_URL's path prefix is added to root-relative links once, on the final HTML.)
 */
export function href<Id extends RouteId>(id: Id, ...[params]: ParamsArgument<Id>): string {
  const pattern: string = ROUTE_PATHS[id];
  const values = Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, String(value)]));
  const path = fillPattern(id, pattern, values);
  return isFilePattern(pattern) ? path : pageUrl(path);
}
