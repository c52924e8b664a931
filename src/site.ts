/** Club-wide constants shown on many pages (spec sections 1, 2.2, 2.15, 9). */
export const CLUB = {
  acronym: 'SQBB',
  name: 'Saint-Quentin Basket-Ball',
  league: 'Betclic Elite',
  /** 'Nous joindre' on the error screen and the social links of the footer. */
  socialPage: 'https://www.facebook.com/SaintQuentinBasketBall',
  instagram: 'https://www.instagram.com/saintquentinbasketball/',
  associationSite: 'https://www.sqbb-association.fr/',
  shopSite: 'https://boutique.saintquentinbasketball.fr/',
  streamingSite: 'https://www.dazn.com/fr-FR/competition/Competition:basketball-betclic-elite',
} as const;

/** Page title as the spec writes it: acronym, separator, title. */
export function pageTitle(title: string): string {
  return title ? `${CLUB.acronym} | ${title}` : `${CLUB.acronym} | ${CLUB.name}`;
}
