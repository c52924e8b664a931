import type { Partner } from '../../src/types/club.js';

const logo = (slug: string) => `/images/partners/${slug}.svg`;

/**
 * Every partner of the club, in no particular order (pages sort them). A partner without `img`
 * is shown by its name. The private companies are a stand-in list until the club sends its own.
 */
export const partners: Partner[] = [
  { name: 'Desmarets Automobiles', type: 'major', link: 'https://www.desmarets-automobiles.fr/', img: logo('desmarets-automobiles') },
  { name: 'Énergies du Vermandois', type: 'major', link: 'https://www.energies-vermandois.fr/', img: logo('energies-du-vermandois') },
  { name: 'Saint-Quentin Logistique', type: 'major', link: 'https://www.sq-logistique.fr/', img: logo('saint-quentin-logistique') },
  { name: 'Basilique Immobilier', type: 'major', link: 'https://www.basilique-immobilier.fr/', img: logo('basilique-immobilier') },

  { name: 'Ville de Saint-Quentin', type: 'public', link: 'https://www.saint-quentin.fr/', img: logo('ville-de-saint-quentin') },
  { name: 'Région Hauts-de-France', type: 'public', link: 'https://www.hautsdefrance.fr/', img: logo('region-hauts-de-france') },
  { name: 'Département de l’Aisne', type: 'public', link: 'https://aisne.com/', img: logo('departement-de-l-aisne') },
  { name: 'Agglo du Saint-Quentinois', type: 'public', link: 'https://www.agglo-saintquentinois.fr/', img: logo('agglo-du-saint-quentinois') },

  { name: 'Ligue Nationale de Basket', type: 'official', link: 'https://www.lnb.fr/', img: logo('ligue-nationale-de-basket') },
  { name: 'Fédération Française de Basketball', type: 'official', link: 'https://www.ffbb.com/', img: logo('federation-francaise-de-basketball') },
  { name: 'Betclic', type: 'official', link: 'https://www.betclic.fr/', img: logo('betclic') },

  { name: 'Eaux de Picardie', type: 'provider', link: 'https://www.eaux-de-picardie.fr/', img: logo('eaux-de-picardie') },
  { name: 'Brasserie du Beffroi', type: 'provider', link: 'https://www.brasserie-du-beffroi.fr/', img: logo('brasserie-du-beffroi') },
  { name: 'Vermandois Sport', type: 'provider', link: 'https://www.vermandois-sport.fr/', img: logo('vermandois-sport') },
  { name: 'Maison Carpentier Traiteur', type: 'provider', link: 'https://www.carpentier-traiteur.fr/', img: logo('maison-carpentier-traiteur') },
  { name: 'Imprimerie Lefranc', type: 'provider', link: 'https://www.imprimerie-lefranc.fr/' },

  { name: 'Optique du Beffroi', type: 'classic', link: 'https://www.optique-du-beffroi.fr/', img: logo('optique-du-beffroi') },
  { name: 'Boulangerie Lecomte', type: 'classic', link: 'https://www.boulangerie-lecomte.fr/' },
  { name: 'Cabinet Martin & Associés', type: 'classic', link: 'https://www.cabinet-martin-associes.fr/' },
  { name: 'Garage de la Somme', type: 'classic', link: 'https://www.garage-de-la-somme.fr/', img: logo('garage-de-la-somme') },
  { name: 'Picardie Clôtures', type: 'classic', link: 'https://www.picardie-clotures.fr/', img: logo('picardie-clotures') },
  { name: 'Horizon Voyages', type: 'classic', link: 'https://www.horizon-voyages-sq.fr/', img: logo('horizon-voyages') },
  { name: 'Électricité Moreau', type: 'classic', link: 'https://www.electricite-moreau.fr/', img: logo('electricite-moreau') },
];
