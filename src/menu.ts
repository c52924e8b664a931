import type { StaticRouteId } from './routes/route-paths.js';
import { CLUB } from './site.js';

/** The menu of spec 2.2; internal entries name a route id of the route table, never a path. */
export type MenuLinkSpec =
  | { label: string; route: StaticRouteId }
  | { label: string; external: string; newTab?: boolean };

export interface MenuGroupSpec {
  label: string;
  items: MenuLinkSpec[];
}

export type MenuHeadingSpec =
  | { key: string; label: string; groups: MenuGroupSpec[] }
  | MenuLinkSpec;

export const MENU: MenuHeadingSpec[] = [
  {
    key: 'club',
    label: 'Club',
    groups: [
      {
        label: 'Histoire',
        items: [
          { label: 'Histoire du club', route: 'club-history' },
          { label: 'Organigramme', route: 'club-organisation' },
          { label: 'Palmarès', route: 'club-palmares' },
        ],
      },
      {
        label: 'Vie du club',
        items: [
          { label: 'Clubs supporters', route: 'club-supporter-clubs' },
          { label: 'Groupes de supporters', route: 'club-supporter-groups' },
          { label: 'Bénévoles', route: 'club-volunteers' },
          { label: "L'association SQBB", external: CLUB.associationSite, newTab: true },
        ],
      },
      {
        label: 'En savoir plus',
        items: [
          { label: 'Le stade', route: 'stadium' },
          { label: 'Infos pratiques', route: 'practical-info' },
          { label: 'Contact', route: 'contact' },
        ],
      },
    ],
  },
  {
    key: 'saison',
    label: `Saison ${CLUB.seasonLabel}`,
    groups: [
      {
        label: "l'équipe",
        items: [
          { label: 'Les joueurs', route: 'players' },
          { label: 'Le staff', route: 'staff' },
        ],
      },
      {
        label: 'Compétitions',
        items: [
          { label: 'Betclic Elite', route: 'competition-league' },
          { label: 'Coupe de France', route: 'competition-cup' },
          { label: 'Leaders Cup', route: 'competition-leaders-cup' },
        ],
      },
      {
        label: `Saison ${CLUB.seasonLabel}`,
        items: [{ label: 'Calendrier et résultats', route: 'calendar' }],
      },
    ],
  },
  {
    key: 'partenaires',
    label: 'Partenaires',
    groups: [
      {
        label: 'Partenaires',
        items: [
          { label: 'Nos partenaires', route: 'partners' },
          { label: 'Devenir partenaire', route: 'become-partner' },
        ],
      },
    ],
  },
  { label: 'Actus', route: 'news' },
  // The shop lives on its own host (spec 2.2); /boutique stays the placeholder route.
  { label: 'Boutique', external: CLUB.shopSite },
  { label: 'Cashless', route: 'cashless' },
];
