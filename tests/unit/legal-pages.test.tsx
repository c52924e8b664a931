import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { LegalDataError, parseLegalData } from '../../data/legal/index.js';
import { SiteFooter } from '../../src/components/layout/SiteFooter.js';
import { renderPath, texts } from './render-page.js';

const raw = () => JSON.parse(readFileSync('data/legal/legal.json', 'utf8')) as Record<string, unknown> & { mentionsLegales: { sections: Record<string, unknown>[] } };

describe('legal notice', () => {
  const { $, head } = renderPath('/mentions-legales');

  it('names the publisher, the director of publication and the host', () => {
    expect(texts($, 'h1')).toEqual(['Mentions légales']);
    expect(head.title).toBe('Mentions légales');
    expect(texts($, '.legal h2')).toEqual(expect.arrayContaining(['Éditeur du site', 'Directeur de la publication', 'Hébergement']));
    const facts = new Map($('.legal-facts div').map((_, row) => [[$(row).find('dt').text(), $(row).find('dd').text()]]).get() as [string, string][]);
    expect(facts.get('Dénomination')).toBe('SASP Saint-Quentin Basket-Ball (à confirmer par le club)');
    expect(facts.get('Siège social')).toContain('02100 Saint-Quentin');
    expect(facts.get('Immatriculation')).toContain('(à confirmer par le club)');
    expect(facts.get('Directeur de la publication')).toContain('(à confirmer par le club)');
    expect(facts.get('Hébergeur')).toContain('(à confirmer par le club)');
    // A confirmed value carries no marker.
    expect(facts.get('E-mail')).toBe('contact@sqbb.fr');
    expect($('a[href="/confidentialite/"]').text()).toBe('Politique de confidentialité et cookies');
  });
});

describe('privacy policy', () => {
  const { $ } = renderPath('/confidentialite');

  it('says what the site and each embedded service process', () => {
    expect(texts($, 'h1')).toEqual(['Politique de confidentialité et cookies']);
    const body = $('.legal').text();
    expect(body).toContain('ne dépose aucun cookie');
    expect(body).toContain('WordPress');
    expect(body).toContain('Weezevent');
    expect(body).toContain('youtube-nocookie.com');
    expect(body).toContain('adresse IP');
    expect(texts($, '.legal h2')).toEqual(expect.arrayContaining(['Journaux du serveur', "Vidéos, publications et plan d’accès", 'Recharge de la carte cashless', 'Vos droits']));
    // Third-party policies open in a new tab and say so.
    $('.legal a[target="_blank"]').each((_, link) => {
      expect($(link).attr('href')).toMatch(/^https:\/\//);
      expect($(link).find('.visually-hidden').text()).toBe(' (nouvel onglet)');
    });
    expect($('time').attr('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect($('a[href="/mentions-legales/"]').text()).toBe('Mentions légales');
  });
});

describe('legal data', () => {
  it('links both pages from the footer of every page', () => {
    const $ = load(renderToString(<SiteFooter season="Saison 25-26" />));
    expect($('footer a[href="/mentions-legales/"]').text()).toBe('Mentions légales');
    expect($('footer a[href="/confidentialite/"]').text()).toBe('Confidentialité et cookies');
  });

  it('refuses a malformed file with the field at fault', () => {
    const missing = raw();
    delete missing.updatedOn;
    expect(() => parseLegalData(missing)).toThrow(LegalDataError);
    expect(() => parseLegalData(missing)).toThrow(/^data\/legal\/legal\.json: updatedOn: /);

    const badLink = raw();
    badLink.mentionsLegales.sections[0] = { id: 'editeur', title: 'Éditeur', facts: [{ label: 'Site', value: 'x', href: 'javascript:alert(1)' }] };
    expect(() => parseLegalData(badLink)).toThrow(/mentionsLegales\.sections\.0\.facts\.0\.href/);

    const duplicate = raw();
    duplicate.mentionsLegales.sections.push({ ...duplicate.mentionsLegales.sections[0] });
    expect(() => parseLegalData(duplicate)).toThrow(/two sections share an id/);
  });
});
