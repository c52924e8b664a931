import { clubRoutes } from './routes/club-routes.js';
import { newsRoutes } from './routes/news-routes.js';
import { legalRoutes } from './routes/legal-routes.js';
import { fillPattern, RouteError } from './routes/paths.js';
import { seoRoutes } from './routes/seo-routes.js';
import { siteRoutes } from './routes/site-routes.js';
import { teamRoutes } from './routes/team-routes.js';
import type { Route, RouteParams } from './routes/types.js';
import type { SiteData } from './site-data.js';

/**
 * The single route table: every page and file the build writes. Menus, the sitemap, link checks
 * and tests read it; nothing else lists routes.
 */
const CONTENT_ROUTES: readonly Route[] = [...siteRoutes, ...clubRoutes, ...legalRoutes, ...teamRoutes, ...newsRoutes];
export const ROUTES: readonly Route[] = [...CONTENT_ROUTES, ...seoRoutes(CONTENT_ROUTES)];

export interface RouteInstance {
  route: Route;
  params: RouteParams;
  /** Root-relative URL path ('/actualites/article/42'; for files, the file path itself). */
  path: string;
}

/** Expands dynamic routes from the data and fails loudly when two outputs would collide. */
export function expandRoutes(site: SiteData, routes: readonly Route[] = ROUTES): RouteInstance[] {
  const ids = new Set<string>();
  const outputs = new Map<string, string>();
  const instances: RouteInstance[] = [];
  for (const route of routes) {
    if (ids.has(route.id)) throw new RouteError(`two routes share the id "${route.id}"`);
    ids.add(route.id);
    const paramSets = route.paths ? route.paths(site) : [{}];
    for (const params of paramSets) {
      const path = fillPattern(route.id, route.pattern, params);
      const previous = outputs.get(path);
      if (previous) throw new RouteError(`routes "${previous}" and "${route.id}" both write ${path}`);
      outputs.set(path, route.id);
      instances.push({ route, params, path });
    }
  }
  for (const route of routes) {
    if (route.kind === 'page' && route.aliasOf && !ids.has(route.aliasOf)) {
      throw new RouteError(`route "${route.id}" is an alias of unknown route "${route.aliasOf}"`);
    }
  }
  return instances;
}
