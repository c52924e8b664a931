import type { ComponentType, ReactElement } from 'react';
import type { SiteData } from '../site-data.js';
import type { PageHead } from '../types/head.js';
import type { NewsPost } from '../types/news.js';
import type { RouteParams } from './paths.js';
import { isFilePattern, ROUTE_PATHS, type RouteId, type StaticRouteId } from './route-paths.js';

export type { RouteParams };

/**
 * A route's declared inputs: the posts its page shows, compared by their revision (which covers
 * every field of a post), and all else the page shows as a string. A post is read only as one of
 * `posts`, never into `other` (a test holds it): so a cron run knows the pages an edited post
 * reaches from the posts each page named last time, and makes the inputs of those alone again.
 */
export interface RouteInputs {
  posts: readonly NewsPost[];
  /** Titles, page numbers and counts, term names: never a post's own fields, nor the build's now. */
  other: string;
  /**
   * The news list (load-news.ts, `listId`) whose order picks the page's posts and counts its pages:
   * a post added to it, removed or moved in it can change the page. Absent: the page names its posts
   * by id, and no other post matters to it (an article). A test holds both.
   */
  list?: string;
}

/** How a page is counted in the build report and the budgets. */
export type PageType = 'home' | 'text' | 'article' | 'list' | 'calendar' | 'player' | 'search' | 'error';

export interface PageDefinition<P> {
  /** Its URL pattern is ROUTE_PATHS[id] (src/routes/route-paths.ts). */
  id: RouteId;
  pageType: PageType;
  /** Concrete parameter sets; omitted for a static route (one page). */
  paths?: (site: SiteData) => RouteParams[];
  load: (site: SiteData, params: RouteParams) => { props: P; head: PageHead };
  Page: ComponentType<P>;
  /** An alias of the spec: a real page whose canonical link is this route id's path. */
  aliasOf?: StaticRouteId;
  /** Written to this file instead of <path>/index.html (only the error screen uses it). */
  outputFile?: string;
  /** Left out of the sitemap (aliases, placeholders, the error screen). */
  hideFromSitemap?: boolean;
  /** Date of the content behind a page (ISO), for the sitemap's lastmod; omitted when unknown. */
  lastModified?: (site: SiteData, params: RouteParams) => string | undefined;
  /**
   * What the page is made from, far cheaper to compute than its props (for routes of thousands of
   * pages): when given, an incremental build compares it instead of the props to tell whether the
   * page must be made again, so it must change whenever the props could.
   */
  inputs?: (site: SiteData, params: RouteParams) => RouteInputs;
  /** As PageRoute's `later`. */
  later?: boolean;
}

export interface PageRoute {
  kind: 'page';
  id: RouteId;
  /** '/club/histoire/palmares' or '/actualites/article/:id', from ROUTE_PATHS. */
  pattern: string;
  pageType: PageType;
  aliasOf?: StaticRouteId;
  outputFile?: string;
  hideFromSitemap: boolean;
  lastModified?: (site: SiteData, params: RouteParams) => string | undefined;
  paths: (site: SiteData) => RouteParams[];
  /** As PageDefinition's `inputs`. */
  inputs?: (site: SiteData, params: RouteParams) => RouteInputs;
  /**
   * A list's pages past its first (and the JSON pages that load them): the builder's first build of
   * a published post may leave them one post behind, for its next build (build/render/render-routes.tsx).
   */
  later?: boolean;
  /**
   * The page's props and head: everything the page is made from. The component is a pure function
   * of its props, so equal props (and layout) mean equal HTML: an incremental build compares these.
   */
  load: (site: SiteData, params: RouteParams) => { props: unknown; head: PageHead };
  /** The page component with loaded props. */
  element: (props: unknown) => ReactElement;
  /** load then element, for render tests. */
  render: (site: SiteData, params: RouteParams) => { element: ReactElement; head: PageHead };
}

/** A non-HTML output: JSON pages, feeds, the iCalendar file, copied media. */
export interface FileRoute {
  kind: 'file';
  id: RouteId;
  /** The output path itself, e.g. '/calendrier.ics' or '/actualites/page/:n.json', from ROUTE_PATHS. */
  pattern: string;
  paths?: (site: SiteData) => RouteParams[];
  content: (site: SiteData, params: RouteParams) => string | Uint8Array;
  /** As a page's: what the file is made from, compared instead of its bytes when given. */
  inputs?: (site: SiteData, params: RouteParams) => RouteInputs;
  /** As PageRoute's `later`. */
  later?: boolean;
}

export type Route = PageRoute | FileRoute;

/** Erases the page's prop type so routes of every page fit in one table. */
export function definePage<P>(def: PageDefinition<P>): PageRoute {
  const { Page } = def;
  const pattern = ROUTE_PATHS[def.id];
  if (isFilePattern(pattern)) throw new Error(`route ${def.id}: ${pattern} is a file pattern, define it with defineFile`);
  return {
    kind: 'page',
    id: def.id,
    pattern,
    pageType: def.pageType,
    aliasOf: def.aliasOf,
    outputFile: def.outputFile,
    hideFromSitemap: def.hideFromSitemap ?? Boolean(def.aliasOf),
    lastModified: def.lastModified,
    ...(def.inputs ? { inputs: def.inputs } : {}),
    ...(def.later ? { later: true } : {}),
    paths: def.paths ?? (() => [{}]),
    load: def.load,
    element: (props) => <Page {...(props as P & object)} />,
    render(site, params) {
      const { props, head } = def.load(site, params);
      return { element: <Page {...(props as P & object)} />, head };
    },
  };
}

export function defineFile(def: Omit<FileRoute, 'kind' | 'pattern'>): FileRoute {
  const pattern = ROUTE_PATHS[def.id];
  if (!isFilePattern(pattern)) throw new Error(`route ${def.id}: ${pattern} is a page pattern, define it with definePage`);
  return { kind: 'file', pattern, ...def };
}
