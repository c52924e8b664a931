import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicDir } from '../../data/project-root.js';
import { renderPath } from './render-page.js';
import { makeSite } from './site-fixture.js';

describe('an ongoing career period (issue 17.4)', () => {
  it('reads "depuis 2023", never "2023–—"', () => {
    const { $ } = renderPath('/equipe/pro/joueurs/details/1');
    const years = $('#joueur-carriere .player-career-years').map((_, element) => $(element).text()).get();
    expect(years).toContain('depuis 2023');
    expect(years).toContain('2019–2023');
    expect($('#joueur-carriere').text()).not.toContain('—');
    expect($('#joueur-carriere li').filter((_, element) => $(element).text().startsWith('depuis 2023')).text()).toBe(
      'depuis 2023 Saint-Quentin Basket-Ball (Betclic Elite)',
    );
  });
});

describe('the practical FAQ links the pages it mentions (issue 17.5)', () => {
  const { $ } = renderPath('/club/info-pratiques/general');
  const answer = (question: string) => $('details.faq-item').filter((_, element) => $(element).find('summary').text() === question).find('.faq-answer');

  it('"la page Cashless" goes to the cashless page', () => {
    const link = answer('Comment payer à la buvette et à la boutique ?').find('a');
    expect(link.text()).toBe('la page Cashless');
    expect(link.attr('href')).toBe('/cashless/');
    expect(link.parent().text()).toBe('Toutes les explications sont sur la page Cashless du site.');
  });

  it('"la page Contact" goes to the contact page, the sentence around it unchanged', () => {
    const link = answer('Le Palais des Sports est-il accessible aux personnes à mobilité réduite ?').find('a');
    expect(link.text()).toBe('la page Contact');
    expect(link.attr('href')).toBe('/contact/');
    expect(link.parent().text()).toContain("écrivez-nous à l’adresse indiquée sur la page Contact au moins 48 heures avant le match.");
  });
});

describe('team logos are files of the site (issue 17.7)', () => {
  for (const [page, now] of [['/', '2026-01-15T12:00:00Z'], ['/equipe/match/calendrier', '2026-01-15T12:00:00Z']] as const) {
    it(`${page}: every logo, in the HTML and in the island props, is shipped in public/`, () => {
      const { $ } = renderPath(page, makeSite({ builtAt: new Date(now) }));
      const logos = $('img.team-logo').map((_, element) => $(element).attr('src') ?? '').get();
      expect(logos.length).toBeGreaterThan(1);
      for (const src of logos) {
        expect(src, src).toMatch(/^\/images\//);
        expect(existsSync(path.join(publicDir(), src)), `${src} is shipped`).toBe(true);
      }
      const props = $('[data-props]').map((_, element) => $(element).attr('data-props') ?? '').get().join('\n');
      expect(props).toContain('TeamLogo');
      expect(props).not.toMatch(/TeamLogo":"https?:/);
    });
  }
});
