import type { SiteData } from '../../../site-data.js';

// Owned by the club-pages issue: 'Notre histoire' teaser and its mobile variant (stub until then).
export type HomeHistoryProps = Record<string, never>;

export function loadHomeHistory(_site: SiteData): HomeHistoryProps {
  return {};
}

export function HomeHistory(_props: HomeHistoryProps) {
  return (
    <section className="container section">
      <h2>Notre histoire</h2>
      <a href="/club/histoire/saint-quentin">En savoir plus</a>
    </section>
  );
}
