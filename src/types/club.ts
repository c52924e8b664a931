/** Static club data (spec section 3: Partner, History, Palmares; sections 2.5-2.14 and 9). */
export type PartnerType = 'major' | 'classic' | 'public' | 'official' | 'provider';

export interface Partner {
  name: string;
  type: PartnerType;
  link: string;
  /** Root-relative path of a local logo; absent: the name is shown instead. */
  img?: string;
}

/** A local picture under public/ (root-relative src), always with its French alt text and size. */
export interface ClubImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** One dated period of an era (spec 3, History: eraTitle, date, photoLegend, text[], image). */
export interface HistoryPeriod {
  title: string;
  date: string;
  photoLegend?: string;
  images: [ClubImage] | [ClubImage, ClubImage];
  paragraphs: string[];
}

export interface HistoryEra {
  title: string;
  periods: HistoryPeriod[];
}

export interface ClubHistory {
  pageTitle: { title: string; subtitle: string };
  eras: HistoryEra[];
  /** The home page's 'Notre histoire' teaser. */
  teaser: { paragraphs: string[]; image: ClubImage };
  organisationChart: { image: ClubImage; units: OrganisationUnit[] };
}

/** The text alternative of the organisation chart: who answers to whom. */
export interface OrganisationUnit {
  role: string;
  people: string[];
  children?: OrganisationUnit[];
}

export interface PalmaresEntry {
  year: number;
  title: string;
  date: string;
  text: string;
  image: ClubImage;
}

export interface SupporterGroup {
  name: string;
  president: string;
  presidentTitle: 'Président' | 'Présidente';
  founded: number;
  presentation: string[];
  image: ClubImage;
  link?: string;
}

export interface FaqEntry {
  question: string;
  /** Paragraphs of plain text. */
  answer: string[];
}

export interface TicketPrice {
  label: string;
  price: string;
  reduced?: string;
}

export interface StadiumFacts {
  name: string;
  capacity: number;
  seated: number;
  /** The arena figure the home page states (spec 9: both readings are given). */
  homeCapacity: number;
  address: PostalAddress;
  history: string[];
  image: ClubImage;
  tickets: {
    season: string;
    prices: TicketPrice[];
    notes: string[];
  };
}

export interface PostalAddress {
  venue: string;
  street: string;
  postalCode: string;
  city: string;
}

export interface Competition {
  name: string;
  intro: string;
  facts: string[];
  paragraphs: string[];
  logo: ClubImage;
  link: string;
}

export interface CompetitionFacts {
  league: Competition;
  cup: Competition;
  leadersCup: Competition;
}

export interface OpeningHours {
  days: string;
  hours: string;
}

export interface ContactDetails {
  organisation: string;
  address: PostalAddress;
  email: string;
  /** As shown: '03 23 64 21 50'. */
  phone: string;
  /** E.164 for tel: links: '+33323642150'. */
  phoneE164: string;
  openingHours: OpeningHours[];
  map: { latitude: number; longitude: number };
}

export interface CashlessContent {
  logo: ClubImage;
  /** The provider's top-up page: the widget's target and its offline fallback. */
  topUpUrl: string;
  widgetScript: string;
  steps: { title: string; text: string }[];
  whatIs: string[];
  whyPreload: string[];
  facts: string[];
  faq: FaqEntry[];
  contactEmail: string;
}

export interface PartnershipOffer {
  intro: string[];
  benefits: { title: string; text: string }[];
  offers: { title: string; text: string }[];
}

export interface GuideImage extends ClubImage {
  caption: string;
}

export interface ClubData {
  partners: Partner[];
  history: ClubHistory;
  palmares: PalmaresEntry[];
  supporterGroups: SupporterGroup[];
  practicalFaq: FaqEntry[];
  stadium: StadiumFacts;
  competitions: CompetitionFacts;
  contact: ContactDetails;
  cashless: CashlessContent;
  partnership: PartnershipOffer;
  matchGuide: GuideImage[];
}
