import { UnderConstruction } from '../components/UnderConstruction.js';
import { BannerOnlyPage } from '../pages/BannerOnlyPage.js';
import type { RouteId } from './route-paths.js';
import { definePage, type PageRoute } from './types.js';

interface SimplePageOptions {
  id: RouteId;
  title: string;
  description: string;
}

/** A page that is only its title banner. */
export function bannerPage({ id, title, description }: SimplePageOptions): PageRoute {
  return definePage({
    id,
    pageType: 'text',
    load: () => ({ props: { title }, head: { title, description } }),
    Page: BannerOnlyPage,
  });
}

/**
 * The spec's under-construction placeholder ('Retrouvez-nous plus tard'): left out of the sitemap and
 * kept out of search results (noindex), where a page saying only 'Page en construction' would be a dead end.
 */
export function placeholderPage({ id, title, description }: SimplePageOptions): PageRoute {
  return definePage({
    id,
    pageType: 'text',
    hideFromSitemap: true,
    load: () => ({ props: { title }, head: { title, description, noindex: true } }),
    Page: UnderConstruction,
  });
}
