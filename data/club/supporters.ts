import type { SupporterGroup } from '../../src/types/club.js';

/** The two supporter groups of spec 2.3 (/club/vie-du-club/groupes-supporters). */
export const supporterGroups: SupporterGroup[] = [
  {
    name: 'Les Fous du Palais',
    president: 'Julien Lemaire',
    presidentTitle: 'Président',
    founded: 1994,
    presentation: [
      "Installés derrière le panier côté tribune Nord, les Fous du Palais donnent de la voix depuis 1994. Tambours, drapeaux et chants : pendant quarante minutes, ils ne laissent jamais l'équipe seule.",
      "Le groupe organise chaque saison des déplacements en car pour suivre le SQBB à l'extérieur, ainsi que des tifos pour les grands rendez-vous au Palais des Sports Pierre-Ratte.",
      "Envie de les rejoindre ? Retrouvez-les avant chaque match à domicile à l'entrée de la tribune Nord : l'adhésion est ouverte à tous, dès 16 ans.",
    ],
    image: {
      src: '/images/club/supporters/fous-du-palais.svg',
      alt: 'Écusson des Fous du Palais, groupe de supporters du SQBB',
      width: 320,
      height: 320,
    },
  },
  {
    name: 'Allez Saint-Quentin',
    president: 'Martine Caron',
    presidentTitle: 'Présidente',
    founded: 2009,
    presentation: [
      "Association familiale et conviviale, Allez Saint-Quentin rassemble depuis 2009 des supporters de tous âges autour d'une même passion : le basket et le SQBB.",
      "Ses membres accueillent les nouveaux spectateurs, animent la tribune latérale et participent aux actions du club auprès des écoles et des associations du Saint-Quentinois.",
      "Chaque saison, l'association organise une soirée de rencontre avec les joueurs et un déplacement en famille. L'adhésion donne accès à des tarifs préférentiels sur les déplacements.",
    ],
    image: {
      src: '/images/club/supporters/allez-saint-quentin.svg',
      alt: "Écusson de l'association Allez Saint-Quentin, supporters du SQBB",
      width: 320,
      height: 320,
    },
  },
];
