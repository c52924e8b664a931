import { PageBanner } from '../../components/PageBanner.js';
import { BenefitGrid } from './BenefitGrid.js';
import type { PartnershipOffer } from '../../schemas/club.js';
import { Paragraphs } from './Paragraphs.js';
import { href } from '../../routes/route-paths.js';

export type BecomePartnerPageProps = PartnershipOffer;

/** The sales pitch of spec 2.3, ending with the contact link to /contact. */
export function BecomePartnerPage({ intro, benefits, offers }: BecomePartnerPageProps) {
  return (
    <>
      <PageBanner title="Devenir partenaire" subtitle="Faites équipe avec le SQBB." />
      <div className="container section">
        <div className="club-lead">
          <Paragraphs items={intro} />
        </div>
        <section aria-labelledby="why-partner">
          <h2 id="why-partner">Pourquoi nous rejoindre&#8239;?</h2>
          <BenefitGrid benefits={benefits} />
        </section>
        <section aria-labelledby="partner-offers">
          <h2 id="partner-offers">Nos offres</h2>
          <dl className="offer-list">
            {offers.map((offer) => (
              <div key={offer.title}>
                <dt>{offer.title}</dt>
                <dd>{offer.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <aside className="partner-cta">
          <h2>Parlons de votre projet</h2>
          <p>Notre service partenariats vous répond et construit avec vous l’offre qui vous ressemble.</p>
          <a className="btn btn-gold" href={href('contact')}>Nous contacter</a>
        </aside>
      </div>
    </>
  );
}
