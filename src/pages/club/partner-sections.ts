import type { Partner, PartnerType } from '../../schemas/club.js';

export interface PartnerSection {
  type: PartnerType;
  title: string;
  partners: Partner[];
}

/** Spec 2.6: the sections of the partners page, in this order. */
export const PARTNER_SECTIONS: readonly { type: PartnerType; title: string }[] = [
  { type: 'major', title: 'Partenaires premium' },
  { type: 'public', title: 'Partenaires publics' },
  { type: 'official', title: 'Partenaires officiels' },
  { type: 'provider', title: 'Fournisseurs' },
  { type: 'classic', title: 'Partenaires' },
];

// French collation: 'Énergies' sorts with the E's, case and accents only break ties.
const byFrenchName = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Partners grouped by section in the spec's order, alphabetical within a section; empty sections left out. */
export function groupPartners(partners: readonly Partner[]): PartnerSection[] {
  return PARTNER_SECTIONS.map(({ type, title }) => ({
    type,
    title,
    partners: partners.filter((partner) => partner.type === type).sort((a, b) => byFrenchName.compare(a.name, b.name)),
  })).filter((section) => section.partners.length > 0);
}
