import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { groupPartners } from '../../src/pages/club/partner-sections.js';
import { PartnersPage } from '../../src/pages/club/PartnersPage.js';
import type { Partner } from '../../src/schemas/club.js';

/** Every type but 'official' (an empty type), out of order, accents and case that a naive sort gets wrong. */
const FIXTURE: Partner[] = [
  { name: 'Zénith Transports', type: 'classic', link: 'https://zenith.example/', img: '/images/partners/z.svg' },
  { name: 'Électricité Moreau', type: 'classic', link: 'https://moreau.example/', img: '/images/partners/e.svg' },
  { name: 'boulangerie Lecomte', type: 'classic', link: 'https://lecomte.example/' },
  { name: 'Eaux de Picardie', type: 'classic', link: 'https://eaux.example/', img: '/images/partners/eaux.svg' },
  { name: 'Fournil du Marché', type: 'provider', link: 'https://fournil.example/', img: '/images/partners/f.svg' },
  { name: 'Ville de Saint-Quentin', type: 'public', link: 'https://ville.example/', img: '/images/partners/v.svg' },
  { name: 'Agglo du Saint-Quentinois', type: 'public', link: 'https://agglo.example/' },
  { name: 'Desmarets Automobiles', type: 'major', link: 'https://desmarets.example/', img: '/images/partners/d.svg' },
];

function renderPage(partners: Partner[]) {
  return load(renderToString(<PartnersPage sections={groupPartners(partners)} />));
}

describe('partners page', () => {
  it('shows the sections in the spec order and hides the empty one', () => {
    const $ = renderPage(FIXTURE);
    const titles = $('.partner-section h2').map((_, element) => $(element).text()).get();
    expect(titles).toEqual(['Partenaires premium', 'Partenaires publics', 'Fournisseurs', 'Partenaires']);
    expect($('.partner-section h2:contains("Partenaires officiels")')).toHaveLength(0);
  });

  it('shows all five sections when every type has a partner', () => {
    const sections = groupPartners([...FIXTURE, { name: 'Ligue Nationale de Basket', type: 'official', link: 'https://lnb.example/' }]);
    expect(sections.map((section) => section.title)).toEqual([
      'Partenaires premium', 'Partenaires publics', 'Partenaires officiels', 'Fournisseurs', 'Partenaires',
    ]);
  });

  it('sorts partners by name in French order within a section', () => {
    const $ = renderPage(FIXTURE);
    // What a fan sees: the logo (named by its alt) or the name shown instead.
    const shown = (type: string) =>
      $(`.partner-grid-${type} li`).map((_, element) => $(element).find('img').attr('alt') ?? $(element).find('.partner-name').text()).get();
    const classic = shown('classic');
    expect(classic).toEqual(['boulangerie Lecomte', 'Eaux de Picardie', 'Électricité Moreau', 'Zénith Transports']);
    expect(shown('public')).toEqual(['Agglo du Saint-Quentinois', 'Ville de Saint-Quentin']);
  });

  it("links each logo to the partner's site in a new tab", () => {
    const $ = renderPage(FIXTURE);
    const links = $('.partner-card');
    expect(links).toHaveLength(FIXTURE.length);
    links.each((_, element) => {
      expect($(element).attr('target')).toBe('_blank');
      expect($(element).attr('rel')).toBe('noopener');
    });
    const desmarets = $('a[href="https://desmarets.example/"]');
    expect(desmarets.find('img').attr('src')).toBe('/images/partners/d.svg');
    expect(desmarets.find('img').attr('alt')).toBe('Desmarets Automobiles');
    expect(desmarets.find('img').attr('width')).toBe('240');
    expect(desmarets.find('img').attr('height')).toBe('120');
  });

  it('shows the name of a partner without a logo', () => {
    const $ = renderPage(FIXTURE);
    const agglo = $('a[href="https://agglo.example/"]');
    expect(agglo.find('img')).toHaveLength(0);
    expect(agglo.find('.partner-name').text()).toBe('Agglo du Saint-Quentinois');
  });

  it('renders no section at all without partners', () => {
    const $ = renderPage([]);
    expect($('.partner-section')).toHaveLength(0);
    expect($('h1').text()).toBe('Nos partenaires');
  });
});
