import type { LegalData, LegalPageContent } from '../src/schemas/legal.js';
import { warning, type BuildWarning } from './warnings.js';

/**
 * French law (LCEN, art. 6) wants the legal notice to name the publisher and the host (name,
 * address, phone). data/legal/legal.json ships with values the club must confirm (`"aConfirmer":
 * true`) and no host: fine for a local build, said on one line by a build for a public address.
 * HOST_FACTS: the host's facts the notice must give, by their label in the 'hebergement' section.
 */
const HOST_FACTS: readonly { what: string; label: RegExp }[] = [
  { what: 'name', label: /^hébergeur$/i },
  { what: 'address', label: /adresse/i },
  { what: 'phone', label: /téléphone/i },
];

/** What the data says when it does not know. */
const UNKNOWN = /^non (communiqu|désign|renseign)/i;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** A site URL on this machine (tests, `npm start`): no one reads its legal notice. */
export function isLocalSiteUrl(siteUrl: string): boolean {
  const host = URL.parse(siteUrl)?.hostname ?? '';
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Values still to confirm, and which of the host's facts are missing or unknown. */
export function legalGaps(legal: LegalData): { toConfirm: number; hostMissing: string[] } {
  const pages: LegalPageContent[] = [legal.mentionsLegales, legal.confidentialite];
  const toConfirm = pages
    .flatMap((page) => page.sections)
    .reduce((count, section) => count + [...section.facts, ...section.items].filter((entry) => entry.aConfirmer).length, 0);
  const hostFacts = legal.mentionsLegales.sections.find((section) => section.id === 'hebergement')?.facts ?? [];
  const hostMissing = HOST_FACTS.filter(({ label }) => {
    const fact = hostFacts.find((entry) => label.test(entry.label));
    return !fact || fact.aConfirmer || UNKNOWN.test(fact.value);
  }).map(({ what }) => what);
  return { toConfirm, hostMissing };
}

/** One warning for a public build whose legal data is not complete yet; none for a local one. */
export function legalDataWarnings(legal: LegalData, siteUrl: string | undefined): BuildWarning[] {
  if (siteUrl === undefined || isLocalSiteUrl(siteUrl)) return [];
  const { toConfirm, hostMissing } = legalGaps(legal);
  const gaps = [
    ...(toConfirm > 0 ? [`${toConfirm} value(s) still marked "aConfirmer"`] : []),
    ...(hostMissing.length > 0 ? [`the host's ${hostMissing.join(', ')} missing`] : []),
  ];
  if (gaps.length === 0) return [];
  return [warning('legal-data-incomplete', `data/legal/legal.json: ${gaps.join('; ')}: the legal notice of ${siteUrl} is incomplete (LCEN art. 6), the club fills in this file`)];
}
