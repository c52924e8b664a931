import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HomeHistory, loadHomeHistory } from '../../src/pages/home/sections/HomeHistory.js';
import { HomePartnerBanner, loadHomePartnerBanner } from '../../src/pages/home/sections/HomePartnerBanner.js';
import { plainSpaces } from '../../src/lib/typography.js';
import { expectSoundImages, renderPath, site, texts } from './render-page.js';

describe('practical information', () => {
  const { $ } = renderPath('/club/info-pratiques/general');

  it('shows the 7 questions as independent, closed <details>', () => {
    const items = $('details.faq-item');
    expect(items).toHaveLength(7);
    items.each((_, element) => {
      expect($(element).attr('open')).toBeUndefined();
      // A shared name would make opening one question close the others.
      expect($(element).attr('name')).toBeUndefined();
    });
    expect(texts($, 'details > summary')[0]).toBe('Comment acheter mes places pour un match ?');
    expect(texts($, 'details > summary')[6]).toBe('Le Palais des Sports est-il accessible aux personnes à mobilité réduite ?');
  });
});

describe('stadium', () => {
  for (const path of ['/club/info-pratiques/stade', '/stade']) {
    it(`${path} states capacity, history, address and the 2023-2024 prices`, () => {
      const { $ } = renderPath(path);
      expect(texts($, 'h1')).toEqual(['Le stade']);
      expect($('.stadium-intro .club-lead').text()).toBe('Capacité : 3500 personnes, dont 3000 places assises.');
      expect(texts($, '.stadium h2')).toEqual(['Histoire', 'Adresse', 'Billetterie']);
      expect($('.stadium address').text()).toBe('Palais des Sports Pierre-RatteRue Pierre-Ratte02100 Saint-Quentin');
      expect($('.price-table caption').text()).toBe('Tarifs · Championnat 2023-2024');
      const rows = $('.price-table tbody tr').map((_, row) => [$(row).children().map((__, cell) => $(cell).text()).get()]).get();
      expect(rows).toEqual([
        ['Tribune centrale', '15 euros', '12 euros'],
        ['Tribune latérale', '12 euros', '10 euros'],
        ['Enfants de 6 à 12 ans', '5 euros', '-'],
        ['Enfants de 5 ans et moins', 'Gratuit', '-'],
      ]);
      expect(texts($, '.ticket-notes li')).toEqual([
        "Tarif réduit : étudiants, jeunes de 13 à 18 ans et demandeurs d’emploi, sur présentation d’un justificatif.",
        "Enfants de 5 ans et moins : entrée gratuite, assis sur les genoux d’un adulte ; l’âge doit pouvoir être justifié.",
        'Le lien de la billetterie est publié sur nos réseaux sociaux à 18h30, deux jours avant le match.',
      ]);
      expectSoundImages($);
    });
  }

  it('makes /stade an alias of the stadium page', () => {
    expect(renderPath('/stade').aliasOf).toBe('stadium');
  });
});

describe('competitions', () => {
  it('describes the league format', () => {
    const { $ } = renderPath('/equipe/competitions/betclics');
    expect(texts($, 'h1')).toEqual(['Betclic Elite']);
    expect(texts($, '.club-facts li')).toEqual([
      '18 clubs disputent la saison régulière en matchs aller et retour.',
      'Les 8 premiers sont qualifiés pour les playoffs.',
      'Quarts de finale et demi-finales se jouent au meilleur des 3 matchs.',
      'La finale se joue au meilleur des 5 matchs.',
      'Les deux derniers de la saison régulière sont relégués en Pro B.',
    ]);
    expect($('a[href="/equipe/match/calendrier/"]').text()).toBe('Voir le calendrier');
    expectSoundImages($);
  });

  it('describes the Leaders Cup format', () => {
    const { $ } = renderPath('/equipe/competitions/leaders-cup');
    expect(texts($, 'h1')).toEqual(['Leaders Cup']);
    expect(texts($, '.club-facts li')).toEqual([
      'Les 8 premiers du classement à la fin de la phase aller sont qualifiés.',
      'La compétition se déroule sur 3 jours : quarts de finale, demi-finales et finale.',
      'Chaque tour se joue en un match unique.',
    ]);
  });

  it('describes the Coupe de France', () => {
    const { $ } = renderPath('/equipe/competitions/cdf');
    expect(texts($, 'h1')).toEqual(['Coupe de France']);
    expect($('.club-lead').text()).toContain('élimination directe');
  });
});

describe('partners and partnership', () => {
  it('fills the five sections from the real data, in order', () => {
    const { $ } = renderPath('/partenaires/nos-partenaires');
    expect(texts($, '.partner-section h2')).toEqual([
      'Partenaires premium', 'Partenaires publics', 'Partenaires officiels', 'Fournisseurs', 'Partenaires',
    ]);
    expect($('.partner-name').length).toBeGreaterThanOrEqual(2);
    expectSoundImages($);
  });

  for (const path of ['/partenaires/devenir-partenaire', '/devenir-partenaire']) {
    it(`${path} pitches the partnership and links to /contact`, () => {
      const { $ } = renderPath(path);
      expect(texts($, 'h1')).toEqual(['Devenir partenaire']);
      expect(texts($, '.benefit-box h3')).toEqual(['Visibilité', 'Réseau', 'Hospitalité', 'Engagement']);
      expect($('a[href="/contact/"]').text()).toBe('Nous contacter');
    });
  }

  it('makes /devenir-partenaire an alias', () => {
    expect(renderPath('/devenir-partenaire').aliasOf).toBe('become-partner');
  });
});

describe('match guide', () => {
  it('shows six captioned guide images', () => {
    const { $ } = renderPath('/guides/match');
    expect($('.guide-grid img')).toHaveLength(6);
    expect(texts($, '.guide-grid figcaption')).toEqual([
      'Acheter sa place', 'Venir au Palais des Sports', 'Ouverture des portes', 'Buvette et cashless', 'Trouver sa place', "L’ambiance du match",
    ]);
    expectSoundImages($);
  });
});

describe('home sections of the club pages', () => {
  it("teases the history with 'Notre histoire', the 3800-seat arena and 'En savoir plus'", () => {
    const $ = load(plainSpaces(renderToString(<HomeHistory {...loadHomeHistory(site)} />)));
    expect($('h2').text()).toBe('Notre histoire');
    expect($('.home-history-text').text()).toContain('3800 places');
    const more = $('a:contains("En savoir plus")');
    expect(more.text()).toBe('En savoir plus');
    expect(more.attr('href')).toBe('/club/histoire/saint-quentin/');
    expectSoundImages($);
  });

  it("shows 'Devenez partenaire' with four benefit boxes and its button", () => {
    const html = renderToString(<HomePartnerBanner {...loadHomePartnerBanner(site)} />);
    // The spec's words, with the narrow no-break space French puts before '?' (issue 33).
    expect(html).toContain('Comment devenir partenaire\u202f?');
    const $ = load(plainSpaces(html));
    expect($('h2').text()).toBe('Devenez partenaire');
    expect($('.benefit-box')).toHaveLength(4);
    const button = $('a.btn');
    expect(button.text()).toBe('Comment devenir partenaire ?');
    expect(button.attr('href')).toBe('/partenaires/devenir-partenaire/');
  });
});
