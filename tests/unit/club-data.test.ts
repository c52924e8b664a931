import { describe, expect, it } from 'vitest';
import { loadError, realData } from './data-fixture.js';

describe('the club data files', () => {
  const { club } = realData();

  it('load with the facts of the spec', () => {
    expect(club.palmares.map((title) => title.year)).toEqual([1987, 1993, 1995, 1999, 2001, 2012, 2019, 2023]);
    expect(club.practicalFaq).toHaveLength(7);
    expect(club.cashless.faq).toHaveLength(8);
    expect(club.supporterGroups).toHaveLength(2);
    expect(club.history.eras.map((era) => era.title)).toEqual(['Les débuts', "L’ère professionnelle"]);
    expect(club.stadium).toMatchObject({ capacity: 3500, seated: 3000, homeCapacity: 3800 });
    expect(club.matchGuide).toHaveLength(6);
  });

  it('fill every partner type and show a few partners by name only', () => {
    const types = new Set(club.partners.map((partner) => partner.type));
    expect([...types].sort()).toEqual(['classic', 'major', 'official', 'provider', 'public']);
    expect(club.partners.filter((partner) => !partner.img).length).toBeGreaterThanOrEqual(2);
    expect(club.partners.length).toBeGreaterThanOrEqual(20);
  });

  it("put the season's label in the menu", () => {
    const labels = club.menu.map((heading) => heading.label);
    expect(labels).toContain('Saison 25-26');
    expect(JSON.stringify(club.menu)).not.toContain('{saison}');
  });
});

describe('a malformed club file is named with its entry, field and rule', () => {
  it('a partner type outside the list', () => {
    expect(loadError('partners.json', (f) => { f.partners[2].type = 'gold'; })).toBe(
      'data/partners.json: partner 3 ("Saint-Quentin Logistique"): type "gold" is not one of "major", "classic", "public", "official", "provider"',
    );
  });

  it('a partner link that is not https (javascript: or plain http)', () => {
    expect(loadError('partners.json', (f) => { f.partners[0].link = 'javascript:alert(1)'; })).toBe(
      'data/partners.json: partner 1 ("Desmarets Automobiles"): link "javascript:alert(1)" is not an https URL',
    );
    expect(loadError('partners.json', (f) => { f.partners[0].link = 'http://www.desmarets-automobiles.fr/'; })).toBe(
      'data/partners.json: partner 1 ("Desmarets Automobiles"): link "http://www.desmarets-automobiles.fr/" is not an https URL',
    );
  });

  it('a logo that is not shipped in public/, or outside /images', () => {
    expect(loadError('partners.json', (f) => { f.partners[0].img = '/images/partners/absent.svg'; })).toBe(
      'data/partners.json: partner 1 ("Desmarets Automobiles"): img "/images/partners/absent.svg" does not exist in public/',
    );
    expect(loadError('partners.json', (f) => { f.partners[0].img = '/images/../../etc/passwd'; })).toBe(
      'data/partners.json: partner 1 ("Desmarets Automobiles"): img "/images/../../etc/passwd" is not a path under /images/',
    );
  });

  it('a history period with three images or a blank alt text', () => {
    expect(loadError('history.json', (f) => {
      const period = f.eras[1].periods[0];
      period.images = [period.images[0], period.images[0], period.images[0]];
    })).toBe('data/history.json: era 2: periods[0].images must hold at most 2 entries, not 3');
    expect(loadError('history.json', (f) => { f.eras[0].periods[1].images[1].alt = ' '; })).toBe(
      'data/history.json: era 1: periods[1].images[1].alt " " is empty: expected a non-empty text',
    );
  });

  it('palmarès titles out of order', () => {
    expect(loadError('palmares.json', (f) => { [f.titles[0], f.titles[1]] = [f.titles[1], f.titles[0]]; }).split('\n')[0]).toBe(
      'data/palmares.json: title 1: year 1993 is out of place: expected 1987 (titles in order 1987, 1993, 1995, 1999, 2001, 2012, 2019, 2023)',
    );
  });

  it('a FAQ with a missing answer, a misspelt field or the wrong number of questions', () => {
    expect(loadError('faq.json', (f) => { delete f.questions[4].answer; })).toBe('data/faq.json: question 5: answer is missing');
    expect(loadError('faq.json', (f) => { f.questions[0].answers = f.questions[0].answer; delete f.questions[0].answer; })).toBe(
      'data/faq.json: question 1: answer is missing\ndata/faq.json: question 1: has unknown field "answers"',
    );
    expect(loadError('cashless.json', (f) => { f.faq.pop(); })).toBe('data/cashless.json: cashless: faq must hold exactly 8 entries, not 7');
  });

  it('a FAQ link to a page that does not exist, or to words the answer does not have', () => {
    expect(loadError('faq.json', (f) => { f.questions[5].links[0].route = 'cashles'; })).toBe(
      'data/faq.json: question 6: links[0].route "cashles" is not a route id of the site (src/routes/route-paths.ts): did you mean "cashless"?',
    );
    expect(loadError('faq.json', (f) => { f.questions[5].links[0].text = 'la page Boutique'; })).toBe(
      'data/faq.json: question 6: links[0].text "la page Boutique" does not appear in the answer',
    );
  });

  it('a menu entry naming an unknown route, on one short line naming the heading', () => {
    expect(loadError('menu.json', (f) => { f.menu[0].groups[0].items[1].route = 'club-organigramme'; })).toBe(
      'data/menu.json: heading 1 ("Club"): groups[0].items[1].route "club-organigramme" is not a route id of the site (src/routes/route-paths.ts)',
    );
    expect(loadError('menu.json', (f) => { f.menu[3].route = 'nope'; })).toBe(
      'data/menu.json: heading 4 ("Actus"): route "nope" is not a route id of the site (src/routes/route-paths.ts)',
    );
  });

  it('a menu entry of no known shape, named by its fields', () => {
    expect(loadError('menu.json', (f) => { f.menu[3] = { label: 'Actus', href: '/actualites/' }; })).toBe(
      'data/menu.json: heading 4 ("Actus"): an entry with the fields "label", "href" matches none of the allowed shapes',
    );
  });

  it('contact details a browser could not use', () => {
    expect(loadError('contact.json', (f) => { f.phoneE164 = '03 23 64 21 50'; })).toBe(
      'data/contact.json: contact: phoneE164 "03 23 64 21 50" is not an international phone number',
    );
    expect(loadError('contact.json', (f) => { f.email = 'contact-at-sqbb'; })).toBe('data/contact.json: contact: email "contact-at-sqbb" is not an e-mail address');
  });

  it('a stadium with more seats than places', () => {
    expect(loadError('stadium.json', (f) => { f.seated = 4000; })).toBe('data/stadium.json: stadium: seated 4000 exceeds the capacity 3500');
  });

  it('a file that is not JSON', () => {
    expect(loadError('contact.json', () => '{ "organisation": "SQBB", }')).toMatch(/^data\/contact\.json: cannot be read as JSON: /);
  });
});
