import { CLUB } from '../site.js';
import type { Match, Team } from '../types/team.js';
import type { CalendarEvent } from './ical.js';
import { buildCalendar } from './ical.js';
import { hasScore } from './matches.js';
import { toMatchCards } from './matches-cards.js';
import { sortMatchesByDate } from './matches.js';

interface SeasonCalendarInput {
  matches: readonly Match[];
  teams: readonly Team[];
  siteUrl: string;
  builtAt: Date;
}

/** '/calendrier.ics': one event per match, soonest first, times in Europe/Paris. */
export function seasonCalendar({ matches, teams, siteUrl, builtAt }: SeasonCalendarInput): string {
  const host = new URL(siteUrl).hostname;
  const pageUrl = `${siteUrl}/equipe/match/calendrier`;
  const events: CalendarEvent[] = toMatchCards(sortMatchesByDate(matches), teams).map((card) => {
    const [day] = card.fullDate.split('T') as [string];
    const score = hasScore(card.homeScore, card.awayScore) ? `Score : ${card.homeScore} - ${card.awayScore}` : '';
    return {
      uid: `match-${card.id}-${CLUB.season}@${host}`,
      start: { date: day.replace(/-/g, ''), ...(card.hours ? { time: `${card.hours.replace(':', '')}00` } : {}) },
      summary: `${card.domicileTeamName} - ${card.externTeamName}`,
      description: [card.competition, score, card.resume ? `Feuille de match : ${card.resume}` : ''].filter(Boolean).join('\n'),
      location: card.place,
      categories: [card.competition],
      url: pageUrl,
    };
  });
  return buildCalendar({ name: `${CLUB.acronym} - Saison ${CLUB.season}`, stamp: builtAt, events });
}
