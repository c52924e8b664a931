import { describe, expect, it } from 'vitest';
import { loadLegalData } from '../../data/legal/index.js';
import { isLocalSiteUrl, legalDataWarnings, legalGaps } from '../../build/legal-completeness.js';
import { loadStaticData } from '../../build/static-data.js';
import { groupWarnings } from '../../build/warnings.js';
import type { LegalData } from '../../src/schemas/legal.js';

const shipped = loadLegalData();

/** The shipped data with every value confirmed and the host named. */
function completed(): LegalData {
  const legal = structuredClone(shipped);
  for (const page of [legal.mentionsLegales, legal.confidentialite]) {
    for (const section of page.sections) {
      for (const entry of [...section.facts, ...section.items]) entry.aConfirmer = false;
    }
  }
  const host = legal.mentionsLegales.sections.find((section) => section.id === 'hebergement');
  if (!host) throw new Error('no hebergement section');
  host.facts = [
    { label: 'Hébergeur', value: 'OVH SAS', aConfirmer: false },
    { label: "Adresse de l'hébergeur", value: '2 rue Kellermann, 59100 Roubaix', aConfirmer: false },
    { label: "Téléphone de l'hébergeur", value: '1007', aConfirmer: false },
  ];
  return legal;
}

describe('legal data completeness (LCEN art. 6)', () => {
  it('tells local site URLs from public ones', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:4173', 'http://[::1]:8080/', 'http://sqbb.localhost']) expect(isLocalSiteUrl(url), url).toBe(true);
    for (const url of ['https://www.sqbb.fr', 'https://sqbb.example/club/', 'http://192.168.1.10']) expect(isLocalSiteUrl(url), url).toBe(false);
  });

  it('counts the shipped placeholders and sees that the host is not named', () => {
    const gaps = legalGaps(shipped);
    expect(gaps.toConfirm).toBeGreaterThan(10);
    expect(gaps.hostMissing).toEqual(['name', 'address', 'phone']);
  });

  it('warns once, on one line, for a public build while placeholders remain', () => {
    const warnings = legalDataWarnings(shipped, 'https://www.sqbb.fr');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.kind).toBe('legal-data-incomplete');
    const [line] = groupWarnings(warnings);
    expect(line).toMatch(/^data\/legal\/legal\.json: \d+ value\(s\) still marked "aConfirmer"; the host's name, address, phone missing: the legal notice of https:\/\/www\.sqbb\.fr is incomplete/);
  });

  it("is among the data's warnings of a build for a public address (the report lists them)", () => {
    const now = new Date('2025-10-01T12:00:00Z');
    expect(loadStaticData({ now, siteUrl: 'https://www.sqbb.fr' }).warnings.filter((entry) => entry.kind === 'legal-data-incomplete')).toHaveLength(1);
    expect(loadStaticData({ now, siteUrl: 'http://localhost:8080' }).warnings.filter((entry) => entry.kind === 'legal-data-incomplete')).toEqual([]);
  });

  it('stays quiet for a local build, and once the club has filled the file in', () => {
    expect(legalDataWarnings(shipped, 'http://127.0.0.1:4173')).toEqual([]);
    expect(legalDataWarnings(shipped, undefined)).toEqual([]);
    expect(legalGaps(completed())).toEqual({ toConfirm: 0, hostMissing: [] });
    expect(legalDataWarnings(completed(), 'https://www.sqbb.fr')).toEqual([]);
  });

  it('names only what is missing: a host without a phone', () => {
    const legal = completed();
    const host = legal.mentionsLegales.sections.find((section) => section.id === 'hebergement');
    if (host) host.facts = host.facts.filter((fact) => !/Téléphone/.test(fact.label));
    expect(legalDataWarnings(legal, 'https://www.sqbb.fr')[0]?.message).toMatch(/^data\/legal\/legal\.json: the host's phone missing:/);
  });
});
