import type { ClubHistory, HistoryPeriod, OrganisationUnit, PalmaresEntry, SupporterGroup } from '../../src/types/club.js';
import { at, fail, httpUrl, image, integer, list, optionalText, text, texts, type Where } from './checks.js';

type Raw<T> = Partial<Record<keyof T, unknown>>;

/** The titles the spec lists (2.3), in the order the timeline shows them. */
export const PALMARES_YEARS = [1987, 1993, 1995, 1999, 2001, 2012, 2019, 2023] as const;

export function validateHistory(where: Where, value: unknown): ClubHistory {
  const raw = (value ?? {}) as Raw<ClubHistory>;
  const top = at(where, 'history');
  const pageTitle = (raw.pageTitle ?? {}) as Raw<ClubHistory['pageTitle']>;
  const eras = list<Raw<ClubHistory['eras'][number]>>(top, 'eras', raw.eras, { exact: 2 }).map((era, eraIndex) => {
    const eraWhere = at(where, `era ${eraIndex + 1}`);
    const periods = list<Raw<HistoryPeriod>>(eraWhere, 'periods', era.periods, { min: 1 }).map((period, index) =>
      validatePeriod(at(where, `era ${eraIndex + 1}, period ${index + 1}`), period),
    );
    return { title: text(eraWhere, 'title', era.title), periods };
  });
  const teaser = (raw.teaser ?? {}) as Raw<ClubHistory['teaser']>;
  const chart = (raw.organisationChart ?? {}) as Raw<ClubHistory['organisationChart']>;
  const chartWhere = at(where, 'organisationChart');
  return {
    pageTitle: { title: text(top, 'pageTitle.title', pageTitle.title), subtitle: text(top, 'pageTitle.subtitle', pageTitle.subtitle) },
    eras,
    teaser: {
      paragraphs: texts(at(where, 'teaser'), 'paragraphs', teaser.paragraphs),
      image: image(at(where, 'teaser'), 'image', teaser.image),
    },
    organisationChart: {
      image: image(chartWhere, 'image', chart.image),
      units: list<unknown>(chartWhere, 'units', chart.units, { min: 1 }).map((unit, index) => validateUnit(chartWhere, `units[${index}]`, unit)),
    },
  };
}

function validatePeriod(where: Where, raw: Raw<HistoryPeriod>): HistoryPeriod {
  const images = list<unknown>(where, 'images', raw.images, { min: 1 });
  if (images.length > 2) fail(where, 'images', `must hold one or two images, not ${images.length}`);
  const period: HistoryPeriod = {
    title: text(where, 'title', raw.title),
    date: text(where, 'date', raw.date),
    images: images.map((img, index) => image(where, `images[${index}]`, img)) as HistoryPeriod['images'],
    paragraphs: texts(where, 'paragraphs', raw.paragraphs),
  };
  const legend = optionalText(where, 'photoLegend', raw.photoLegend);
  if (legend) period.photoLegend = legend;
  return period;
}

function validateUnit(where: Where, field: string, value: unknown): OrganisationUnit {
  const raw = (value ?? {}) as Raw<OrganisationUnit>;
  const unit: OrganisationUnit = { role: text(where, `${field}.role`, raw.role), people: texts(where, `${field}.people`, raw.people) };
  if (raw.children !== undefined) {
    unit.children = list<unknown>(where, `${field}.children`, raw.children, { min: 1 }).map((child, index) =>
      validateUnit(where, `${field}.children[${index}]`, child),
    );
  }
  return unit;
}

export function validatePalmares(where: Where, value: unknown): PalmaresEntry[] {
  return list<Raw<PalmaresEntry>>(where, 'titles', value, { exact: PALMARES_YEARS.length }).map((raw, index) => {
    const here = at(where, `title ${index + 1}`);
    const year = integer(here, 'year', raw.year, 1900);
    if (year !== PALMARES_YEARS[index]) fail(here, 'year', `${year} is out of place: expected ${PALMARES_YEARS[index]} (titles in order ${PALMARES_YEARS.join(', ')})`);
    return {
      year,
      title: text(here, 'title', raw.title),
      date: text(here, 'date', raw.date),
      text: text(here, 'text', raw.text),
      image: image(here, 'image', raw.image),
    };
  });
}

function presidentTitle(where: Where, value: unknown): SupporterGroup['presidentTitle'] {
  if (value !== 'Président' && value !== 'Présidente') fail(where, 'presidentTitle', `${JSON.stringify(value)} is not 'Président' or 'Présidente'`);
  return value;
}

export function validateSupporterGroups(where: Where, value: unknown): SupporterGroup[] {
  return list<Raw<SupporterGroup>>(where, 'groups', value, { exact: 2 }).map((raw, index) => {
    const here = at(where, `group ${index + 1}`);
    const group: SupporterGroup = {
      name: text(here, 'name', raw.name),
      president: text(here, 'president', raw.president),
      presidentTitle: presidentTitle(here, raw.presidentTitle),
      founded: integer(here, 'founded', raw.founded, 1900),
      presentation: texts(here, 'presentation', raw.presentation),
      image: image(here, 'image', raw.image),
    };
    if (raw.link !== undefined) group.link = httpUrl(here, 'link', raw.link);
    return group;
  });
}
