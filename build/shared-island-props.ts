import { resolveMenu } from '../src/components/layout/resolve-menu.js';
import type { SiteNavProps } from '../src/islands/nav/SiteNav.js';
import type { PartnersSliderProps } from '../src/islands/partners/PartnersSlider.js';
import { href } from '../src/routes/route-paths.js';
import type { ClubData } from '../src/schemas/club.js';

/**
 * Props of the layout's islands that are the same on every page: the menu and the partners. They
 * ship once, inside the island bundles (esbuild `define`, see build/bundle.ts), not as JSON in every
 * page. They come from code and the club's data files, never from WordPress, so the bundle stage can
 * compute them before the content is fetched; render checks that the site it renders gives the same.
 */
export interface SharedIslandProps {
  nav: Pick<SiteNavProps, 'menu' | 'homeHref' | 'searchHref'>;
  partners: PartnersSliderProps;
}

export function sharedIslandProps(club: ClubData): SharedIslandProps {
  const partners = [...club.partners]
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'))
    .map(({ name, link, img }) => ({ name, link, ...(img ? { img } : {}) }));
  return { nav: { menu: resolveMenu(club.menu), homeHref: href('home'), searchHref: href('search') }, partners: { partners, partnersHref: href('partners') } };
}

/** The global each island entry reads its shared props from (declared in src/islands/shared-props.d.ts). */
export const SHARED_PROPS_GLOBALS: Record<keyof SharedIslandProps, string> = {
  nav: '__SHARED_PROPS_NAV__',
  partners: '__SHARED_PROPS_PARTNERS__',
};
