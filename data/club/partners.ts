import type { Partner } from '../../src/types/club.js';

// The club-pages issue completes this list with every partner and its local logo.
export const partners: Partner[] = [
  { name: 'Ville de Saint-Quentin', type: 'public', link: 'https://www.saint-quentin.fr/' },
  { name: 'Région Hauts-de-France', type: 'public', link: 'https://www.hautsdefrance.fr/' },
  { name: 'Département de l’Aisne', type: 'public', link: 'https://aisne.com/' },
  { name: 'Agglo du Saint-Quentinois', type: 'public', link: 'https://www.agglo-saintquentinois.fr/' },
];
