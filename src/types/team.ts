/** Static team data (spec section 3: Team, Match, Player; 2.9: staff). Validated by data/team/index.ts. */
export interface Team {
  id: number;
  name: string;
  salle: string;
  /** External image URL (spec: logos come from external hosts); the club's own logo is local. */
  logo: string;
}

export type Competition = 'Betclic Elite' | 'Coupe de France' | 'Play In' | 'BASKETBALL CHAMPIONS LEAGUE' | 'Leaders Cup';

export interface Match {
  id: number;
  /** Day of the month, as written on the card ('27'). */
  date: string;
  /** 'HH:MM' in Paris time; '' while the league has not fixed the time yet. */
  hours: string;
  /** French month name, capitalised ('Septembre'). */
  month: string;
  year: string;
  /** ISO 8601 with the Paris offset ('2025-09-27T20:00:00+02:00'); midnight when hours is ''. */
  fullDate: string;
  competition: Competition;
  /** Link to the match sheet, when published. */
  resume?: string;
  isHome: boolean;
  opponentId: number;
  /** Integer strings; '0' and '0' for a match not played yet. */
  homeBasedTeamScore: string;
  outsideTeamScore: string;
}

export interface CareerEntry {
  club: string;
  comeIn: string;
  ending: string;
  leagueName: string;
}

export interface PalmaresEntry {
  championchipTitle: string;
  year: string;
  championship: string;
  place: string;
}

/** Portfolio tags the filter knows (spec 2.8: TOUTES / équipe DE FRANCE / Champion). */
export type PictureTag = 'france' | 'champion';

export interface Picture {
  playerId: number[];
  title: string;
  tag: PictureTag[];
  /** Root-relative local image. */
  src: string;
  legend: string;
  /** ISO date 'YYYY-MM-DD'. */
  date: string;
  link?: string;
  author: string;
  persons: string[];
}

/** Field names as the spec writes them ('tweeter' included). */
export interface SocialLinks {
  facebook?: string;
  instagram?: string;
  tweeter?: string;
  linkedIn?: string;
}

export interface Player {
  id: number;
  firstName: string;
  lastName: string;
  position: string;
  number: number;
  age: number;
  /** ISO date 'YYYY-MM-DD'. */
  birth: string;
  birthPlace: string;
  /** Height in centimetres. */
  size: number;
  /** Season the player joined the club ('2023'). */
  teamPresence: string;
  country: string;
  profilImg: string;
  mainPageImg: string;
  smallResume: string;
  /** Biography paragraphs. */
  resume: string[];
  carrier: { pro: CareerEntry[]; amateur: CareerEntry[]; palmares: PalmaresEntry[] };
  pictures: Picture[];
  sci: SocialLinks;
}

export interface StaffMember {
  firstName: string;
  lastName: string;
  role: string;
  photo: string;
  /** Season the member joined the club ('2022'). */
  since: string;
  bio: string;
}

export interface StaffGallery {
  title: string;
  photos: { src: string; alt: string }[];
}

export interface Staff {
  headCoach: StaffMember;
  assistants: StaffMember[];
  physicalTrainer: StaffMember;
  galleries: StaffGallery[];
}

export interface TeamData {
  teams: Team[];
  matches: Match[];
  players: Player[];
  staff: Staff;
}
