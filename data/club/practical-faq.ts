import type { FaqEntry } from '../../src/types/club.js';

/** The 7 practical questions of /club/info-pratiques/general (spec 2.12). */
export const practicalFaq: FaqEntry[] = [
  {
    question: 'Comment acheter mes places pour un match ?',
    answer: [
      "La billetterie de chaque match à domicile ouvre en ligne : le lien est publié sur nos réseaux sociaux à 18h30, deux jours avant le match.",
      "Dans la limite des places disponibles, des billets sont aussi vendus aux guichets du Palais des Sports Pierre-Ratte une heure avant la rencontre.",
    ],
  },
  {
    question: 'Quels sont les tarifs ?',
    answer: [
      "Tribune centrale : 15 euros (12 euros en tarif réduit). Tribune latérale : 12 euros (10 euros en tarif réduit). Enfants de 6 à 12 ans : 5 euros.",
      "Le tarif réduit s'applique aux étudiants, aux jeunes de 13 à 18 ans et aux demandeurs d'emploi, sur présentation d'un justificatif.",
    ],
  },
  {
    question: 'Mon enfant de moins de 6 ans doit-il avoir un billet ?',
    answer: [
      "Non : l'entrée est gratuite pour les enfants de cinq ans et moins, assis sur les genoux d'un adulte. Pensez à vous munir d'un document permettant de justifier son âge.",
    ],
  },
  {
    question: 'À quelle heure ouvrent les portes ?',
    answer: [
      "Les portes du Palais des Sports Pierre-Ratte ouvrent une heure avant le coup d'envoi. Nous vous conseillons d'arriver tôt : l'échauffement des équipes commence 45 minutes avant le match.",
    ],
  },
  {
    question: 'Où me garer ?',
    answer: [
      "Des parkings gratuits se trouvent autour du Palais des Sports, rue Pierre-Ratte et sur le parking du boulevard voisin. Les soirs d'affluence, privilégiez le covoiturage ou les lignes de bus du réseau Pastel.",
    ],
  },
  {
    question: 'Comment payer à la buvette et à la boutique ?',
    answer: [
      "Le Palais des Sports fonctionne en cashless : buvette et boutique se règlent avec la carte cashless du SQBB, que vous pouvez recharger en ligne avant le match ou sur place.",
      "Toutes les explications sont sur la page Cashless du site.",
    ],
  },
  {
    question: 'Le Palais des Sports est-il accessible aux personnes à mobilité réduite ?',
    answer: [
      "Oui. Des emplacements réservés aux personnes en fauteuil et à leur accompagnateur se trouvent en tribune latérale, accessibles de plain-pied. Pour réserver, écrivez-nous à l'adresse indiquée sur la page Contact au moins 48 heures avant le match.",
    ],
  },
];
