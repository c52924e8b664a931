import { z } from 'zod';
import { clubImage, faqEntry, httpsUrl, integer, localImage, routeId, schemaRef, text, texts, unique } from './common.js';

/** Static club data (spec section 3: Partner, History, Palmares; sections 2.5-2.14 and 9). */

export const PARTNER_TYPES = ['major', 'classic', 'public', 'official', 'provider'] as const;

export const partnerSchema = z.strictObject({
  name: text,
  type: z.enum(PARTNER_TYPES),
  link: httpsUrl,
  img: localImage.optional().meta({ description: "The partner's logo; absent: the name is shown instead." }),
});

export const partnersFileSchema = z
  .strictObject({ ...schemaRef, partners: z.array(partnerSchema).min(1) })
  .superRefine((file, ctx) => unique(file.partners, (partner) => partner.name, ctx, (index) => ['partners', index, 'name'], 'listed twice'));

/** One dated period of an era (spec 3, History: eraTitle, date, photoLegend, text[], image). */
export const historyPeriodSchema = z.strictObject({
  title: text,
  date: text,
  photoLegend: text.optional(),
  images: z.array(clubImage).min(1).max(2),
  paragraphs: texts(1),
});

/** The text alternative of the organisation chart: who answers to whom. */
export interface OrganisationUnit {
  role: string;
  people: string[];
  children?: OrganisationUnit[];
}

// A tree: the type is written once here because z.infer cannot name a recursive shape.
export const organisationUnitSchema: z.ZodType<OrganisationUnit> = z.lazy(() =>
  z.strictObject({ role: text, people: texts(1), children: z.array(organisationUnitSchema).min(1).optional() }),
);

export const historySchema = z.strictObject({
  ...schemaRef,
  pageTitle: z.strictObject({ title: text, subtitle: text }),
  eras: z.array(z.strictObject({ title: text, periods: z.array(historyPeriodSchema).min(1) })).length(2),
  /** The home page's 'Notre histoire' teaser. */
  teaser: z.strictObject({ paragraphs: texts(1), image: clubImage }),
  organisationChart: z.strictObject({ image: clubImage, units: z.array(organisationUnitSchema).min(1) }),
});

/** The titles the spec lists (2.3), in the order the timeline shows them. */
export const PALMARES_YEARS = [1987, 1993, 1995, 1999, 2001, 2012, 2019, 2023] as const;

export const palmaresFileSchema = z
  .strictObject({
    ...schemaRef,
    titles: z
      .array(z.strictObject({ year: integer(1900), title: text, date: text, text, image: clubImage }))
      .length(PALMARES_YEARS.length),
  })
  .superRefine((file, ctx) =>
    file.titles.forEach((title, index) => {
      if (title.year !== PALMARES_YEARS[index]) {
        ctx.addIssue({
          code: 'custom',
          path: ['titles', index, 'year'],
          input: title.year,
          message: `${title.year} is out of place: expected ${PALMARES_YEARS[index]} (titles in order ${PALMARES_YEARS.join(', ')})`,
        });
      }
    }),
  );

export const supporterGroupSchema = z.strictObject({
  name: text,
  president: text,
  presidentTitle: z.enum(['Président', 'Présidente']),
  founded: integer(1900),
  presentation: texts(1),
  image: clubImage,
  link: httpsUrl.optional(),
});

export const supportersFileSchema = z.strictObject({ ...schemaRef, groups: z.array(supporterGroupSchema).length(2) });

/** The 7 practical questions of /club/info-pratiques/general (spec 2.12). */
export const faqFileSchema = z.strictObject({ ...schemaRef, questions: z.array(faqEntry).length(7) });

const postalAddress = z.strictObject({
  venue: text,
  street: text,
  postalCode: z.string().regex(/^\d{5}$/, { error: (issue) => `${JSON.stringify(issue.input)} is not a French postal code` }),
  city: text,
});

const ticketPrice = z.strictObject({ label: text, price: text, reduced: text.optional() });

export const stadiumSchema = z
  .strictObject({
    ...schemaRef,
    name: text,
    capacity: integer(1),
    seated: integer(1),
    homeCapacity: integer(1).meta({ description: 'The arena figure the home page states (spec 9: both readings are given).' }),
    address: postalAddress,
    history: texts(1),
    image: clubImage,
    tickets: z.strictObject({ season: text, prices: z.array(ticketPrice).min(1), notes: texts(1) }),
  })
  .superRefine((stadium, ctx) => {
    if (stadium.seated > stadium.capacity) {
      ctx.addIssue({ code: 'custom', path: ['seated'], input: stadium.seated, message: `${stadium.seated} exceeds the capacity ${stadium.capacity}` });
    }
  });

const competitionPage = z.strictObject({ name: text, intro: text, facts: texts(1), paragraphs: texts(1), logo: clubImage, link: httpsUrl });

export const competitionsSchema = z.strictObject({ ...schemaRef, league: competitionPage, cup: competitionPage, leadersCup: competitionPage });

const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i, { error: (issue) => `${JSON.stringify(issue.input)} is not an e-mail address` });

export const contactSchema = z.strictObject({
  ...schemaRef,
  organisation: text,
  address: postalAddress,
  email,
  phone: text.meta({ description: "As shown: '03 23 64 21 50'." }),
  phoneE164: z
    .string()
    .regex(/^\+\d{8,15}$/, { error: (issue) => `${JSON.stringify(issue.input)} is not an international phone number` })
    .meta({ description: "E.164 for tel: links: '+33323642150'." }),
  openingHours: z.array(z.strictObject({ days: text, hours: text })).min(1),
  map: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
});

const titledText = z.strictObject({ title: text, text });

export const cashlessSchema = z.strictObject({
  ...schemaRef,
  logo: clubImage,
  topUpUrl: httpsUrl.meta({ description: "The provider's top-up page: the widget's target and its offline fallback." }),
  widgetScript: httpsUrl,
  steps: z.array(titledText).length(3),
  whatIs: texts(1),
  whyPreload: texts(1),
  facts: texts(1),
  faq: z.array(faqEntry).length(8),
  contactEmail: email,
});

export const partnershipSchema = z.strictObject({
  ...schemaRef,
  intro: texts(1),
  benefits: z.array(titledText).length(4),
  offers: z.array(titledText).min(1),
});

export const matchGuideFileSchema = z.strictObject({
  ...schemaRef,
  guides: z.array(clubImage.extend({ caption: text })).length(6),
});

/** The menu of spec 2.2; internal entries name a route id, never a path. "{saison}" in a label is the current season's label. */
export const menuLinkSchema = z.union([
  z.strictObject({ label: text, route: routeId }),
  z.strictObject({ label: text, external: httpsUrl, newTab: z.boolean().optional() }),
]);

export const menuGroupSchema = z.strictObject({ label: text, items: z.array(menuLinkSchema).min(1) });

export const menuFileSchema = z.strictObject({
  ...schemaRef,
  menu: z.array(z.union([z.strictObject({ key: text, label: text, groups: z.array(menuGroupSchema).min(1) }), menuLinkSchema])).min(1),
});

export type PartnerType = (typeof PARTNER_TYPES)[number];
export type Partner = z.infer<typeof partnerSchema>;
export type ClubImage = z.infer<typeof clubImage>;
export type HistoryPeriod = z.infer<typeof historyPeriodSchema>;
export type ClubHistory = Omit<z.infer<typeof historySchema>, '$schema'>;
export type HistoryEra = ClubHistory['eras'][number];
export type PalmaresEntry = z.infer<typeof palmaresFileSchema>['titles'][number];
export type SupporterGroup = z.infer<typeof supporterGroupSchema>;
export type FaqEntry = z.infer<typeof faqEntry>;
export type StadiumFacts = Omit<z.infer<typeof stadiumSchema>, '$schema'>;
export type TicketPrice = z.infer<typeof ticketPrice>;
export type PostalAddress = z.infer<typeof postalAddress>;
export type CompetitionInfo = z.infer<typeof competitionPage>;
export type CompetitionFacts = Omit<z.infer<typeof competitionsSchema>, '$schema'>;
export type ContactDetails = Omit<z.infer<typeof contactSchema>, '$schema'>;
export type OpeningHours = ContactDetails['openingHours'][number];
export type CashlessContent = Omit<z.infer<typeof cashlessSchema>, '$schema'>;
export type PartnershipOffer = Omit<z.infer<typeof partnershipSchema>, '$schema'>;
export type GuideImage = z.infer<typeof matchGuideFileSchema>['guides'][number];
export type MenuLinkSpec = z.infer<typeof menuLinkSchema>;
export type MenuGroupSpec = z.infer<typeof menuGroupSchema>;
export type MenuHeadingSpec = z.infer<typeof menuFileSchema>['menu'][number];

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
  /** Labels resolved: "{saison}" is already the current season's label. */
  menu: MenuHeadingSpec[];
}
