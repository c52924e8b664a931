import type { Partner, PartnerType } from '../../src/types/club.js';
import { at, fail, httpUrl, list, localFile, text, type Where } from './checks.js';

export const PARTNER_TYPES: readonly PartnerType[] = ['major', 'classic', 'public', 'official', 'provider'];

export function validatePartners(where: Where, value: unknown): Partner[] {
  const seen = new Set<string>();
  return list<Partial<Record<keyof Partner, unknown>>>(where, 'partners', value, { min: 1 }).map((raw, index) => {
    const label = typeof raw.name === 'string' ? ` ("${raw.name}")` : '';
    const here = at(where, `partner ${index + 1}${label}`);
    const name = text(here, 'name', raw.name);
    if (seen.has(name)) fail(here, 'name', `"${name}" is listed twice`);
    seen.add(name);
    if (!PARTNER_TYPES.includes(raw.type as PartnerType)) {
      fail(here, 'type', `${JSON.stringify(raw.type)} is not one of ${PARTNER_TYPES.join(', ')}`);
    }
    const partner: Partner = { name, type: raw.type as PartnerType, link: httpUrl(here, 'link', raw.link) };
    if (raw.img !== undefined) partner.img = localFile(here, 'img', raw.img);
    return partner;
  });
}
