import { hydrateIslands } from '../hydrate.js';
import { SiteNav, type SiteNavProps } from './SiteNav.js';

/** The menu, the same on every page: bundled in by build/bundle.ts (build/shared-island-props.ts). */
declare const __SHARED_PROPS_NAV__: Pick<SiteNavProps, 'menu' | 'homeHref' | 'searchHref'>;

hydrateIslands('nav', SiteNav, __SHARED_PROPS_NAV__);
