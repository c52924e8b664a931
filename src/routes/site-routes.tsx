import { ErrorScreen } from '../components/ErrorScreen.js';
import { HomePage, loadHomePage } from '../pages/home/HomePage.js';
import { absoluteUrl } from '../lib/html.js';
import { CLUB } from '../site.js';
import { definePage, type Route } from './types.js';

export const siteRoutes: Route[] = [
  definePage({
    id: 'home',
    pageType: 'home',
    load: (site) => ({
      props: loadHomePage(site),
      head: {
        title: CLUB.name,
        description:
          "Site officiel du Saint-Quentin Basket-Ball (SQBB), club de Betclic Elite : actualités, calendrier des matchs, joueurs, billetterie et partenaires.",
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'SportsTeam',
            name: CLUB.name,
            alternateName: CLUB.acronym,
            sport: 'Basketball',
            url: `${site.siteUrl}/`,
            logo: absoluteUrl(site.siteUrl, '/images/logo-sqbb.svg'),
            memberOf: { '@type': 'SportsOrganization', name: CLUB.league },
            location: {
              '@type': 'Place',
              name: 'Palais des Sports Pierre-Ratte',
              address: { '@type': 'PostalAddress', addressLocality: 'Saint-Quentin', postalCode: '02100', addressCountry: 'FR' },
            },
            sameAs: [CLUB.socialPage, CLUB.instagram],
          },
        ],
      },
    }),
    Page: HomePage,
  }),
  definePage({
    id: 'not-found',
    pageType: 'error',
    outputFile: '404.html',
    hideFromSitemap: true,
    load: () => ({
      props: {},
      head: { title: 'Page introuvable', description: "Cette page n’existe pas ou plus sur le site du SQBB.", noindex: true },
    }),
    Page: ErrorScreen,
  }),
];
