import { describe, expect, it } from 'vitest';
import { CLUB_SOURCES, ClubDataError, loadClubData, type ClubSources } from '../../data/club/index.js';

// Malformed input is off-type by definition, so the cases edit an untyped copy.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Editable = { [K in keyof ClubSources]: any };

/** A deep copy of the real sources with one change, so each case breaks exactly one field. */
function sourcesWith(change: (sources: Editable) => void): ClubSources {
  const copy = structuredClone(CLUB_SOURCES) as Editable;
  change(copy);
  return copy;
}

function loadError(sources: ClubSources): string {
  try {
    loadClubData(sources);
  } catch (error) {
    expect(error).toBeInstanceOf(ClubDataError);
    return (error as Error).message;
  }
  throw new Error('expected the club data to be rejected');
}

describe('static club data', () => {
  const club = loadClubData();

  it('loads the real data with the facts of the spec', () => {
    expect(club.palmares.map((title) => title.year)).toEqual([1987, 1993, 1995, 1999, 2001, 2012, 2019, 2023]);
    expect(club.practicalFaq).toHaveLength(7);
    expect(club.cashless.faq).toHaveLength(8);
    expect(club.supporterGroups).toHaveLength(2);
    expect(club.history.eras.map((era) => era.title)).toEqual(['Les débuts', "L'ère professionnelle"]);
    expect(club.stadium).toMatchObject({ capacity: 3500, seated: 3000, homeCapacity: 3800 });
    expect(club.matchGuide).toHaveLength(6);
  });

  it('fills every partner type and shows a few partners by name only', () => {
    const types = new Set(club.partners.map((partner) => partner.type));
    expect([...types].sort()).toEqual(['classic', 'major', 'official', 'provider', 'public']);
    const withoutLogo = club.partners.filter((partner) => !partner.img);
    expect(withoutLogo.length).toBeGreaterThanOrEqual(2);
    expect(club.partners.length).toBeGreaterThanOrEqual(20);
  });

  it('names the file, the partner and the field of a bad partner type', () => {
    const message = loadError(sourcesWith((s) => { s.partners[2].type = 'gold'; }));
    expect(message).toBe(
      'data/club/partners.ts: partner 3 ("Saint-Quentin Logistique"): type "gold" is not one of major, classic, public, official, provider',
    );
  });

  it('rejects a partner link that is not an http(s) URL', () => {
    const message = loadError(sourcesWith((s) => { s.partners[0].link = 'javascript:alert(1)'; }));
    expect(message).toBe('data/club/partners.ts: partner 1 ("Desmarets Automobiles"): link "javascript:alert(1)" is not an http(s) URL');
  });

  it('rejects a logo that is not shipped in public/', () => {
    const message = loadError(sourcesWith((s) => { s.partners[0].img = '/images/partners/absent.svg'; }));
    expect(message).toBe('data/club/partners.ts: partner 1 ("Desmarets Automobiles"): img "/images/partners/absent.svg" does not exist in public/');
  });

  it('rejects a history period with three images or no alt text', () => {
    const three = loadError(sourcesWith((s) => {
      const period = s.history.eras[1].periods[0];
      period.images = [period.images[0], period.images[0], period.images[0]];
    }));
    expect(three).toBe('data/club/history.ts: era 2, period 1: images must hold one or two images, not 3');
    const noAlt = loadError(sourcesWith((s) => { s.history.eras[0].periods[1].images[1].alt = ' '; }));
    expect(noAlt).toBe('data/club/history.ts: era 1, period 2: images[1].alt " " is not valid: expected a non-empty text');
  });

  it('rejects palmarès titles out of order', () => {
    const message = loadError(sourcesWith((s) => { [s.palmares[0], s.palmares[1]] = [s.palmares[1], s.palmares[0]]; }));
    expect(message).toBe('data/club/palmares.ts: title 1: year 1993 is out of place: expected 1987 (titles in order 1987, 1993, 1995, 1999, 2001, 2012, 2019, 2023)');
  });

  it('rejects a FAQ with a missing answer or the wrong number of questions', () => {
    const noAnswer = loadError(sourcesWith((s) => { delete s.practicalFaq[4].answer; }));
    expect(noAnswer).toBe('data/club/practical-faq.ts: question 5: answer must be a list of at least 1 text(s)');
    const seven = loadError(sourcesWith((s) => { s.cashless.faq.pop(); }));
    expect(seven).toBe('data/club/cashless.ts: cashless: questions must hold exactly 8 entries, not 7');
  });

  it('rejects contact details a browser could not use', () => {
    const phone = loadError(sourcesWith((s) => { s.contact.phoneE164 = '03 23 64 21 50'; }));
    expect(phone).toBe('data/club/contact.ts: contact: phoneE164 "03 23 64 21 50" is not an international phone number');
    const email = loadError(sourcesWith((s) => { s.contact.email = 'contact-at-sqbb'; }));
    expect(email).toBe('data/club/contact.ts: contact: email "contact-at-sqbb" is not an e-mail address');
  });

  it('rejects a stadium with more seats than places', () => {
    const message = loadError(sourcesWith((s) => { s.stadium.seated = 4000; }));
    expect(message).toBe('data/club/stadium.ts: stadium: seated 4000 exceeds the capacity 3500');
  });
});
