import { href } from '../routes/route-paths.js';
import { CLUB } from '../site.js';
import { absoluteUrl } from './html.js';
import type { Match } from '../schemas/season.js';
import type { Team } from '../schemas/team.js';
import type { CalendarEvent } from './ical.js';
import { buildCalendar } from './ical.js';
import { toMatchCards } from './matches-cards.js';
import { sortMatchesByDate } from './matches.js';

interface SeasonCalendarInput {
  matches: readonly Match[];
  teams: readonly Team[];
  siteUrl: string;
  /** '2025-2026': names the calendar and keeps event ids apart from one season to the next. */
  season: string;
}

/** '/calendrier.ics': one event per match, soonest first, times in Europe/Paris. */
export function seasonCalendar({ matches, teams, siteUrl, season }: SeasonCalendarInput): string {
  const host = new URL(siteUrl).hostname;
  const pageUrl = absoluteUrl(siteUrl, href('calendar'));
  const events: CalendarEvent[] = toMatchCards(sortMatchesByDate(matches), teams).map((card) => {
    const [day] = card.fullDate.split('T') as [string];
    const score = card.homeScore && card.awayScore ? `Score : ${card.homeScore} - ${card.awayScore}` : '';
    return {
      uid: `match-${card.id}-${season}@${host}`,
      start: { date: day.replace(/-/g, ''), ...(card.hours ? { time: `${card.hours.replace(':', '')}00` } : {}) },
      summary: `${card.domicileTeamName} - ${card.externTeamName}`,
      description: [card.competition, score, card.resume ? `Feuille de match : ${card.resume}` : ''].filter(Boolean).join('\n'),
      location: card.place,
      categories: [card.competition],
      url: pageUrl,
    };
  });
  return buildCalendar({ name: `${CLUB.acronym} - Saison ${season}`, stamp: contentStamp(matches), events });
}

/**
 * DTSTAMP comes from the data, not the clock: the feed's bytes change only when the season's
 * content does (a new result moves it), so cron rebuilds do not re-upload an unchanged file.
 */
function contentStamp(matches: readonly Match[]): Date {
  const sorted = sortMatchesByDate(matches);
  const played = sorted.filter((match) => match.score !== undefined);
  const reference = played.at(-1) ?? sorted[0];
  return reference ? new Date(reference.fullDate) : new Date(0);
}
