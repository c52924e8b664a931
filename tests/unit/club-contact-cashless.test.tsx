import { describe, expect, it } from 'vitest';
import { expandRoutes } from '../../src/routes.js';
import { expectSoundImages, renderPath, site, texts } from './render-page.js';

describe('contact page', () => {
  const { $ } = renderPath('/contact');

  it('shows address, e-mail, phone and the opening hours of the spec', () => {
    expect(texts($, 'h1')).toEqual(['Contact']);
    expect($('.contact address').text()).toBe('Saint-Quentin Basket-BallPalais des Sports Pierre-RatteRue Pierre-Ratte02100 Saint-Quentin');
    expect($('a[href="mailto:contact@sqbb.fr"]').text()).toBe('contact@sqbb.fr');
    expect($('a[href="tel:+33323642150"]').text()).toBe('03 23 64 21 50');
    const hours = $('.opening-hours div').map((_, row) => `${$(row).find('dt').text()} ${$(row).find('dd').text()}`).get();
    expect(hours).toEqual([
      'Lundi 9h-12h et 14h-18h',
      'Mardi 9h-12h et 14h-18h',
      'Mercredi 9h-11h',
      'Jeudi 9h-12h et 14h-18h',
      'Vendredi 9h-12h et 14h-18h',
    ]);
  });

  it('shows the map only on demand: a placeholder after the details, titled, with a link to OpenStreetMap and no frame', () => {
    expect($('iframe')).toHaveLength(0);
    const island = $('.contact-details ~ .contact-map [data-island="embed"]');
    expect(island).toHaveLength(1);
    const props = JSON.parse(island.attr('data-props') ?? '{}') as Record<string, string>;
    expect(props.title).toBe("Plan d’accès : Palais des Sports Pierre-Ratte, Rue Pierre-Ratte, 02100 Saint-Quentin");
    expect(props.frame).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[\d.]+%2C[\d.]+%2C[\d.]+%2C[\d.]+&layer=mapnik&marker=/);
    expect(island.find('.embed-title').text()).toBe(props.title);
    // Without JavaScript the placeholder is a link to the map on OpenStreetMap's site.
    expect(island.find('a.embed-button').attr('href')).toBe(props.link);
    expect(props.link).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    const open = $('a:contains("Ouvrir le plan dans OpenStreetMap")');
    expect(open.attr('target')).toBe('_blank');
    expect(open.attr('rel')).toBe('noopener');
  });
});

describe('cashless page', () => {
  const { $, head } = renderPath('/cashless');

  it('shows the logo, the top-up title and the sections in the order of the spec', () => {
    expect($('.cashless-top-up img').attr('src')).toBe('/images/club/cashless-logo.svg');
    expect(texts($, '.cashless h2')).toEqual([
      'Recharge ta carte ici',
      'Comment ça marche ?',
      "Qu’est-ce que le cashless ?",
      'Pourquoi recharger avant le match ?',
      'Bon à savoir',
      'Questions fréquentes',
    ]);
    expect(texts($, '.cashless-steps h3')).toEqual(['Je crée mon compte', 'Je recharge ma carte', 'Je profite du match']);
    expectSoundImages($);
  });

  it('holds the widget markup with a working link when the provider script is absent', () => {
    const widget = $('.cashless-widget .weezevent-widget-integration');
    expect(widget).toHaveLength(1);
    expect(widget.attr('href')).toBe('https://widget.weezevent.com/ticket/sqbb-cashless');
    expect($('.cashless-widget-fallback a').attr('href')).toBe('https://widget.weezevent.com/ticket/sqbb-cashless');
  });

  it('states the cashless facts of spec section 9', () => {
    const facts = texts($, '.club-facts li').join(' ');
    expect(facts).toContain('En ligne, la recharge se fait uniquement par carte bancaire.');
    expect(facts).toContain('par carte bancaire ou en espèces');
    expect(facts).toContain('QR code');
    expect(facts).toContain("bloquée sur simple demande par e-mail. Le blocage nécessite un compte cashless et le solde de la carte perdue n’est pas récupérable");
    expect(facts).toContain("une adresse e-mail, vos informations personnelles et le numéro inscrit au dos de la carte");
    expect(facts).toContain('Un code facultatif de 6 lettres');
  });

  it('shows the 8 FAQ questions as independent <details> and a contact line', () => {
    expect($('details.faq-item')).toHaveLength(8);
    expect($('details[name], details[open]')).toHaveLength(0);
    expect($('.cashless-contact a').attr('href')).toBe('mailto:cashless@sqbb.fr');
  });

  it('loads the provider script once, async, on this page only', () => {
    expect(head.scripts).toEqual([{ src: 'https://widget.weezevent.com/weez.js', async: true }]);
    const others = expandRoutes(site)
      .filter((instance) => instance.route.kind === 'page' && instance.path !== '/cashless')
      .filter((instance) => instance.route.kind === 'page' && (instance.route.render(site, instance.params).head.scripts ?? []).length > 0)
      .map((instance) => instance.path);
    expect(others).toEqual([]);
  });
});
