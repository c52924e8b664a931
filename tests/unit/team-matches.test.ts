import { describe, expect, it } from 'vitest';
import {
  competitionLogo,
  filterMatchesByMonth,
  groupMatchesByMonth,
  hasScore,
  isUpcoming,
  sortMatchesByDate,
  upcomingMatches,
  winningSide,
} from '../../src/lib/matches.js';
import { teamInitials } from '../../src/lib/team-initials.js';

const m = (id: number, fullDate: string, month: string, hours = '20:00') => ({ id, fullDate, month, hours });

describe('sortMatchesByDate', () => {
  it('orders matches ascending by full date, across offsets and years', () => {
    const sorted = sortMatchesByDate([
      m(3, '2026-01-10T18:30:00+01:00', 'Janvier'),
      m(1, '2025-09-27T21:00:00+02:00', 'Septembre'),
      m(2, '2025-10-26T19:00:00+01:00', 'Octobre'),
      m(4, '2026-01-10T18:00:00Z', 'Janvier'),
    ]);
    expect(sorted.map((match) => match.id)).toEqual([1, 2, 3, 4]);
  });

  it('does not modify the list it is given', () => {
    const list = [m(2, '2026-01-01T20:00:00+01:00', 'Janvier'), m(1, '2025-12-01T20:00:00+01:00', 'Décembre')];
    sortMatchesByDate(list);
    expect(list.map((match) => match.id)).toEqual([2, 1]);
  });
});

describe('groupMatchesByMonth', () => {
  it('groups in the order the matches come (by date on the calendar), keeping the order within a month', () => {
    const groups = groupMatchesByMonth([
      m(2, '', 'Septembre'), m(5, '', 'Décembre'), m(1, '', 'Janvier'), m(4, '', 'Janvier'), m(3, '', 'Mai'),
    ]);
    expect(groups.map((group) => group.month)).toEqual(['Septembre', 'Décembre', 'Janvier', 'Mai']);
    expect(groups[2]?.matches.map((match) => match.id)).toEqual([1, 4]);
  });

  it('keeps a month outside the usual season (a June play-off) instead of dropping it', () => {
    expect(groupMatchesByMonth([m(2, '', 'Mai'), m(1, '', 'Juin')]).map((group) => group.month)).toEqual(['Mai', 'Juin']);
  });
});

describe('filterMatchesByMonth', () => {
  const list = [m(1, '', 'Octobre'), m(2, '', 'Novembre'), m(3, '', 'Octobre')];
  it("keeps everything for 'all'", () => {
    expect(filterMatchesByMonth(list, 'all')).toHaveLength(3);
  });
  it('keeps only the chosen month', () => {
    expect(filterMatchesByMonth(list, 'Octobre').map((match) => match.id)).toEqual([1, 3]);
  });
  it('gives nothing for a month without matches', () => {
    expect(filterMatchesByMonth(list, 'Mars')).toEqual([]);
  });
});

describe('score highlight', () => {
  it('highlights the side with the higher integer score', () => {
    expect(winningSide('85', '79')).toBe('home');
    expect(winningSide('79', '85')).toBe('away');
  });
  it('compares as integers, not as text', () => {
    expect(winningSide('100', '99')).toBe('home');
    expect(winningSide('9', '10')).toBe('away');
  });
  it('highlights nobody on a tie', () => {
    expect(winningSide('80', '80')).toBeNull();
  });
  it('highlights nobody for an unplayed match', () => {
    expect(winningSide('0', '0')).toBeNull();
    expect(hasScore('0', '0')).toBe(false);
  });
  it('highlights nobody when a score is not an integer string', () => {
    expect(winningSide('85', 'forfait')).toBeNull();
    expect(winningSide('8.5', '3')).toBeNull();
    expect(winningSide('-2', '3')).toBeNull();
    expect(winningSide('', '70')).toBeNull();
  });
  it('shows a score only when both sides are present', () => {
    expect(hasScore('85', '79')).toBe(true);
    expect(hasScore('', '79')).toBe(false);
    expect(hasScore('12', '0')).toBe(true);
  });
});

describe('competitionLogo', () => {
  it.each([
    ['Betclic Elite', '/images/team/competitions/betclic-elite.svg'],
    ['Play In', '/images/team/competitions/play-in.svg'],
    ['BASKETBALL CHAMPIONS LEAGUE', '/images/team/competitions/basketball-champions-league.svg'],
    ['Leaders Cup', '/images/team/competitions/leaders-cup.svg'],
  ])('gives %s its own logo', (name, src) => {
    expect(competitionLogo(name).src).toBe(src);
  });
  it.each(['Coupe de France', 'Basketball Champions League', 'betclic elite', '', 'toString'])('gives "%s" the cup logo', (name) => {
    expect(competitionLogo(name).src).toBe('/images/team/competitions/coupe.svg');
  });
});

describe('upcoming matches', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');
  it('keeps only matches dated after now, soonest first', () => {
    const list = [
      m(3, '2026-02-01T16:30:00+01:00', 'Février'),
      m(1, '2026-01-10T20:00:00+01:00', 'Janvier'),
      m(2, '2026-01-17T18:30:00+01:00', 'Janvier'),
    ];
    expect(upcomingMatches(list, now).map((match) => match.id)).toEqual([2, 3]);
  });
  it('treats a match starting exactly now as started', () => {
    expect(isUpcoming(m(1, '2026-01-15T13:00:00+01:00', 'Janvier'), now)).toBe(false);
    expect(isUpcoming(m(1, '2026-01-15T13:00:01+01:00', 'Janvier'), now)).toBe(true);
  });
  it('keeps a match without a fixed time until the end of its day', () => {
    expect(isUpcoming(m(1, '2026-01-15T00:00:00+01:00', 'Janvier', ''), now)).toBe(true);
    expect(isUpcoming(m(1, '2026-01-14T00:00:00+01:00', 'Janvier', ''), now)).toBe(false);
  });
});

describe('teamInitials', () => {
  it.each([
    ['Paris Basketball', 'PB'],
    ['Saint-Quentin Basket-Ball', 'SQB'],
    ['Sharks d’Antibes', 'SA'],
    ['Nanterre 92', 'N92'],
    ['Élan Chalon', 'ÉC'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(teamInitials(name)).toBe(initials);
  });
});
