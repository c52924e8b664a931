import type { PalmaresEntry } from '../../src/types/club.js';

const trophy = (year: number, alt: string) => ({ src: `/images/club/palmares/${year}.svg`, alt, width: 320, height: 320 });

/** The titles of spec 2.3, in chronological order (the loader checks the order). */
export const palmares: PalmaresEntry[] = [
  {
    year: 1987,
    title: 'Champion de France de Nationale 3',
    date: 'Mai 1987',
    text: "Premier titre national de l'histoire du club : invaincue à domicile, l'équipe saint-quentinoise décroche la montée en Nationale 2 devant une salle Jean-Bouin en fête.",
    image: trophy(1987, 'Trophée de champion de France de Nationale 3, 1987'),
  },
  {
    year: 1993,
    title: 'Champion de France de Nationale 2',
    date: 'Mai 1993',
    text: "Six ans plus tard, Saint-Quentin remporte la finale du championnat de Nationale 2 et accède à la Nationale 1B. Une génération de joueurs formés au club signe l'exploit.",
    image: trophy(1993, 'Trophée de champion de France de Nationale 2, 1993'),
  },
  {
    year: 1995,
    title: 'Champion de France de Nationale 1B',
    date: 'Juin 1995',
    text: "Au terme d'une saison de 24 victoires, le club décroche le titre de Nationale 1B et s'installe parmi les meilleures équipes amateurs du pays.",
    image: trophy(1995, 'Trophée de champion de France de Nationale 1B, 1995'),
  },
  {
    year: 1999,
    title: 'Vainqueur de la Coupe de Picardie',
    date: 'Avril 1999',
    text: "Face aux meilleures formations de la région, Saint-Quentin s'impose en finale au Palais des Sports Pierre-Ratte et ajoute la Coupe de Picardie à son armoire à trophées.",
    image: trophy(1999, 'Coupe de Picardie remportée en 1999'),
  },
  {
    year: 2001,
    title: 'Vainqueur du Trophée Coupe de France',
    date: 'Mai 2001',
    text: "À Paris, le club remporte le Trophée Coupe de France réservé aux équipes de Nationale. Une finale maîtrisée qui clôt la première grande époque du basket saint-quentinois.",
    image: trophy(2001, 'Trophée Coupe de France remporté en 2001'),
  },
  {
    year: 2012,
    title: 'Champion de France de Nationale 1',
    date: 'Mai 2012',
    text: "Champion de Nationale masculine 1, le SQBB décroche son accession en Pro B et fait son entrée dans le monde professionnel.",
    image: trophy(2012, 'Trophée de champion de France de Nationale 1, 2012'),
  },
  {
    year: 2019,
    title: 'Vainqueur de la Leaders Cup Pro B',
    date: 'Février 2019',
    text: "Qualifié parmi les huit meilleures équipes de la mi-saison, le SQBB remporte la Leaders Cup Pro B à Disneyland Paris : le premier trophée professionnel du club.",
    image: trophy(2019, 'Trophée de la Leaders Cup Pro B, 2019'),
  },
  {
    year: 2023,
    title: 'Champion de France de Pro B',
    date: 'Juin 2023',
    text: "Sacré champion de France de Pro B, le SQBB accède à la Betclic Elite. Le Palais des Sports Pierre-Ratte retrouve le plus haut niveau du basket français.",
    image: trophy(2023, 'Trophée de champion de France de Pro B, 2023'),
  },
];
