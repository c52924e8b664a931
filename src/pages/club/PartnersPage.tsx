import { PageBanner } from '../../components/PageBanner.js';
import type { Partner } from '../../schemas/club.js';
import type { PartnerSection } from './partner-sections.js';
import { href } from '../../routes/route-paths.js';

export interface PartnersPageProps {
  sections: PartnerSection[];
}

/** Spec 2.6: one section per partner type, logos linking to each partner's site in a new tab. */
export function PartnersPage({ sections }: PartnersPageProps) {
  return (
    <>
      <PageBanner title="Nos partenaires" subtitle="Ils font vivre le basket à Saint-Quentin&nbsp;: merci à eux." />
      <div className="container section">
        {sections.map((section, index) => (
          <section className="partner-section" key={section.type} aria-labelledby={`partners-${section.type}`}>
            <h2 id={`partners-${section.type}`}>{section.title}</h2>
            <ul className={`partner-grid partner-grid-${section.type}`}>
              {section.partners.map((partner) => (
                <li key={partner.name}>
                  <PartnerCard partner={partner} lazy={index > 0} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <aside className="partner-cta">
          <h2>Rejoignez-les</h2>
          <p>Votre entreprise aussi peut associer son nom au SQBB.</p>
          <a className="btn btn-gold" href={href('become-partner')}>Devenir partenaire</a>
        </aside>
      </div>
    </>
  );
}

function PartnerCard({ partner, lazy }: { partner: Partner; lazy: boolean }) {
  return (
    <a className="partner-card" href={partner.link} target="_blank" rel="noopener">
      {partner.img ? (
        <img src={partner.img} alt={partner.name} width={240} height={120} loading={lazy ? 'lazy' : undefined} decoding="async" />
      ) : (
        <span className="partner-name">{partner.name}</span>
      )}
      <span className="visually-hidden"> (nouvel onglet)</span>
    </a>
  );
}
