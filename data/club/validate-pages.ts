import type {
  CashlessContent,
  Competition,
  CompetitionFacts,
  ContactDetails,
  GuideImage,
  PartnershipOffer,
  PostalAddress,
  StadiumFacts,
} from '../../src/types/club.js';
import { at, faq, fail, httpUrl, image, integer, list, optionalText, text, texts, type Where } from './checks.js';

type Raw<T> = Partial<Record<keyof T, unknown>>;

function address(where: Where, value: unknown): PostalAddress {
  const raw = (value ?? {}) as Raw<PostalAddress>;
  const postalCode = text(where, 'address.postalCode', raw.postalCode);
  if (!/^\d{5}$/.test(postalCode)) fail(where, 'address.postalCode', `"${postalCode}" is not a French postal code`);
  return {
    venue: text(where, 'address.venue', raw.venue),
    street: text(where, 'address.street', raw.street),
    postalCode,
    city: text(where, 'address.city', raw.city),
  };
}

function titledTexts(where: Where, field: string, value: unknown, exact?: number): { title: string; text: string }[] {
  return list<Raw<{ title: string; text: string }>>(where, field, value, exact ? { exact } : { min: 1 }).map((item, index) => ({
    title: text(where, `${field}[${index}].title`, item.title),
    text: text(where, `${field}[${index}].text`, item.text),
  }));
}

function email(where: Where, field: string, value: unknown): string {
  const raw = text(where, field, value);
  if (!/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(raw)) fail(where, field, `"${raw}" is not an e-mail address`);
  return raw;
}

export function validateStadium(where: Where, value: unknown): StadiumFacts {
  const raw = (value ?? {}) as Raw<StadiumFacts>;
  const here = at(where, 'stadium');
  const capacity = integer(here, 'capacity', raw.capacity);
  const seated = integer(here, 'seated', raw.seated);
  if (seated > capacity) fail(here, 'seated', `${seated} exceeds the capacity ${capacity}`);
  const tickets = (raw.tickets ?? {}) as Raw<StadiumFacts['tickets']>;
  const ticketsWhere = at(where, 'tickets');
  return {
    name: text(here, 'name', raw.name),
    capacity,
    seated,
    homeCapacity: integer(here, 'homeCapacity', raw.homeCapacity),
    address: address(here, raw.address),
    history: texts(here, 'history', raw.history),
    image: image(here, 'image', raw.image),
    tickets: {
      season: text(ticketsWhere, 'season', tickets.season),
      prices: list<Raw<StadiumFacts['tickets']['prices'][number]>>(ticketsWhere, 'prices', tickets.prices, { min: 1 }).map((price, index) => {
        const priceWhere = at(where, `ticket price ${index + 1}`);
        const reduced = optionalText(priceWhere, 'reduced', price.reduced);
        return { label: text(priceWhere, 'label', price.label), price: text(priceWhere, 'price', price.price), ...(reduced ? { reduced } : {}) };
      }),
      notes: texts(ticketsWhere, 'notes', tickets.notes),
    },
  };
}

function competition(where: Where, value: unknown): Competition {
  const raw = (value ?? {}) as Raw<Competition>;
  return {
    name: text(where, 'name', raw.name),
    intro: text(where, 'intro', raw.intro),
    facts: texts(where, 'facts', raw.facts),
    paragraphs: texts(where, 'paragraphs', raw.paragraphs),
    logo: image(where, 'logo', raw.logo),
    link: httpUrl(where, 'link', raw.link),
  };
}

export function validateCompetitions(where: Where, value: unknown): CompetitionFacts {
  const raw = (value ?? {}) as Raw<CompetitionFacts>;
  return {
    league: competition(at(where, 'league'), raw.league),
    cup: competition(at(where, 'cup'), raw.cup),
    leadersCup: competition(at(where, 'leadersCup'), raw.leadersCup),
  };
}

export function validateContact(where: Where, value: unknown): ContactDetails {
  const raw = (value ?? {}) as Raw<ContactDetails>;
  const here = at(where, 'contact');
  const phoneE164 = text(here, 'phoneE164', raw.phoneE164);
  if (!/^\+\d{8,15}$/.test(phoneE164)) fail(here, 'phoneE164', `"${phoneE164}" is not an international phone number`);
  const map = (raw.map ?? {}) as Raw<ContactDetails['map']>;
  const coordinate = (field: 'latitude' | 'longitude', limit: number): number => {
    const number = map[field];
    if (typeof number !== 'number' || Math.abs(number) > limit) fail(here, `map.${field}`, `${JSON.stringify(number)} is not a ${field}`);
    return number;
  };
  return {
    organisation: text(here, 'organisation', raw.organisation),
    address: address(here, raw.address),
    email: email(here, 'email', raw.email),
    phone: text(here, 'phone', raw.phone),
    phoneE164,
    openingHours: list<Raw<ContactDetails['openingHours'][number]>>(here, 'openingHours', raw.openingHours, { min: 1 }).map((slot, index) => ({
      days: text(here, `openingHours[${index}].days`, slot.days),
      hours: text(here, `openingHours[${index}].hours`, slot.hours),
    })),
    map: { latitude: coordinate('latitude', 90), longitude: coordinate('longitude', 180) },
  };
}

export function validateCashless(where: Where, value: unknown): CashlessContent {
  const raw = (value ?? {}) as Raw<CashlessContent>;
  const here = at(where, 'cashless');
  return {
    logo: image(here, 'logo', raw.logo),
    topUpUrl: httpUrl(here, 'topUpUrl', raw.topUpUrl),
    widgetScript: httpUrl(here, 'widgetScript', raw.widgetScript),
    steps: titledTexts(here, 'steps', raw.steps, 3),
    whatIs: texts(here, 'whatIs', raw.whatIs),
    whyPreload: texts(here, 'whyPreload', raw.whyPreload),
    facts: texts(here, 'facts', raw.facts),
    faq: faq(where, raw.faq, 8),
    contactEmail: email(here, 'contactEmail', raw.contactEmail),
  };
}

export function validatePartnership(where: Where, value: unknown): PartnershipOffer {
  const raw = (value ?? {}) as Raw<PartnershipOffer>;
  const here = at(where, 'partnership');
  return {
    intro: texts(here, 'intro', raw.intro),
    benefits: titledTexts(here, 'benefits', raw.benefits, 4),
    offers: titledTexts(here, 'offers', raw.offers),
  };
}

export function validateMatchGuide(where: Where, value: unknown): GuideImage[] {
  return list<Raw<GuideImage>>(where, 'guides', value, { exact: 6 }).map((raw, index) => {
    const here = at(where, `guide ${index + 1}`);
    return { ...image(here, 'image', raw), caption: text(here, 'caption', raw.caption) };
  });
}
