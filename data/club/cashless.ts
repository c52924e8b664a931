import type { CashlessContent } from '../../src/types/club.js';

/** The cashless page (spec 2.14) with the facts of spec section 9. */
export const cashless: CashlessContent = {
  logo: { src: '/images/club/cashless-logo.svg', alt: 'Logo de la carte cashless du SQBB', width: 240, height: 150 },
  topUpUrl: 'https://widget.weezevent.com/ticket/sqbb-cashless',
  widgetScript: 'https://widget.weezevent.com/weez.js',
  steps: [
    { title: 'Je crée mon compte', text: "Renseignez votre adresse e-mail, vos informations personnelles et le numéro inscrit au dos de votre carte." },
    { title: 'Je recharge ma carte', text: 'Choisissez le montant et payez par carte bancaire : votre solde est crédité immédiatement.' },
    { title: 'Je profite du match', text: 'Présentez votre carte à la buvette et à la boutique du Palais des Sports : plus besoin de monnaie.' },
  ],
  whatIs: [
    "Le cashless est le moyen de paiement unique du Palais des Sports Pierre-Ratte les soirs de match. Votre carte cashless remplace la monnaie et la carte bancaire à la buvette comme à la boutique.",
    "Vous chargez de l'argent sur la carte, puis chaque achat est débité en un geste. Le solde restant est conservé d'un match à l'autre.",
  ],
  whyPreload: [
    "Recharger votre carte avant de venir, c'est éviter la file d'attente aux points de recharge et profiter de la mi-temps plutôt que de la passer à la caisse.",
    "En ligne, la recharge est immédiate et vous suivez votre solde et vos dépenses depuis votre compte.",
  ],
  facts: [
    'En ligne, la recharge se fait uniquement par carte bancaire.',
    'Sur place, aux points de recharge du Palais des Sports, vous pouvez payer par carte bancaire ou en espèces.',
    'Recharge rapide : scannez le QR code au dos de votre carte pour la recharger sans vous connecter.',
    "Carte perdue : elle est bloquée sur simple demande par e-mail. Le blocage nécessite un compte cashless et le solde de la carte perdue n'est pas récupérable.",
    "Création de compte : il faut une adresse e-mail, vos informations personnelles et le numéro inscrit au dos de la carte.",
    'Un code facultatif de 6 lettres peut être ajouté au compte.',
  ],
  faq: [
    {
      question: 'Où puis-je obtenir une carte cashless ?',
      answer: ["Les cartes sont remises aux points de recharge du Palais des Sports Pierre-Ratte, à l'entrée des tribunes, les soirs de match. Gardez-la : elle vous servira toute la saison."],
    },
    {
      question: 'Comment recharger ma carte ?',
      answer: [
        'En ligne, depuis cette page, par carte bancaire uniquement.',
        'Sur place, aux points de recharge du Palais des Sports, par carte bancaire ou en espèces.',
      ],
    },
    {
      question: "Qu'est-ce que la recharge rapide ?",
      answer: ["Scannez le QR code au dos de votre carte avec votre téléphone : vous arrivez directement sur la page de recharge de votre carte, sans avoir à vous connecter."],
    },
    {
      question: 'Dois-je créer un compte ?',
      answer: [
        "Ce n'est pas obligatoire pour payer, mais c'est vivement conseillé : le compte permet de suivre votre solde, vos achats et de faire bloquer votre carte en cas de perte.",
        "Pour le créer, il faut une adresse e-mail, vos informations personnelles et le numéro inscrit au dos de votre carte.",
      ],
    },
    {
      question: 'À quoi sert le code de 6 lettres ?',
      answer: ['Ce code facultatif protège votre compte : une fois défini, il vous est demandé pour consulter ou recharger votre carte en ligne.'],
    },
    {
      question: "J'ai perdu ma carte, que faire ?",
      answer: [
        "Écrivez-nous par e-mail en indiquant le numéro de votre carte ou l'adresse de votre compte : nous la bloquons pour que personne ne puisse l'utiliser.",
        "Le blocage n'est possible que si la carte est rattachée à un compte, et le solde de la carte perdue est perdu.",
      ],
    },
    {
      question: "Mon solde est-il conservé d'un match à l'autre ?",
      answer: ['Oui, le solde reste sur votre carte et vous pouvez l\'utiliser à tous les matchs à domicile de la saison.'],
    },
    {
      question: 'Puis-je payer autrement que par cashless à la buvette ?',
      answer: ["Non : à la buvette et à la boutique, seule la carte cashless est acceptée. Si vous n'avez pas rechargé en ligne, les points de recharge sur place acceptent la carte bancaire et les espèces."],
    },
  ],
  contactEmail: 'cashless@sqbb.fr',
};
