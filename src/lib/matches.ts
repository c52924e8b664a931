import type { Competition, Match } from '../schemas/season.js';

/** The month filter's default (spec 4: 'all'). */
export const ALL_MONTHS = 'all';

type Dated = Pick<Match, 'fullDate'>;

/** Instant of the match (epoch ms); NaN for an unreadable date, which validation rejects earlier. */
export function matchTime(match: Dated): number {
  return Date.parse(match.fullDate);
}

/** Ascending by full date (spec 2.10); equal dates keep their order. */
export function sortMatchesByDate<T extends Dated>(matches: readonly T[]): T[] {
  return [...matches].sort((a, b) => matchTime(a) - matchTime(b));
}

export interface MonthGroup<T> {
  month: string;
  matches: T[];
}

/**
 * Month sections in the order of the matches (the calendar gives them by date, so a season reads
 * Septembre to Mai, whatever months the season file lists), each keeping the order it was given.
 */
export function groupMatchesByMonth<T extends { month: string }>(matches: readonly T[]): MonthGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const match of matches) {
    const list = groups.get(match.month);
    if (list) list.push(match);
    else groups.set(match.month, [match]);
  }
  return [...groups.entries()].map(([month, list]) => ({ month, matches: list }));
}

/** 'all' keeps every match; a month name keeps only that month's. */
export function filterMatchesByMonth<T extends { month: string }>(matches: readonly T[], month: string): T[] {
  return month === ALL_MONTHS ? [...matches] : matches.filter((match) => match.month === month);
}

const INTEGER = /^\d+$/;

/** A score is shown only when present: both sides set and not the '0'-'0' of an unplayed match. */
export function hasScore(home: string, away: string): boolean {
  return home.trim() !== '' && away.trim() !== '' && !(home.trim() === '0' && away.trim() === '0');
}

/**
 * Spec 5: the side with the higher integer score is shown in gold. Ties, unplayed matches and
 * anything that is not an integer string highlight nobody.
 */
export function winningSide(home: string, away: string): 'home' | 'away' | null {
  const h = home.trim();
  const a = away.trim();
  if (!INTEGER.test(h) || !INTEGER.test(a) || !hasScore(h, a)) return null;
  const diff = Number(h) - Number(a);
  return diff > 0 ? 'home' : diff < 0 ? 'away' : null;
}

export interface CompetitionLogo {
  src: string;
  alt: string;
}

const COMPETITION_LOGOS: Readonly<Partial<Record<Competition, string>>> = {
  'Betclic Elite': '/images/team/competitions/betclic-elite.svg',
  'Play In': '/images/team/competitions/play-in.svg',
  'BASKETBALL CHAMPIONS LEAGUE': '/images/team/competitions/basketball-champions-league.svg',
  'Leaders Cup': '/images/team/competitions/leaders-cup.svg',
};

/** Spec 9: logo by competition name; any other value gets the cup logo. */
export function competitionLogo(competition: string): CompetitionLogo {
  const src = Object.prototype.hasOwnProperty.call(COMPETITION_LOGOS, competition) ? COMPETITION_LOGOS[competition as Competition] : undefined;
  return src ? { src, alt: `Logo ${competition}` } : { src: '/images/team/competitions/coupe.svg', alt: `Logo ${competition || 'coupe'}` };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec 4: a match is upcoming when dated after now. A match whose time is not fixed yet (hours '')
 * stays upcoming until the end of its day.
 */
export function isUpcoming(match: Pick<Match, 'fullDate' | 'hours'>, now: number): boolean {
  const start = matchTime(match);
  return (match.hours ? start : start + DAY_MS) > now;
}

/** Upcoming matches, soonest first. */
export function upcomingMatches<T extends Pick<Match, 'fullDate' | 'hours'>>(matches: readonly T[], now: number): T[] {
  return sortMatchesByDate(matches.filter((match) => isUpcoming(match, now)));
}
