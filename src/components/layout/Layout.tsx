import type { ReactNode } from 'react';
import { Island } from '../Island.js';
import { SiteNav, type SiteNavProps } from '../../islands/nav/SiteNav.js';
import { PartnersSlider, type PartnersSliderProps } from '../../islands/partners/PartnersSlider.js';
import { SiteFooter } from './SiteFooter.js';

export interface LayoutProps {
  /** The navigation's props but the current page's, the same on every page. */
  nav: Omit<SiteNavProps, 'activeHref'>;
  /** The menu link of the current page, if any. */
  activeHref: string | null;
  partners: PartnersSliderProps;
  /** The current season's years ('2025-2026'), in the footer. */
  season: string;
  children: ReactNode;
}

/** Spec 2.1: navigation, the page, the partners slider with 'Espace partenaires', then the footer. */
export function Layout({ nav, activeHref, partners, season, children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <Island name="nav" component={SiteNav} props={{ ...nav, activeHref }} shared={['menu', 'homeHref', 'searchHref']} />
      <main id="contenu" tabIndex={-1}>
        {children}
      </main>
      <Island name="partners" component={PartnersSlider} props={partners} shared={['partners', 'partnersHref']} />
      <SiteFooter season={season} />
    </>
  );
}
