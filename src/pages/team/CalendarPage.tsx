import { Island } from '../../components/Island.js';
import { PageBanner } from '../../components/PageBanner.js';
import { MatchCalendar } from '../../islands/calendar/MatchCalendar.js';
import { toMatchCards, type MatchCardData } from '../../lib/matches-cards.js';
import { sortMatchesByDate } from '../../lib/matches.js';
import { CLUB } from '../../site.js';
import type { SiteData } from '../../site-data.js';
import { absoluteUrl } from '../../lib/html.js';
import { href } from '../../routes/route-paths.js';

export interface CalendarPageProps {
  matches: MatchCardData[];
  /** '2025-2026', from the current season's file. */
  season: string;
}

export function loadCalendarPage(site: SiteData): CalendarPageProps {
  return { matches: toMatchCards(sortMatchesByDate(site.team.matches), site.team.teams), season: site.season.years };
}

/** schema.org SportsEvent for each match (beyond the spec: search engines show the fixtures). */
export function matchesJsonLd(matches: readonly MatchCardData[], siteUrl: string, season: string): object[] {
  return matches.map((match) => ({
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${match.domicileTeamName} - ${match.externTeamName}`,
    sport: 'Basketball',
    startDate: match.hours ? match.fullDate : match.fullDate.slice(0, 10),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: match.place },
    homeTeam: { '@type': 'SportsTeam', name: match.domicileTeamName },
    awayTeam: { '@type': 'SportsTeam', name: match.externTeamName },
    superEvent: { '@type': 'SportsEvent', name: `${match.competition} ${season}` },
    url: absoluteUrl(siteUrl, href('calendar')),
  }));
}

/** Spec 2.10: calendar with month filter, plus the iCalendar feed and the streaming link. */
export function CalendarPage({ matches, season }: CalendarPageProps) {
  return (
    <>
      <PageBanner title="Calendrier" subtitle={`Saison ${season}`} />
      <div className="container section">
        <div className="calendar-links">
          <a className="btn btn-gold" href={href('calendar-ics')}>
            Ajouter à mon agenda
          </a>
          <a className="btn btn-outline" href={CLUB.streamingSite} target="_blank" rel="noopener">
            Les matchs de {CLUB.league} en direct sur DAZN<span className="visually-hidden"> (nouvel onglet)</span>
          </a>
        </div>
        <Island name="calendar" component={MatchCalendar} props={{ matches }} />
      </div>
    </>
  );
}
