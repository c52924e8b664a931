import type { SiteData } from '../../../site-data.js';

// Owned by the club-pages issue: 'Devenez partenaire' banner (stub until then).
export type HomePartnerBannerProps = Record<string, never>;

export function loadHomePartnerBanner(_site: SiteData): HomePartnerBannerProps {
  return {};
}

export function HomePartnerBanner(_props: HomePartnerBannerProps) {
  return (
    <section className="container section">
      <h2>Devenez partenaire</h2>
      <a className="btn btn-gold" href="/partenaires/devenir-partenaire">Comment devenir partenaire ?</a>
    </section>
  );
}
