import type { ClubHistory } from '../../src/types/club.js';

const photo = (name: string, alt: string) => ({ src: `/images/club/history/${name}.svg`, alt, width: 640, height: 420 });

/** The history page (spec 2.5), the home teaser and the organisation chart. */
export const history: ClubHistory = {
  pageTitle: {
    title: 'Histoire du club',
    subtitle: "Du parquet de la salle Jean-Bouin à la Betclic Elite : plus de soixante-dix ans de basket à Saint-Quentin.",
  },
  eras: [
    {
      title: 'Les débuts',
      periods: [
        {
          title: 'Le basket arrive dans le Vermandois',
          date: '1948 - 1965',
          photoLegend: "L'équipe première lors d'un match en plein air, au début des années 1950.",
          images: [photo('debuts-plein-air', "Joueurs saint-quentinois disputant un match sur un terrain en plein air dans les années 1950")],
          paragraphs: [
            "Au lendemain de la guerre, quelques passionnés venus des patronages et des sociétés de gymnastique fondent la première section de basket de Saint-Quentin. Les matchs se jouent alors en plein air, sur des terrains en terre battue, et les déplacements se font en car ou en voitures prêtées par les dirigeants.",
            "L'équipe s'impose rapidement dans les championnats de l'Aisne puis de Picardie. Le basket devient un rendez-vous du dimanche pour de nombreuses familles saint-quentinoises.",
          ],
        },
        {
          title: 'La salle Jean-Bouin et les premières montées',
          date: '1965 - 1986',
          images: [
            photo('debuts-jean-bouin', 'Intérieur de la salle Jean-Bouin, tribunes en bois pleines de spectateurs'),
            photo('debuts-equipe-1978', "Photo d'équipe de la saison 1978, joueurs en maillot rayé"),
          ],
          paragraphs: [
            "L'arrivée en salle change tout : à la salle Jean-Bouin, les tribunes en bois sont pleines dès que l'équipe reçoit. Le club structure son école de basket et ses équipes de jeunes, qui deviennent le vivier de l'équipe première.",
            "Portée par ses joueurs formés au club, l'équipe gravit un à un les échelons régionaux puis atteint le championnat national au début des années 1980.",
          ],
        },
        {
          title: "L'ascension nationale",
          date: '1987 - 2001',
          photoLegend: 'Les joueurs fêtent le titre de champion de France de Nationale 2 en 1993.',
          images: [photo('debuts-titre-1993', 'Joueurs soulevant le trophée de champion de France de Nationale 2 en 1993')],
          paragraphs: [
            "Le titre de champion de France de Nationale 3 en 1987 lance quinze années de progression. Le club enchaîne les titres, 1993, 1995, 1999, et s'installe dans le Palais des Sports Pierre-Ratte, où la ferveur du public saint-quentinois devient sa marque de fabrique.",
            "En 2001, la victoire dans le Trophée Coupe de France referme ce premier chapitre : Saint-Quentin est devenu une place forte du basket du nord de la France.",
          ],
        },
      ],
    },
    {
      title: "L'ère professionnelle",
      periods: [
        {
          title: 'La structuration du SQBB',
          date: '2001 - 2012',
          images: [photo('pro-structuration', 'Dirigeants et partenaires du club réunis au Palais des Sports Pierre-Ratte')],
          paragraphs: [
            "La création de la société sportive et la naissance du Saint-Quentin Basket-Ball donnent au club les moyens de ses ambitions. Les partenaires locaux, la Ville et l'Agglomération s'engagent à ses côtés.",
            "Le titre de champion de France de Nationale 1 en 2012 ouvre les portes du monde professionnel et de la Pro B.",
          ],
        },
        {
          title: 'Les années Pro B',
          date: '2012 - 2019',
          photoLegend: 'Le Palais des Sports Pierre-Ratte à guichets fermés pour un match de Pro B.',
          images: [
            photo('pro-pierre-ratte-comble', 'Tribunes combles du Palais des Sports Pierre-Ratte lors d\'un match de Pro B'),
            photo('pro-leaders-cup-2019', 'Le capitaine saint-quentinois brandit le trophée de la Leaders Cup Pro B en 2019'),
          ],
          paragraphs: [
            "Le SQBB s'installe durablement en Pro B. Chaque saison, le Palais des Sports Pierre-Ratte fait le plein et les joueurs découvrent l'exigence du basket professionnel.",
            "En 2019, la victoire en Leaders Cup Pro B à Disneyland Paris offre au club son premier trophée professionnel, devant des centaines de supporters venus de l'Aisne.",
          ],
        },
        {
          title: "La Betclic Elite et l'Europe",
          date: '2023 - aujourd\'hui',
          photoLegend: "La montée en Betclic Elite célébrée avec le public en juin 2023.",
          images: [photo('pro-montee-2023', 'Joueurs et supporters célébrant ensemble la montée en Betclic Elite en 2023')],
          paragraphs: [
            "Champion de France de Pro B en 2023, le SQBB rejoint la Betclic Elite, l'élite du basket français. Saint-Quentin retrouve le plus haut niveau national avec un effectif ambitieux et un public toujours aussi fidèle.",
            "Dès sa première saison parmi l'élite, le club décroche en 2024 sa qualification pour une compétition européenne : le nom de Saint-Quentin résonne désormais sur les parquets du continent.",
          ],
        },
      ],
    },
  ],
  teaser: {
    paragraphs: [
      "Né dans l'après-guerre sur les terrains en plein air du Vermandois, le basket saint-quentinois a gravi tous les échelons jusqu'à la Betclic Elite en 2023, puis jusqu'à l'Europe.",
      "Au Palais des Sports Pierre-Ratte, 3800 places vibrent à chaque match pour le SQBB.",
    ],
    image: photo('pro-pierre-ratte-comble', 'Tribunes combles du Palais des Sports Pierre-Ratte un soir de match'),
  },
  organisationChart: {
    image: {
      src: '/images/club/organigramme.svg',
      alt: "Organigramme du Saint-Quentin Basket-Ball (détail dans le texte ci-dessous)",
      width: 960,
      height: 560,
    },
    units: [
      {
        role: 'Président',
        people: ['Pascal Lefèvre'],
        children: [
          {
            role: 'Direction générale',
            people: ['Caroline Dumont, directrice générale'],
            children: [
              { role: 'Administration et finances', people: ['Sophie Marchand'] },
              { role: 'Partenariats et marketing', people: ['Nicolas Carpentier', 'Julie Hennequin'] },
              { role: 'Communication et billetterie', people: ['Thomas Delattre'] },
            ],
          },
          {
            role: 'Direction sportive',
            people: ['Olivier Bernard, manager général'],
            children: [
              { role: 'Équipe professionnelle', people: ['Entraîneur principal et staff technique'] },
              { role: 'Centre de formation', people: ['Mathieu Lambert, responsable'] },
              { role: 'Pôle médical', people: ['Dr Anne Leroy', 'Kevin Duval, kinésithérapeute'] },
            ],
          },
        ],
      },
    ],
  },
};
