import type { ArticlePageProps } from '../../src/pages/news/ArticlePage.js';
import { escapeHtml } from '../../src/lib/html.js';
import { ROUTES } from '../../src/routes.js';
import type { RouteId } from '../../src/routes/route-paths.js';
import type { PageRoute } from '../../src/routes/types.js';
import { encodeRecord, indexRecordOf } from './doc-terms.js';
import { extractRecord, imageOf, readText, smallestCandidate, squash, type SearchRecord } from './extract.js';

/** Posts, players and the club's text pages are searched, not aliases, nor pages marked noindex (the extractor drops them). */
const SEARCHED_TYPES = new Set<PageRoute['pageType']>(['article', 'player', 'text']);
const TEAM_ROUTES = new Set<RouteId>(['players', 'player-detail', 'staff']);

interface SearchedRoute {
  /** A post's page: its record is made from its post. */
  article?: true;
  /** Another page's category in the filter (a post's are its WordPress categories). */
  section?: string;
}

/** How a page of each route is searched, by route id: a route not in it is not. */
export const searchedRoutes = new Map<string, SearchedRoute>(
  ROUTES.flatMap((route): [string, SearchedRoute][] => {
    if (route.kind !== 'page' || !SEARCHED_TYPES.has(route.pageType) || route.aliasOf) return [];
    if (route.pageType === 'article') return [[route.id, { article: true }]];
    return [[route.id, { section: TEAM_ROUTES.has(route.id) ? 'Joueurs et staff' : 'Pages du club' }]];
  }),
);

/**
 * A rendered page's search record, made in the render thread: '' when the page must not be found
 * (noindex), undefined when its route is not searched. An article's is made from its post's body
 * (the props it was rendered from), the few other pages' from their HTML.
 */
export function searchRecordOf(routeId: string, file: string, html: string, props: unknown, basePath: string): string | undefined {
  const route = searchedRoutes.get(routeId);
  if (!route) return undefined;
  const post = props as ArticlePageProps;
  if (route.article && !post.unpublished) return encodeRecord(indexRecordOf(articleRecord(post, urlOf(file), basePath)));
  return recordOfHtml(html, file, route.section);
}

/** A page's record read from its HTML (an article's as articleRecord makes it), '' for a page not to be found. */
export function recordOfHtml(html: string, file: string, section: string | undefined): string {
  const extracted = extractRecord(html, urlOf(file), section);
  return extracted ? encodeRecord(indexRecordOf(extracted)) : '';
}

/** The record extractRecord reads from an article's page: its title, day, categories, picture, then caption and body. */
function articleRecord(props: ArticlePageProps, url: string, basePath: string): SearchRecord {
  const body = readText(`${props.imageCaption ? `<figcaption>${escapeHtml(props.imageCaption)}</figcaption>` : ''}${props.contentHtml}`);
  const { image: picture } = props;
  const webp = picture?.sources.find((source) => source.type === 'image/webp');
  const image = (picture && imageOf(smallestCandidate(webp?.srcSet) ?? picture.src, picture.width, picture.height)) ?? body.image;
  return {
    url,
    title: squash(props.titleText),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(props.dateIso) ? { date: props.dateIso } : {}),
    categories: props.categories.map((term) => term.name),
    // The page's paths carry SITE_URL's prefix, and so did the record read from it.
    ...(image ? { image: { ...image, src: image.src.startsWith('//') ? image.src : `${basePath}${image.src}` } } : {}),
    headings: body.headings,
    text: body.text,
  };
}

/** '/a/b/index.html' → '/a/b/'. */
function urlOf(file: string): string {
  return file.replace(/index\.html$/, '');
}
