import { LegalPage } from '../pages/legal/LegalPage.js';
import { href } from './route-paths.js';
import { definePage, type Route } from './types.js';

/** The legal notice and the privacy policy, linked from every page's footer; texts in data/legal/legal.json. */
export const legalRoutes: Route[] = [
  definePage({
    id: 'legal-notice',
    pageType: 'text',
    load: (site) => {
      const legal = site.legal;
      const page = legal.mentionsLegales;
      return {
        props: { page, updatedOn: legal.updatedOn, related: { href: href('privacy'), label: legal.confidentialite.title } },
        head: { title: page.title, description: page.description },
      };
    },
    lastModified: (site) => site.legal.updatedOn,
    Page: LegalPage,
  }),
  definePage({
    id: 'privacy',
    pageType: 'text',
    load: (site) => {
      const legal = site.legal;
      const page = legal.confidentialite;
      return {
        props: { page, updatedOn: legal.updatedOn, related: { href: href('legal-notice'), label: legal.mentionsLegales.title } },
        head: { title: page.title, description: page.description },
      };
    },
    lastModified: (site) => site.legal.updatedOn,
    Page: LegalPage,
  }),
];
