import { bannerPage, placeholderPage } from './simple-page.js';
import type { Route } from './types.js';

// Owned by the club-pages issue; every route of spec 2.3 exists from the foundation on.
export const clubRoutes: Route[] = [
  bannerPage({ id: 'club-history', pattern: '/club/histoire/saint-quentin', title: 'Histoire du club', description: "L'histoire du Saint-Quentin Basket-Ball." }),
  bannerPage({ id: 'club-organisation', pattern: '/club/histoire/organisation', title: 'Organigramme', description: "L'organigramme du Saint-Quentin Basket-Ball." }),
  bannerPage({ id: 'club-palmares', pattern: '/club/histoire/palmares', title: 'Palmarès', description: 'Les titres du Saint-Quentin Basket-Ball de 1987 à 2023.' }),
  bannerPage({ id: 'club-supporter-clubs', pattern: '/club/histoire/clubs-supportaires', title: 'Clubs supporters', description: 'Les clubs de supporters du SQBB.' }),
  bannerPage({ id: 'club-volunteers', pattern: '/club/vie-du-club/benevoles', title: 'Bénévoles', description: 'Les bénévoles du SQBB.' }),
  bannerPage({ id: 'club-supporter-groups', pattern: '/club/vie-du-club/groupes-supporters', title: 'Groupes de supporters', description: 'Les deux groupes de supporters du SQBB.' }),
  placeholderPage({ id: 'club-photos-cult', pattern: '/club/photos/cultes', title: 'Photos cultes', description: 'Les photos cultes du SQBB.' }),
  placeholderPage({ id: 'club-photos-legends', pattern: '/club/photos/legendes', title: 'Légendes', description: 'Les légendes du SQBB.' }),
  bannerPage({ id: 'practical-info', pattern: '/club/info-pratiques/general', title: 'Infos pratiques', description: 'Questions pratiques pour venir voir un match du SQBB.' }),
  bannerPage({ id: 'stadium', pattern: '/club/info-pratiques/stade', title: 'Le stade', description: 'Le Palais des Sports Pierre-Ratte : capacité, histoire, accès et billetterie.' }),
  bannerPage({ id: 'stadium-alias', pattern: '/stade', title: 'Le stade', description: 'Le Palais des Sports Pierre-Ratte : capacité, histoire, accès et billetterie.', aliasOf: 'stadium' }),
  placeholderPage({ id: 'shop-placeholder', pattern: '/boutique', title: 'Boutique', description: 'La boutique du SQBB.' }),
  placeholderPage({ id: 'head-office', pattern: '/siege', title: 'Le siège', description: 'Le siège du SQBB.' }),
  placeholderPage({ id: 'accreditation', pattern: '/accreditation', title: 'Accréditation', description: 'Accréditations presse du SQBB.' }),
  bannerPage({ id: 'competition-league', pattern: '/equipe/competitions/betclics', title: 'Betclic Elite', description: 'La Betclic Elite, le championnat de France de première division.' }),
  bannerPage({ id: 'competition-cup', pattern: '/equipe/competitions/cdf', title: 'Coupe de France', description: 'La Coupe de France de basket.' }),
  bannerPage({ id: 'competition-leaders-cup', pattern: '/equipe/competitions/leaders-cup', title: 'Leaders Cup', description: 'La Leaders Cup.' }),
  placeholderPage({ id: 'results', pattern: '/equipe/match/resultats', title: 'Résultats', description: 'Les résultats du SQBB.' }),
  bannerPage({ id: 'partners', pattern: '/partenaires/nos-partenaires', title: 'Nos partenaires', description: 'Les partenaires du Saint-Quentin Basket-Ball.' }),
  bannerPage({ id: 'become-partner', pattern: '/partenaires/devenir-partenaire', title: 'Devenir partenaire', description: 'Devenez partenaire du SQBB.' }),
  bannerPage({ id: 'become-partner-alias', pattern: '/devenir-partenaire', title: 'Devenir partenaire', description: 'Devenez partenaire du SQBB.', aliasOf: 'become-partner' }),
  placeholderPage({ id: 'event', pattern: '/evenement', title: 'Événements', description: 'Les événements du SQBB.' }),
  bannerPage({ id: 'match-guide', pattern: '/guides/match', title: 'Guide du match', description: 'Le guide du jour de match au Palais des Sports.' }),
  placeholderPage({ id: 'stadium-access-guide', pattern: '/guides/acces-stade', title: 'Accès au stade', description: "Guide d'accès au stade." }),
  bannerPage({ id: 'contact', pattern: '/contact', title: 'Contact', description: 'Contacter le Saint-Quentin Basket-Ball.' }),
  bannerPage({ id: 'cashless', pattern: '/cashless', title: 'Cashless', description: 'Recharger sa carte cashless du Palais des Sports.' }),
];
