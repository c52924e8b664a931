import { renderRobots, renderSitemap } from '../lib/sitemap.js';
import { instancesOf } from './instances.js';
import { defineFile, type Route } from './types.js';

/** sitemap.xml and robots.txt, derived from the other routes of the table. */
export function seoRoutes(routes: readonly Route[]): Route[] {
  return [
    defineFile({
      id: 'sitemap',
      content: (site) =>
        renderSitemap(
          site.siteUrl,
          routes.flatMap((route) =>
            route.kind === 'page' && !route.hideFromSitemap
              ? instancesOf(route, site).map(({ params, path }) => ({ path, lastModified: route.lastModified?.(site, params) }))
              : [],
          ),
        ),
    }),
    defineFile({ id: 'robots', content: (site) => renderRobots(site.siteUrl) }),
  ];
}
