import { UnderConstruction } from '../components/UnderConstruction.js';
import { BannerOnlyPage } from '../pages/BannerOnlyPage.js';
import type { PageType } from './types.js';
import { definePage, type PageRoute } from './types.js';

interface SimplePageOptions {
  id: string;
  pattern: string;
  title: string;
  description: string;
  pageType?: PageType;
  aliasOf?: string;
}

/** A page that is only its title banner. */
export function bannerPage({ id, pattern, title, description, pageType = 'text', aliasOf }: SimplePageOptions): PageRoute {
  return definePage({
    id,
    pattern,
    pageType,
    aliasOf,
    load: () => ({ props: { title }, head: { title, description } }),
    Page: BannerOnlyPage,
  });
}

/** The spec's under-construction placeholder ('Retrouvez-nous plus tard'). */
export function placeholderPage({ id, pattern, title, description }: SimplePageOptions): PageRoute {
  return definePage({
    id,
    pattern,
    pageType: 'text',
    hideFromSitemap: true,
    load: () => ({ props: { title }, head: { title, description } }),
    Page: UnderConstruction,
  });
}
