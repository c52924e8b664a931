import { clubRoutes } from './routes/club-routes.js';
import { newsRoutes } from './routes/news-routes.js';
import { legalRoutes } from './routes/legal-routes.js';
import { instancesOf, type RouteInstance } from './routes/instances.js';
import { RouteError } from './routes/paths.js';
import { searchRoutes } from './routes/search-routes.js';
import { seoRoutes } from './routes/seo-routes.js';
import { siteRoutes } from './routes/site-routes.js';
import { teamRoutes } from './routes/team-routes.js';
import type { Route } from './routes/types.js';
import type { SiteData } from './site-data.js';

/**
 * The single route table: every page and file the build writes. Menus, the sitemap, link checks
 * and tests read it; nothing else lists routes.
 */
const CONTENT_ROUTES: readonly Route[] = [...siteRoutes, ...clubRoutes, ...legalRoutes, ...teamRoutes, ...newsRoutes, ...searchRoutes];
export const ROUTES: readonly Route[] = [...CONTENT_ROUTES, ...seoRoutes(CONTENT_ROUTES)];

export type { RouteInstance };

/** Expands dynamic routes from the data and fails loudly when two outputs would collide. */
export function expandRoutes(site: SiteData, routes: readonly Route[] = ROUTES): RouteInstance[] {
  const ids = new Set<string>();
  const outputs = new Map<string, string>();
  const instances: RouteInstance[] = [];
  for (const route of routes) {
    if (ids.has(route.id)) throw new RouteError(`two routes share the id "${route.id}"`);
    ids.add(route.id);
    for (const instance of instancesOf(route, site)) {
      const previous = outputs.get(instance.path);
      if (previous) throw new RouteError(`routes "${previous}" and "${route.id}" both write ${instance.path}`);
      outputs.set(instance.path, route.id);
      instances.push(instance);
    }
  }
  for (const route of routes) {
    if (route.kind === 'page' && route.aliasOf && !ids.has(route.aliasOf)) {
      throw new RouteError(`route "${route.id}" is an alias of unknown route "${route.aliasOf}"`);
    }
  }
  return instances;
}
