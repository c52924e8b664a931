import type { GuideImage } from '../../src/types/club.js';

const guide = (name: string, caption: string, alt: string): GuideImage => ({
  src: `/images/club/guides/${name}.svg`,
  alt,
  caption,
  width: 600,
  height: 800,
});

/** The six guide images of /guides/match. */
export const matchGuide: GuideImage[] = [
  guide('billetterie', 'Acheter sa place', 'Guide : acheter sa place, lien de billetterie publié sur nos réseaux sociaux deux jours avant le match à 18h30'),
  guide('acces', 'Venir au Palais des Sports', 'Guide : plan d\'accès au Palais des Sports Pierre-Ratte, rue Pierre-Ratte à Saint-Quentin, parkings et bus'),
  guide('ouverture', 'Ouverture des portes', 'Guide : ouverture des portes une heure avant le match, contrôle des billets et des sacs'),
  guide('cashless', 'Buvette et cashless', 'Guide : payer à la buvette et à la boutique avec la carte cashless rechargée en ligne ou sur place'),
  guide('tribunes', 'Trouver sa place', 'Guide : plan des tribunes centrale et latérales du Palais des Sports'),
  guide('ambiance', "L'ambiance du match", 'Guide : encourager le SQBB avec les groupes de supporters, animations à la mi-temps'),
];
