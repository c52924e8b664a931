import { describe, expect, it } from 'vitest';
import { expectSoundImages, renderPath, texts } from './render-page.js';

describe('history page', () => {
  const { $ } = renderPath('/club/histoire/saint-quentin');

  it("is titled 'Histoire du club' and shows both eras in order", () => {
    expect(texts($, 'h1')).toEqual(['Histoire du club']);
    expect(texts($, '.history-era > h2')).toEqual(['Les débuts', "L’ère professionnelle"]);
  });

  it('shows each era\'s dated periods in order, with title, date, images and paragraphs', () => {
    const firstEra = $('.history-era').first();
    expect(firstEra.find('.history-period h3').map((_, el) => $(el).text()).get()).toEqual([
      'Le basket arrive dans le Vermandois',
      'La salle Jean-Bouin et les premières montées',
      "L’ascension nationale",
    ]);
    expect(firstEra.find('.history-date').map((_, el) => $(el).text()).get()).toEqual(['1948–1965', '1965–1986', '1987–2001']);
    const second = firstEra.find('.history-period').eq(1);
    expect(second.find('figure img')).toHaveLength(2);
    expect(second.find('figcaption')).toHaveLength(0);
    expect(second.find('p').length).toBeGreaterThanOrEqual(3);
    const lastEra = $('.history-era').last();
    expect(lastEra.find('.history-date').map((_, el) => $(el).text()).get()).toEqual(['2001–2012', '2012–2019', "2023 – aujourd’hui"]);
  });

  it('shows the optional photo legend under the images', () => {
    expect($('.history-period').first().find('figcaption').text()).toBe(
      "L’équipe première lors d’un match en plein air, au début des années 1950.",
    );
  });

  it('gives every image alt, width and height, lazy below the first period', () => {
    expectSoundImages($);
    expect($('img').first().attr('loading')).toBeUndefined();
    expect($('img').last().attr('loading')).toBe('lazy');
  });
});

describe('organisation chart', () => {
  const { $ } = renderPath('/club/histoire/organisation');

  it('shows the chart image with a text alternative', () => {
    expect(texts($, 'h1')).toEqual(['Organigramme']);
    expect($('.org-chart img').attr('src')).toBe('/images/club/organigramme.svg');
    expectSoundImages($);
    expect($('.org-list > li > strong').first().text()).toBe('Président');
    expect(texts($, 'section > .org-list > li > .org-list > li > strong')).toEqual(['Direction générale', 'Direction sportive']);
  });
});

describe('palmarès', () => {
  const { $ } = renderPath('/club/histoire/palmares');

  it('lists the eight titles of the spec, oldest first', () => {
    expect(texts($, '.timeline-year')).toEqual(['1987', '1993', '1995', '1999', '2001', '2012', '2019', '2023']);
    expect(texts($, '.timeline-item h2')[0]).toBe('Champion de France de Nationale 3');
    expect(texts($, '.timeline-item h2')[7]).toBe('Champion de France de Pro B');
    expect($('.timeline-item').first().find('.timeline-date').text()).toBe('Mai 1987');
    expectSoundImages($);
  });
});

describe('supporters', () => {
  for (const [path, title] of [
    ['/club/vie-du-club/groupes-supporters', 'Groupes de supporters'],
    ['/club/histoire/clubs-supportaires', 'Clubs supporters'],
  ] as const) {
    it(`${path} shows the two groups with their presidents and presentation`, () => {
      const { $ } = renderPath(path);
      expect(texts($, 'h1')).toEqual([title]);
      expect(texts($, '.supporter-group h2')).toEqual(['Les Fous du Palais', 'Allez Saint-Quentin']);
      expect(texts($, '.supporter-meta')).toEqual(['Président : Julien Lemaire · Depuis 1994', 'Présidente : Martine Caron · Depuis 2009']);
      expect($('.supporter-group').first().find('p').length).toBe(4);
      expectSoundImages($);
    });
  }

  it('shows only the title banner for the volunteers', () => {
    const { $ } = renderPath('/club/vie-du-club/benevoles');
    expect(texts($, 'h1')).toEqual(['Bénévoles']);
    expect($('section, p, img')).toHaveLength(0);
  });
});

describe('placeholders', () => {
  for (const path of ['/club/photos/cultes', '/club/photos/legendes', '/boutique', '/siege', '/accreditation', '/evenement', '/guides/acces-stade', '/equipe/match/resultats']) {
    it(`${path} shows the under-construction texts`, () => {
      const { $ } = renderPath(path);
      expect($('h1')).toHaveLength(1);
      expect($('h2').text()).toBe('Retrouvez-nous plus tard');
      expect($('.under-construction p').text()).toBe('Page en construction ...');
    });
  }
});
