import type { CompetitionFacts } from '../../src/types/club.js';

const logo = (name: string, alt: string) => ({ src: `/images/club/competitions/${name}.svg`, alt, width: 240, height: 240 });

/** The three competition pages (spec 2.11, facts of section 9). */
export const competitions: CompetitionFacts = {
  league: {
    name: 'Betclic Elite',
    intro: "La Betclic Elite est le championnat de France de basket de première division, organisé par la Ligue Nationale de Basket (LNB).",
    facts: [
      '18 clubs disputent la saison régulière en matchs aller et retour.',
      'Les 8 premiers sont qualifiés pour les playoffs.',
      'Quarts de finale et demi-finales se jouent au meilleur des 3 matchs.',
      'La finale se joue au meilleur des 5 matchs.',
      'Les deux derniers de la saison régulière sont relégués en Pro B.',
    ],
    paragraphs: [
      "Chaque club reçoit et se déplace une fois contre chacun de ses adversaires, soit 34 journées de septembre à mai. Le classement de la saison régulière détermine les affiches des playoffs : le mieux classé reçoit la belle.",
      "Depuis sa montée en 2023, le SQBB défend les couleurs de Saint-Quentin et de l'Aisne face aux meilleures équipes du pays. Les matchs sont retransmis en direct sur la plateforme de diffusion partenaire de la Ligue.",
    ],
    logo: logo('betclic-elite', 'Logo de la Betclic Elite'),
    link: 'https://www.lnb.fr/elite',
  },
  cup: {
    name: 'Coupe de France',
    intro: "La Coupe de France, trophée Robert-Busnel, réunit les clubs professionnels et amateurs dans une compétition à élimination directe organisée par la Fédération Française de Basketball.",
    facts: [
      'Chaque tour se joue en un match unique, sans match retour.',
      'Les clubs de Betclic Elite entrent dans la compétition au stade des seizièmes de finale.',
      "La finale se dispute à l'Accor Arena de Paris, au printemps.",
    ],
    paragraphs: [
      "La Coupe de France, c'est la magie des surprises : un club de division inférieure peut éliminer un favori au terme d'un seul match. Le vainqueur inscrit son nom au palmarès de la plus ancienne compétition du basket français.",
      "Cette saison, le SQBB dispute deux rencontres de Coupe de France inscrites au calendrier des matchs.",
    ],
    logo: logo('coupe-de-france', 'Logo de la Coupe de France de basket'),
    link: 'https://www.ffbb.com/',
  },
  leadersCup: {
    name: 'Leaders Cup',
    intro: "La Leaders Cup réunit les meilleures équipes de Betclic Elite le temps d'un week-end de février.",
    facts: [
      'Les 8 premiers du classement à la fin de la phase aller sont qualifiés.',
      'La compétition se déroule sur 3 jours : quarts de finale, demi-finales et finale.',
      'Chaque tour se joue en un match unique.',
    ],
    paragraphs: [
      "Trois jours, trois matchs secs : il faut enchaîner les victoires sans droit à l'erreur pour soulever le trophée. Le vainqueur décroche le premier titre national de la saison.",
      "Le SQBB connaît bien la formule : en 2019, le club avait remporté la Leaders Cup Pro B, son premier trophée professionnel.",
    ],
    logo: logo('leaders-cup', 'Logo de la Leaders Cup'),
    link: 'https://www.lnb.fr/',
  },
};
