import type { CareerEntry, PalmaresEntry, Picture, Player } from '../../src/types/team.js';

/**
 * The professional squad (spec 2.8, about 11 players). Invented people: no real player's personal
 * data is published here. Several entries are deliberately incomplete (no career, no pictures,
 * no social links) because the pages must handle that.
 */
const career = (club: string, comeIn: string, ending: string, leagueName: string): CareerEntry => ({ club, comeIn, ending, leagueName });
const title = (championchipTitle: string, year: string, championship: string, place: string): PalmaresEntry => ({ championchipTitle, year, championship, place });
const picture = (playerId: number, n: number, fields: Omit<Picture, 'playerId' | 'src' | 'author'> & { author?: string }): Picture => ({
  playerId: [playerId],
  src: `/images/team/gallery/joueur-${playerId}-${n}.svg`,
  author: fields.author ?? 'Service communication SQBB',
  ...fields,
});
const images = (id: number) => ({ profilImg: `/images/team/players/joueur-${id}.svg`, mainPageImg: `/images/team/players/joueur-${id}-large.svg` });

export const players: Player[] = [
  {
    id: 1, firstName: 'Hugo', lastName: 'Lemaire', position: 'Meneur', number: 4, age: 27, birth: '1998-03-14',
    birthPlace: 'Amiens', size: 185, teamPresence: '2023', country: 'France', ...images(1),
    smallResume: 'Capitaine et premier relais du coach sur le terrain, il dirige le jeu du SQBB depuis la montée.',
    resume: [
      'Formé au centre de formation de l’ESSM Le Portel, Hugo Lemaire a fait ses armes en Pro B avant de rejoindre Saint-Quentin à l’été 2023.',
      'Meneur altruiste, il termine sa première saison en Betclic Elite parmi les meilleurs passeurs du championnat.',
    ],
    carrier: {
      pro: [career('ESSM Le Portel', '2017', '2019', 'Betclic Elite'), career('Rouen Métropole Basket', '2019', '2023', 'Pro B'), career('Saint-Quentin Basket-Ball', '2023', '—', 'Betclic Elite')],
      amateur: [career('Amiens SCB', '2010', '2014', 'U15 Élite'), career('Centre de formation ESSM Le Portel', '2014', '2017', 'Espoirs')],
      palmares: [title('Champion de France Pro B', '2023', 'Pro B', 'Rouen')],
    },
    pictures: [
      picture(1, 1, { title: 'Hugo Lemaire lance l’attaque', tag: ['champion'], legend: 'Titre de Pro B, saison 2022-2023.', date: '2023-05-27', persons: ['Hugo Lemaire'] }),
      picture(1, 2, { title: 'Hugo Lemaire à Pierre-Ratte', tag: [], legend: 'Match d’ouverture de la saison.', date: '2025-09-27', persons: ['Hugo Lemaire'] }),
    ],
    sci: { facebook: 'https://www.facebook.com/SaintQuentinBasketBall', instagram: 'https://www.instagram.com/saintquentinbasketball/' },
  },
  {
    id: 2, firstName: 'Malik', lastName: 'Diarra', position: 'Arrière', number: 7, age: 25, birth: '2000-07-22',
    birthPlace: 'Créteil', size: 193, teamPresence: '2024', country: 'France', ...images(2),
    smallResume: 'Arrière explosif, international 3x3, il est le meilleur marqueur de l’équipe.',
    resume: [
      'Passé par l’INSEP, Malik Diarra a découvert la Betclic Elite à Nanterre avant de s’imposer à Saint-Quentin.',
      'Sélectionné en équipe de France 3x3, il apporte son adresse extérieure et sa défense sur les meilleurs arrières adverses.',
    ],
    carrier: {
      pro: [career('Nanterre 92', '2019', '2022', 'Betclic Elite'), career('Orléans Loiret Basket', '2022', '2024', 'Pro B'), career('Saint-Quentin Basket-Ball', '2024', '—', 'Betclic Elite')],
      amateur: [career('INSEP', '2015', '2018', 'Nationale 1')],
      palmares: [title('Médaille d’argent', '2023', 'Coupe d’Europe 3x3', 'Jérusalem'), title('Champion de France Espoirs', '2019', 'Espoirs Betclic Elite', 'Nanterre')],
    },
    pictures: [
      picture(2, 1, { title: 'Malik Diarra sous le maillot bleu', tag: ['france'], legend: 'Stage de l’équipe de France 3x3.', date: '2023-08-30', persons: ['Malik Diarra'] }),
      picture(2, 2, { title: 'Le titre Espoirs', tag: ['champion'], legend: 'Finale du championnat Espoirs.', date: '2019-06-01', persons: ['Malik Diarra'] }),
      picture(2, 3, { title: 'Malik Diarra au shoot', tag: [], legend: 'Réception de Cholet Basket.', date: '2025-10-04', persons: ['Malik Diarra'] }),
    ],
    sci: { instagram: 'https://www.instagram.com/saintquentinbasketball/', tweeter: 'https://x.com/SQBB_Officiel' },
  },
  {
    id: 3, firstName: 'Jordan', lastName: 'Whitfield', position: 'Ailier', number: 11, age: 28, birth: '1996-11-02',
    birthPlace: 'Columbus (Ohio)', size: 201, teamPresence: '2025', country: 'États-Unis', ...images(3),
    smallResume: 'Ailier complet arrivé cet été, passé par la NCAA et la Bundesliga.',
    resume: ['Jordan Whitfield a joué quatre saisons en NCAA avant une carrière en Allemagne et en Belgique. Il découvre la France cette saison.'],
    carrier: {
      pro: [career('Telekom Baskets Bonn', '2019', '2022', 'Basketball Bundesliga'), career('Filou Oostende', '2022', '2025', 'BNXT League'), career('Saint-Quentin Basket-Ball', '2025', '—', 'Betclic Elite')],
      amateur: [career('Ohio University', '2015', '2019', 'NCAA Division I')],
      palmares: [title('Champion de Belgique', '2024', 'BNXT League', 'Ostende')],
    },
    pictures: [picture(3, 1, { title: 'Jordan Whitfield au dunk', tag: ['champion'], legend: 'Finale du championnat de Belgique.', date: '2024-06-08', persons: ['Jordan Whitfield'], author: 'Archives du joueur' })],
    sci: { instagram: 'https://www.instagram.com/saintquentinbasketball/', linkedIn: 'https://www.linkedin.com/company/saint-quentin-basket-ball/' },
  },
  {
    id: 4, firstName: 'Théo', lastName: 'Vasseur', position: 'Ailier', number: 9, age: 23, birth: '2002-01-30',
    birthPlace: 'Saint-Quentin', size: 198, teamPresence: '2020', country: 'France', ...images(4),
    smallResume: 'L’enfant du pays, formé au club, passé des Espoirs au groupe professionnel.',
    resume: [
      'Né à Saint-Quentin, Théo Vasseur a porté tous les maillots du club, des U13 aux Espoirs.',
      'Il a signé son premier contrat professionnel en 2022 et s’est fait une place dans la rotation.',
    ],
    carrier: {
      pro: [career('Saint-Quentin Basket-Ball', '2022', '—', 'Betclic Elite')],
      amateur: [career('Saint-Quentin Basket-Ball', '2012', '2020', 'U18 Élite'), career('Saint-Quentin Basket-Ball', '2020', '2022', 'Espoirs')],
      palmares: [title('Champion de France Pro B', '2023', 'Pro B', 'Saint-Quentin')],
    },
    pictures: [
      picture(4, 1, { title: 'La fête du titre', tag: ['champion'], legend: 'Pierre-Ratte célèbre le titre de Pro B.', date: '2023-05-27', persons: ['Théo Vasseur', 'Hugo Lemaire'] }),
      picture(4, 2, { title: 'Théo Vasseur en U20', tag: ['france'], legend: 'Championnat d’Europe U20.', date: '2022-07-16', persons: ['Théo Vasseur'], author: 'FFBB' }),
    ],
    sci: { facebook: 'https://www.facebook.com/SaintQuentinBasketBall' },
  },
  {
    id: 5, firstName: 'Ousmane', lastName: 'Ndiaye', position: 'Pivot', number: 15, age: 28, birth: '1997-05-18',
    birthPlace: 'Dakar', size: 211, teamPresence: '2024', country: 'Sénégal', ...images(5),
    smallResume: 'Le patron de la raquette, premier rebondeur et contreur de l’équipe.',
    resume: ['International sénégalais, Ousmane Ndiaye a joué en Espagne et à Limoges avant de poser ses valises dans l’Aisne.'],
    carrier: {
      pro: [career('Bilbao Basket', '2018', '2021', 'Liga Endesa'), career('Limoges CSP', '2021', '2024', 'Betclic Elite'), career('Saint-Quentin Basket-Ball', '2024', '—', 'Betclic Elite')],
      amateur: [career('SEED Academy', '2012', '2016', 'Académie')],
      palmares: [],
    },
    pictures: [picture(5, 1, { title: 'Ousmane Ndiaye au rebond', tag: [], legend: 'Réception de la SIG Strasbourg.', date: '2025-10-11', persons: ['Ousmane Ndiaye'] })],
    sci: { instagram: 'https://www.instagram.com/saintquentinbasketball/' },
  },
  {
    id: 6, firstName: 'Kévin', lastName: 'Marchand', position: 'Ailier fort', number: 21, age: 30, birth: '1995-09-09',
    birthPlace: 'Lille', size: 204, teamPresence: '2022', country: 'France', ...images(6),
    smallResume: 'Vétéran du vestiaire, champion de Pro B avec le club en 2023.',
    resume: ['Kévin Marchand a connu trois montées dans sa carrière. Son expérience guide les plus jeunes du groupe.'],
    carrier: {
      pro: [career('Lille Métropole Basket', '2014', '2018', 'Pro B'), career('Élan Chalon', '2018', '2022', 'Betclic Elite'), career('Saint-Quentin Basket-Ball', '2022', '—', 'Betclic Elite')],
      amateur: [],
      palmares: [title('Champion de France Pro B', '2023', 'Pro B', 'Saint-Quentin'), title('Vainqueur de la Leaders Cup Pro B', '2017', 'Leaders Cup Pro B', 'Disneyland Paris')],
    },
    pictures: [
      picture(6, 1, { title: 'Kévin Marchand soulève le trophée', tag: ['champion'], legend: 'Titre de Pro B 2023.', date: '2023-05-27', persons: ['Kévin Marchand'] }),
      picture(6, 2, { title: 'Kévin Marchand en défense', tag: [], legend: 'Déplacement à Gravelines.', date: '2025-11-15', persons: ['Kévin Marchand'] }),
    ],
    sci: { facebook: 'https://www.facebook.com/SaintQuentinBasketBall', instagram: 'https://www.instagram.com/saintquentinbasketball/', tweeter: 'https://x.com/SQBB_Officiel' },
  },
  {
    id: 7, firstName: 'Lucas', lastName: 'Ferreira', position: 'Meneur', number: 3, age: 25, birth: '1999-12-05',
    birthPlace: 'Charleroi', size: 188, teamPresence: '2025', country: 'Belgique', ...images(7),
    smallResume: 'Meneur belge arrivé de Pro B, rapide et adroit à trois points.',
    resume: ['Lucas Ferreira a explosé à Fos Provence avant de rejoindre Saint-Quentin pour sa première saison en Betclic Elite.'],
    carrier: {
      pro: [career('Spirou Charleroi', '2018', '2022', 'BNXT League'), career('Fos Provence Basket', '2022', '2025', 'Pro B')],
      amateur: [],
      palmares: [],
    },
    pictures: [picture(7, 1, { title: 'Lucas Ferreira en contre-attaque', tag: [], legend: 'Match amical de présaison.', date: '2025-09-06', persons: ['Lucas Ferreira'] })],
    sci: { instagram: 'https://www.instagram.com/saintquentinbasketball/' },
  },
  {
    id: 8, firstName: 'Antoine', lastName: 'Robin', position: 'Arrière', number: 5, age: 22, birth: '2003-04-11',
    birthPlace: 'Reims', size: 191, teamPresence: '2025', country: 'France', ...images(8),
    smallResume: 'Jeune arrière arrivé en renfort cet été.',
    resume: [],
    carrier: { pro: [], amateur: [], palmares: [] },
    pictures: [],
    sci: {},
  },
  {
    id: 9, firstName: 'Darnell', lastName: 'Brooks', position: 'Pivot', number: 33, age: 31, birth: '1994-08-27',
    birthPlace: 'Atlanta (Géorgie)', size: 208, teamPresence: '2025', country: 'États-Unis', ...images(9),
    smallResume: 'Pivot puissant, pigiste médical arrivé en cours de saison.',
    resume: ['Darnell Brooks a rejoint l’effectif en novembre pour pallier une blessure dans la raquette.'],
    carrier: {
      pro: [career('Fos Provence Basket', '2021', '2023', 'Betclic Elite'), career('Champagne Basket', '2023', '2025', 'Pro B')],
      amateur: [career('Georgia State University', '2012', '2016', 'NCAA Division I')],
      palmares: [],
    },
    pictures: [picture(9, 1, { title: 'Darnell Brooks à l’échauffement', tag: [], legend: 'Premier match sous le maillot saint-quentinois.', date: '2025-11-23', persons: ['Darnell Brooks'] })],
    sci: {},
  },
  {
    id: 10, firstName: 'Nathan', lastName: 'Cissé', position: 'Ailier fort', number: 13, age: 21, birth: '2004-02-19',
    birthPlace: 'Saint-Quentin', size: 203, teamPresence: '2022', country: 'France', ...images(10),
    smallResume: 'Espoir du club, il s’entraîne avec le groupe professionnel.',
    resume: ['Nathan Cissé est le capitaine de l’équipe Espoirs et fait ses premiers pas en Betclic Elite.'],
    carrier: {
      pro: [],
      amateur: [career('Saint-Quentin Basket-Ball', '2016', '2022', 'U18 Élite'), career('Saint-Quentin Basket-Ball', '2022', '—', 'Espoirs')],
      palmares: [],
    },
    pictures: [],
    sci: { instagram: 'https://www.instagram.com/saintquentinbasketball/' },
  },
  {
    id: 11, firstName: 'Maxime', lastName: 'Dupuis', position: 'Ailier', number: 8, age: 24, birth: '2001-06-25',
    birthPlace: 'Compiègne', size: 196, teamPresence: '2024', country: 'France', ...images(11),
    smallResume: 'Ailier défensif, spécialiste des tirs à trois points dans le coin.',
    resume: ['Maxime Dupuis a été formé à Compiègne puis à Rouen avant de rejoindre le SQBB.'],
    carrier: { pro: [career('Rouen Métropole Basket', '2020', '2024', 'Pro B')], amateur: [], palmares: [] },
    pictures: [picture(11, 1, { title: 'Maxime Dupuis sous le maillot bleu', tag: ['france'], legend: 'Équipe de France U18.', date: '2019-07-28', persons: ['Maxime Dupuis'], author: 'FFBB' })],
    sci: {},
  },
];
