import type { StadiumFacts } from '../../src/types/club.js';

/** The stadium page (spec 2.12) with the constants of spec section 9 (arena, tickets 2023-2024). */
export const stadium: StadiumFacts = {
  name: 'Palais des Sports Pierre-Ratte',
  capacity: 3500,
  seated: 3000,
  homeCapacity: 3800,
  address: {
    venue: 'Palais des Sports Pierre-Ratte',
    street: 'Rue Pierre-Ratte',
    postalCode: '02100',
    city: 'Saint-Quentin',
  },
  history: [
    "Inauguré au début des années 1980, le Palais des Sports de Saint-Quentin porte le nom de Pierre Ratte, figure du sport saint-quentinois et ancien adjoint aux sports de la ville. Il accueille depuis plus de quarante ans les grands rendez-vous du basket, du handball et du volley-ball dans l'Aisne.",
    "Rénové à plusieurs reprises, notamment pour l'accession du SQBB en Betclic Elite en 2023, il offre aujourd'hui un parquet aux normes de la Ligue Nationale de Basket, un écran géant, des loges pour les partenaires et une acoustique qui fait sa réputation : les équipes visiteuses le savent, Pierre-Ratte est l'une des salles les plus chaudes de France.",
  ],
  image: {
    src: '/images/club/stade.svg',
    alt: 'Le Palais des Sports Pierre-Ratte vu de la tribune centrale, parquet et tribunes',
    width: 960,
    height: 540,
  },
  tickets: {
    season: 'Championnat 2023-2024',
    prices: [
      { label: 'Tribune centrale', price: '15 euros', reduced: '12 euros' },
      { label: 'Tribune latérale', price: '12 euros', reduced: '10 euros' },
      { label: 'Enfants de 6 à 12 ans', price: '5 euros' },
      { label: 'Enfants de 5 ans et moins', price: 'Gratuit' },
    ],
    notes: [
      "Tarif réduit : étudiants, jeunes de 13 à 18 ans et demandeurs d'emploi, sur présentation d'un justificatif.",
      "Enfants de 5 ans et moins : entrée gratuite, assis sur les genoux d'un adulte ; l'âge doit pouvoir être justifié.",
      "Le lien de la billetterie est publié sur nos réseaux sociaux à 18h30, deux jours avant le match.",
    ],
  },
};
