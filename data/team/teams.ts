import type { Team } from '../../src/types/team.js';

/**
 * The 27 teams of the static data (spec section 3): id 1 is the club, 2-18 the other Betclic Elite
 * clubs of 2025-2026, 19-27 Pro B clubs met in the Coupe de France or in pre-season.
 * Logos live on an external image host (spec); the club's own logo is shipped locally.
 * TODO(club): the logo host paths are placeholders until the club gives its media URLs.
 */
const LOGO_HOST = 'https://medias.lnb.fr/logos/clubs';

const logo = (slug: string) => `${LOGO_HOST}/${slug}.png`;

export const teams: Team[] = [
  { id: 1, name: 'Saint-Quentin Basket-Ball', salle: 'Palais des Sports Pierre-Ratte', logo: '/images/logo-sqbb.svg' },
  { id: 2, name: 'Paris Basketball', salle: 'Adidas Arena', logo: logo('paris-basketball') },
  { id: 3, name: 'AS Monaco', salle: 'Salle Gaston-Médecin', logo: logo('as-monaco') },
  { id: 4, name: 'LDLC ASVEL', salle: 'Astroballe', logo: logo('ldlc-asvel') },
  { id: 5, name: 'JL Bourg', salle: 'Ekinox', logo: logo('jl-bourg') },
  { id: 6, name: 'Cholet Basket', salle: 'La Meilleraie', logo: logo('cholet-basket') },
  { id: 7, name: 'Nanterre 92', salle: 'Palais des Sports Maurice-Thorez', logo: logo('nanterre-92') },
  { id: 8, name: 'Le Mans Sarthe Basket', salle: 'Antarès', logo: logo('le-mans-sarthe-basket') },
  { id: 9, name: 'SIG Strasbourg', salle: 'Rhénus Sport', logo: logo('sig-strasbourg') },
  { id: 10, name: 'BCM Gravelines-Dunkerque', salle: 'Sportica', logo: logo('bcm-gravelines-dunkerque') },
  { id: 11, name: 'Limoges CSP', salle: 'Palais des Sports de Beaublanc', logo: logo('limoges-csp') },
  { id: 12, name: 'JDA Dijon', salle: 'Palais des Sports Jean-Michel Geoffroy', logo: logo('jda-dijon') },
  { id: 13, name: 'Élan Béarnais Pau-Lacq-Orthez', salle: 'Palais des Sports de Pau', logo: logo('elan-bearnais') },
  { id: 14, name: 'ESSM Le Portel', salle: 'Le Chaudron', logo: logo('essm-le-portel') },
  { id: 15, name: 'Élan Chalon', salle: 'Le Colisée', logo: logo('elan-chalon') },
  { id: 16, name: 'Boulazac Basket Dordogne', salle: 'Le Palio', logo: logo('boulazac-basket-dordogne') },
  { id: 17, name: 'SLUC Nancy', salle: 'Palais des Sports Jean Weille', logo: logo('sluc-nancy') },
  { id: 18, name: 'ADA Blois', salle: 'Le Jeu de Paume', logo: logo('ada-blois') },
  { id: 19, name: 'Fos Provence Basket', salle: 'Halle Parsemain', logo: logo('fos-provence-basket') },
  { id: 20, name: 'Champagne Basket', salle: 'Complexe René-Tys', logo: logo('champagne-basket') },
  { id: 21, name: 'Orléans Loiret Basket', salle: "Palais des Sports d'Orléans", logo: logo('orleans-loiret-basket') },
  { id: 22, name: 'Rouen Métropole Basket', salle: 'Kindarena', logo: logo('rouen-metropole-basket') },
  { id: 23, name: 'Aix Maurienne Savoie Basket', salle: 'Halle Olympique', logo: logo('aix-maurienne') },
  { id: 24, name: 'Sharks d’Antibes', salle: 'Azur Arena', logo: logo('sharks-antibes') },
  { id: 25, name: 'Caen Basket Calvados', salle: 'Palais des Sports de Caen', logo: logo('caen-basket-calvados') },
  { id: 26, name: 'JA Vichy-Clermont', salle: 'Palais des Sports Pierre-Coulon', logo: logo('ja-vichy-clermont') },
  { id: 27, name: 'ALM Évreux Basket', salle: 'Salle Jean-Fournier', logo: logo('alm-evreux-basket') },
];
