import type { PartnershipOffer } from '../../src/types/club.js';

/** The sales pitch of /partenaires/devenir-partenaire and the four boxes of the home banner. */
export const partnership: PartnershipOffer = {
  intro: [
    "Associer votre entreprise au Saint-Quentin Basket-Ball, c'est rejoindre le seul club de l'Aisne en Betclic Elite et un réseau de plus de 150 entreprises partenaires.",
    "Grands groupes, PME, commerçants ou artisans : nous construisons avec vous une offre à la mesure de vos objectifs, de la visibilité sur le parquet aux soirées d'hospitalité.",
  ],
  benefits: [
    { title: 'Visibilité', text: 'Votre marque sur le parquet, les écrans et nos réseaux, vue par des milliers de fans chaque semaine.' },
    { title: 'Réseau', text: "Un club d'affaires de plus de 150 entreprises qui se retrouvent à chaque match à domicile." },
    { title: 'Hospitalité', text: 'Des loges et des places VIP pour recevoir vos clients et vos équipes dans une ambiance unique.' },
    { title: 'Engagement', text: 'Des actions citoyennes avec le club auprès des jeunes, des écoles et des quartiers du Saint-Quentinois.' },
  ],
  offers: [
    { title: 'Visibilité', text: "Panneaux LED autour du terrain, marquage au sol, présence sur les maillots, annonces micro et publications sur nos réseaux sociaux." },
    { title: 'Hospitalité et loges', text: "Places en tribune centrale avec accès à l'espace réceptif, loges privatives et cocktails d'avant-match pour vos invités." },
    { title: "Club d'affaires", text: "Rencontres entre partenaires, petits-déjeuners thématiques et soirées réseau tout au long de la saison." },
    { title: 'Événements sur mesure', text: "Séminaires au Palais des Sports, rencontres avec les joueurs, interventions auprès de vos collaborateurs." },
  ],
};
