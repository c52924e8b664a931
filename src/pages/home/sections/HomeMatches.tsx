import type { SiteData } from '../../../site-data.js';

// Owned by the team issue: 'Les matchs' coverflow of upcoming matches (stub until then).
export type HomeMatchesProps = Record<string, never>;

export function loadHomeMatches(_site: SiteData): HomeMatchesProps {
  return {};
}

export function HomeMatches(_props: HomeMatchesProps) {
  return (
    <section className="container section">
      <h2>Les matchs</h2>
      <a className="btn btn-gold" href="/equipe/match/calendrier">Voir le calendrier</a>
    </section>
  );
}
