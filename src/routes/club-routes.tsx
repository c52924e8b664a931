import { MAP_FRAME_ORIGIN } from '../lib/embed-providers.js';
import { BecomePartnerPage } from '../pages/club/BecomePartnerPage.js';
import { CashlessPage } from '../pages/club/CashlessPage.js';
import { CompetitionPage } from '../pages/club/CompetitionPage.js';
import { ContactPage } from '../pages/club/ContactPage.js';
import { HistoryPage } from '../pages/club/HistoryPage.js';
import { MatchGuidePage } from '../pages/club/MatchGuidePage.js';
import { OrganisationPage } from '../pages/club/OrganisationPage.js';
import { PalmaresPage } from '../pages/club/PalmaresPage.js';
import { groupPartners } from '../pages/club/partner-sections.js';
import { PartnersPage } from '../pages/club/PartnersPage.js';
import { PracticalInfoPage } from '../pages/club/PracticalInfoPage.js';
import { StadiumPage } from '../pages/club/StadiumPage.js';
import { SupporterGroupsPage } from '../pages/club/SupporterGroupsPage.js';
import type { SiteData } from '../site-data.js';
import type { CompetitionFacts } from '../schemas/club.js';
import { bannerPage, placeholderPage } from './simple-page.js';
import type { RouteId, StaticRouteId } from './route-paths.js';
import { definePage, type PageRoute, type Route } from './types.js';

const STADIUM_DESCRIPTION = 'Le Palais des Sports Pierre-Ratte : capacité, histoire, adresse et billetterie.';
const BECOME_PARTNER_DESCRIPTION = 'Visibilité, réseau, hospitalité : devenez partenaire du Saint-Quentin Basket-Ball.';

function stadiumRoute(id: RouteId, aliasOf?: StaticRouteId): PageRoute {
  return definePage({
    id,
    pageType: 'text',
    aliasOf,
    load: (site) => ({ props: site.club.stadium, head: { title: 'Le stade', description: STADIUM_DESCRIPTION } }),
    Page: StadiumPage,
  });
}

function becomePartnerRoute(id: RouteId, aliasOf?: StaticRouteId): PageRoute {
  return definePage({
    id,
    pageType: 'text',
    aliasOf,
    load: (site) => ({ props: site.club.partnership, head: { title: 'Devenir partenaire', description: BECOME_PARTNER_DESCRIPTION } }),
    Page: BecomePartnerPage,
  });
}

function competitionRoute(id: RouteId, key: keyof CompetitionFacts, description: string): PageRoute {
  return definePage({
    id,
    pageType: 'text',
    load: (site: SiteData) => {
      const competition = site.club.competitions[key];
      return { props: { competition }, head: { title: competition.name, description } };
    },
    Page: CompetitionPage,
  });
}

/** The spec's two supporter pages show the same groups: each has its own description (no duplicate in search results). */
function supporterGroupsRoute(id: RouteId, title: string, intro: string, description: string): PageRoute {
  return definePage({
    id,
    pageType: 'text',
    load: (site) => ({
      props: { title, intro, groups: site.club.supporterGroups },
      head: { title, description },
    }),
    Page: SupporterGroupsPage,
  });
}

// Route ids are referenced by data/menu.json; aliases of the spec keep a canonical link to their main route.
export const clubRoutes: Route[] = [
  definePage({
    id: 'club-history',
    pageType: 'text',
    load: (site) => ({
      props: { pageTitle: site.club.history.pageTitle, eras: site.club.history.eras },
      head: { title: 'Histoire du club', description: "L’histoire du Saint-Quentin Basket-Ball, des débuts dans le Vermandois à la Betclic Elite." },
    }),
    Page: HistoryPage,
  }),
  definePage({
    id: 'club-organisation',
    pageType: 'text',
    load: (site) => ({
      props: site.club.history.organisationChart,
      head: { title: 'Organigramme', description: "L’organigramme du Saint-Quentin Basket-Ball : direction générale et direction sportive." },
    }),
    Page: OrganisationPage,
  }),
  definePage({
    id: 'club-palmares',
    pageType: 'text',
    load: (site) => ({
      props: { titles: site.club.palmares },
      head: { title: 'Palmarès', description: 'Les titres du Saint-Quentin Basket-Ball de 1987 à 2023.' },
    }),
    Page: PalmaresPage,
  }),
  supporterGroupsRoute(
    'club-supporter-clubs',
    'Clubs supporters',
    "Depuis toujours, le public saint-quentinois est le sixième homme du SQBB. Deux clubs de supporters font vibrer le Palais des Sports Pierre-Ratte à chaque match.",
    'Les Fous du Palais et Allez Saint-Quentin, les deux clubs de supporters qui font vibrer le Palais des Sports Pierre-Ratte.',
  ),
  bannerPage({
    id: 'club-volunteers',
    title: 'Bénévoles',
    description: 'Les bénévoles du Saint-Quentin Basket-Ball, qui font vivre chaque match à domicile au Palais des Sports Pierre-Ratte.',
  }),
  supporterGroupsRoute(
    'club-supporter-groups',
    'Groupes de supporters',
    'Rejoignez l’un des deux groupes de supporters du SQBB et vivez chaque match au cœur des tribunes.',
    'Rejoindre les Fous du Palais ou Allez Saint-Quentin : présidents et présentation des deux groupes de supporters du SQBB.',
  ),
  placeholderPage({ id: 'club-photos-cult', title: 'Photos cultes', description: 'Les photos cultes du Saint-Quentin Basket-Ball : bientôt en ligne sur le site du club.' }),
  placeholderPage({ id: 'club-photos-legends', title: 'Légendes', description: 'Les légendes du Saint-Quentin Basket-Ball : la galerie arrive bientôt sur le site du club.' }),
  definePage({
    id: 'practical-info',
    pageType: 'text',
    load: (site) => ({
      props: { questions: site.club.practicalFaq },
      head: { title: 'Infos pratiques', description: 'Billetterie, tarifs, horaires, accès : les questions pratiques pour venir voir un match du SQBB.' },
    }),
    Page: PracticalInfoPage,
  }),
  stadiumRoute('stadium'),
  stadiumRoute('stadium-alias', 'stadium'),
  placeholderPage({ id: 'shop-placeholder', title: 'Boutique', description: 'La boutique officielle du Saint-Quentin Basket-Ball : maillots, écharpes et goodies du SQBB.' }),
  placeholderPage({ id: 'head-office', title: 'Le siège', description: 'Le siège du Saint-Quentin Basket-Ball : informations bientôt disponibles sur le site du club.' }),
  placeholderPage({ id: 'accreditation', title: 'Accréditation', description: 'Accréditations presse et médias pour les matchs du Saint-Quentin Basket-Ball.' }),
  competitionRoute('competition-league', 'league', 'La Betclic Elite, championnat de France de première division : 18 clubs, playoffs et relégations.'),
  competitionRoute('competition-cup', 'cup', 'La Coupe de France de basket, trophée Robert-Busnel : une compétition à élimination directe.'),
  competitionRoute('competition-leaders-cup', 'leadersCup', 'La Leaders Cup : les 8 meilleures équipes de la phase aller, 3 jours, des matchs secs.'),
  placeholderPage({ id: 'results', title: 'Résultats', description: 'Les résultats du Saint-Quentin Basket-Ball en Betclic Elite et en Coupe de France.' }),
  definePage({
    id: 'partners',
    pageType: 'text',
    load: (site) => ({
      props: { sections: groupPartners(site.club.partners) },
      head: { title: 'Nos partenaires', description: 'Les partenaires premium, publics, officiels, fournisseurs et partenaires du Saint-Quentin Basket-Ball.' },
    }),
    Page: PartnersPage,
  }),
  becomePartnerRoute('become-partner'),
  becomePartnerRoute('become-partner-alias', 'become-partner'),
  placeholderPage({ id: 'event', title: 'Événements', description: 'Les événements du Saint-Quentin Basket-Ball autour des matchs et de la vie du club.' }),
  definePage({
    id: 'match-guide',
    pageType: 'text',
    load: (site) => ({
      props: { guides: site.club.matchGuide },
      head: { title: 'Guide du match', description: 'Billetterie, accès, cashless, tribunes : le guide du jour de match au Palais des Sports Pierre-Ratte.' },
    }),
    Page: MatchGuidePage,
  }),
  placeholderPage({ id: 'stadium-access-guide', title: 'Accès au stade', description: "Guide d’accès au Palais des Sports Pierre-Ratte les soirs de match du SQBB." }),
  definePage({
    id: 'contact',
    pageType: 'text',
    load: (site) => ({
      props: site.club.contact,
      head: { title: 'Contact', description: 'Adresse, horaires, e-mail et téléphone du Saint-Quentin Basket-Ball.', frameOrigins: [MAP_FRAME_ORIGIN] },
    }),
    Page: ContactPage,
  }),
  definePage({
    id: 'cashless',
    pageType: 'text',
    load: (site) => {
      const { widgetScript, ...props } = site.club.cashless;
      return {
        props,
        head: {
          title: 'Cashless',
          description: 'Rechargez votre carte cashless du Palais des Sports Pierre-Ratte en ligne ou sur place.',
          // The provider's top-up widget: this page only, async so it never blocks rendering.
          scripts: [{ src: widgetScript, async: true }],
        },
      };
    },
    Page: CashlessPage,
  }),
];
