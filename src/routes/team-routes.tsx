import { bannerPage } from './simple-page.js';
import type { Route } from './types.js';

// Owned by the team issue; every route of spec 2.3 exists from the foundation on.
export const teamRoutes: Route[] = [
  bannerPage({ id: 'players', pattern: '/equipe/pro/joueurs', title: 'Nos joueurs', description: "L'effectif professionnel du SQBB." }),
  bannerPage({ id: 'player-detail-alias', pattern: '/equipe/pro/joueurs/detail', title: 'Nos joueurs', description: "L'effectif professionnel du SQBB.", aliasOf: 'players' }),
  bannerPage({ id: 'staff', pattern: '/equipe/pro/staff', title: 'Le staff', description: 'Le staff technique du SQBB.' }),
  bannerPage({ id: 'calendar', pattern: '/equipe/match/calendrier', title: 'Calendrier', description: 'Le calendrier et les résultats du SQBB.', pageType: 'calendar' }),
];
