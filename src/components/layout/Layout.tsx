import type { ReactNode } from 'react';
import { Island } from '../Island.js';
import { SiteNav } from '../../islands/nav/SiteNav.js';
import { PartnersSlider, type PartnerLogo } from '../../islands/partners/PartnersSlider.js';
import { SiteFooter } from './SiteFooter.js';
import type { MenuHeading } from './menu-types.js';

export interface LayoutProps {
  menu: MenuHeading[];
  /** The menu link of the current page, if any. */
  activeHref: string | null;
  partners: PartnerLogo[];
  children: ReactNode;
}

/** Spec 2.1: navigation, the page, the partners slider with 'Espace partenaires', then the footer. */
export function Layout({ menu, activeHref, partners, children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#contenu">
        Aller au contenu
      </a>
      <Island name="nav" component={SiteNav} props={{ menu, activeHref }} shared={['menu']} />
      <main id="contenu" tabIndex={-1}>
        {children}
      </main>
      <Island name="partners" component={PartnersSlider} props={{ partners }} shared={['partners']} />
      <SiteFooter />
    </>
  );
}
