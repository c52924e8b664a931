import { Island } from '../../../components/Island.js';
import { UpcomingMatchesCarousel } from '../../../islands/matches/UpcomingMatchesCarousel.js';
import { toMatchCards } from '../../../lib/matches-cards.js';
import { upcomingMatches } from '../../../lib/matches.js';
import type { SiteData } from '../../../site-data.js';
import type { MatchCardData } from '../../../lib/matches-cards.js';
import { href } from '../../../routes/route-paths.js';

/** Spec 2.4 'Les matchs': the upcoming matches at build time, soonest first. */
export interface HomeMatchesProps {
  matches: MatchCardData[];
}

export function loadHomeMatches(site: SiteData): HomeMatchesProps {
  const upcoming = upcomingMatches(site.team.matches, site.builtAt.getTime());
  return { matches: toMatchCards(upcoming, site.team.teams) };
}

/** With no upcoming match the section says so, without shipping the carousel's script. */
export function HomeMatches({ matches }: HomeMatchesProps) {
  if (matches.length > 0) return <Island name="matches" component={UpcomingMatchesCarousel} props={{ matches, calendarHref: href('calendar') }} />;
  return (
    <section className="home-matches section" aria-labelledby="home-matches-title">
      <div className="container">
        <h2 id="home-matches-title">Les matchs</h2>
        <p className="matches-empty">Aucun match à venir pour le moment.</p>
        <p className="home-matches-actions">
          <a className="btn btn-gold" href={href('calendar')}>Voir le calendrier</a>
        </p>
      </div>
    </section>
  );
}
