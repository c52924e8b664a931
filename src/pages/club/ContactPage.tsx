import { Island } from '../../components/Island.js';
import { PageBanner } from '../../components/PageBanner.js';
import { EmbedFrame } from '../../islands/embed/EmbedFrame.js';
import { openStreetMapTarget } from '../../lib/embed-providers.js';
import { PostalAddressLines } from './PostalAddressLines.js';
import type { ContactDetails } from '../../schemas/club.js';

export type ContactPageProps = ContactDetails;

/** OpenStreetMap's embeddable view around a point (no key, no cookie), and its full-page link. */
export function osmLinks({ latitude, longitude }: ContactDetails['map']): { embed: string; page: string } {
  const map = openStreetMapTarget([longitude - 0.006, latitude - 0.003, longitude + 0.006, latitude + 0.003], 'mapnik', [latitude, longitude]);
  return { embed: map.frame ?? '', page: map.link };
}

/**
 * Spec 2.7. The details are text first; the map comes after them and loads only when the fan asks
 * (issue 16: nothing is requested of OpenStreetMap before), so the page stays complete when the
 * map host is unreachable.
 */
export function ContactPage({ organisation, address, email, phone, phoneE164, openingHours, map }: ContactPageProps) {
  const links = osmLinks(map);
  return (
    <>
      <PageBanner title="Contact" subtitle="Une question&#8239;? L’équipe du SQBB vous répond." />
      <div className="container section contact">
        <div className="contact-details">
          <section aria-labelledby="contact-address">
            <h2 id="contact-address">Adresse</h2>
            <PostalAddressLines address={address} organisation={organisation} />
          </section>
          <section aria-labelledby="contact-reach">
            <h2 id="contact-reach">Nous joindre</h2>
            <p>
              E-mail&nbsp;: <a href={`mailto:${email}`}>{email}</a>
            </p>
            <p>
              Téléphone&nbsp;: <a href={`tel:${phoneE164}`}>{phone}</a>
            </p>
          </section>
          <section aria-labelledby="contact-hours">
            <h2 id="contact-hours">Horaires d’ouverture</h2>
            <dl className="opening-hours">
              {openingHours.map((slot) => (
                <div key={slot.days}>
                  <dt>{slot.days}</dt>
                  <dd>{slot.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        <section className="contact-map" aria-labelledby="contact-map">
          <h2 id="contact-map">Plan d’accès</h2>
          <Island
            name="embed"
            component={EmbedFrame}
            as="span"
            props={{
              provider: 'openstreetmap',
              kind: 'map',
              title: `Plan d’accès\u00a0: ${address.venue}, ${address.street}, ${address.postalCode} ${address.city}`,
              frame: links.embed,
              link: links.page,
            }}
          />
          <p>
            <a href={links.page} target="_blank" rel="noopener">
              Ouvrir le plan dans OpenStreetMap<span className="visually-hidden"> (nouvel onglet)</span>
            </a>
          </p>
        </section>
      </div>
    </>
  );
}
