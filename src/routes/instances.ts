import type { SiteData } from '../site-data.js';
import { fillPattern } from './paths.js';
import type { Route, RouteParams } from './types.js';

export interface RouteInstance {
  route: Route;
  params: RouteParams;
  /** Root-relative URL path ('/actualites/article/42'; for files, the file path itself). */
  path: string;
}

/** The site is not changed once built: its routes' instances are made once for it. */
const expanded = new WeakMap<SiteData, Map<Route, RouteInstance[]>>();

/**
 * A route's instances for this site: its parameter sets and the paths they fill in. The route
 * table's expansion and the sitemap both list them, from one expansion (thousands of paths).
 */
export function instancesOf(route: Route, site: SiteData): RouteInstance[] {
  let routes = expanded.get(site);
  if (!routes) expanded.set(site, (routes = new Map()));
  let instances = routes.get(route);
  if (!instances) {
    const paramSets = route.paths ? route.paths(site) : [{}];
    instances = paramSets.map((params) => ({ route, params, path: fillPattern(route.id, route.pattern, params) }));
    routes.set(route, instances);
  }
  return instances;
}
