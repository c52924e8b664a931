import { BenefitGrid } from '../../club/BenefitGrid.js';
import type { SiteData } from '../../../site-data.js';
import { href } from '../../../routes/route-paths.js';

/** Spec 2.4: the 'Devenez partenaire' banner with four benefit boxes. */
export interface HomePartnerBannerProps {
  benefits: { title: string; text: string }[];
}

export function loadHomePartnerBanner(site: SiteData): HomePartnerBannerProps {
  return { benefits: site.club.partnership.benefits };
}

export function HomePartnerBanner({ benefits }: HomePartnerBannerProps) {
  return (
    <section className="home-partner-banner" aria-labelledby="home-partner-title">
      <div className="container">
        <h2 id="home-partner-title">Devenez partenaire</h2>
        <BenefitGrid benefits={benefits} />
        <a className="btn btn-gold" href={href('become-partner')}>Comment devenir partenaire&#8239;?</a>
      </div>
    </section>
  );
}
