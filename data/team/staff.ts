import type { Staff } from '../../src/types/team.js';

/** Spec 2.9: head coach, assistant coaches, physical trainer, photo galleries. Invented people. */
export const staff: Staff = {
  headCoach: {
    firstName: 'Laurent', lastName: 'Dervaux', role: 'Entraîneur principal', photo: '/images/team/staff/entraineur.svg', since: '2021',
    bio: 'Arrivé en 2021, il a conduit le SQBB au titre de Pro B en 2023 puis installé le club en Betclic Elite avec un basket rapide et exigeant en défense.',
  },
  assistants: [
    {
      firstName: 'Sébastien', lastName: 'Caron', role: 'Entraîneur adjoint', photo: '/images/team/staff/adjoint-1.svg', since: '2021',
      bio: 'Bras droit de l’entraîneur principal, il prépare les plans de jeu et la vidéo des adversaires.',
    },
    {
      firstName: 'Mehdi', lastName: 'Benali', role: 'Entraîneur adjoint', photo: '/images/team/staff/adjoint-2.svg', since: '2024',
      bio: 'Ancien meneur de Pro B, il s’occupe du développement individuel des joueurs et du lien avec les Espoirs.',
    },
  ],
  physicalTrainer: {
    firstName: 'Claire', lastName: 'Lefebvre', role: 'Préparatrice physique', photo: '/images/team/staff/preparatrice.svg', since: '2022',
    bio: 'Diplômée en STAPS, elle pilote la préparation estivale, la prévention des blessures et la réathlétisation.',
  },
  galleries: [
    {
      title: 'À l’entraînement',
      photos: [
        { src: '/images/team/staff/galerie-entrainement-1.svg', alt: 'Le staff suit une séance de tirs au Palais des Sports Pierre-Ratte' },
        { src: '/images/team/staff/galerie-entrainement-2.svg', alt: 'Temps mort pendant une opposition à l’entraînement' },
        { src: '/images/team/staff/galerie-entrainement-3.svg', alt: 'Séance de préparation physique en salle de musculation' },
      ],
    },
    {
      title: 'Les soirs de match',
      photos: [
        { src: '/images/team/staff/galerie-match-1.svg', alt: 'Le banc saint-quentinois debout après un panier décisif' },
        { src: '/images/team/staff/galerie-match-2.svg', alt: 'L’entraîneur principal donne ses consignes pendant un temps mort' },
      ],
    },
  ],
};
