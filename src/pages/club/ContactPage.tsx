import { PageBanner } from '../../components/PageBanner.js';
import { PostalAddressLines } from './PostalAddressLines.js';
import type { ContactDetails } from '../../schemas/club.js';

export type ContactPageProps = ContactDetails;

/** OpenStreetMap's embeddable view around a point (no key, no cookie), and its full-page link. */
export function osmLinks({ latitude, longitude }: ContactDetails['map']): { embed: string; page: string } {
  const box = [longitude - 0.006, latitude - 0.003, longitude + 0.006, latitude + 0.003].map((n) => n.toFixed(4)).join('%2C');
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${box}&layer=mapnik&marker=${latitude}%2C${longitude}`,
    page: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`,
  };
}

/**
 * Spec 2.7. The details are text first; the map is a lazy iframe after them, so the page stays
 * complete when the map host is unreachable.
 */
export function ContactPage({ organisation, address, email, phone, phoneE164, openingHours, map }: ContactPageProps) {
  const links = osmLinks(map);
  return (
    <>
      <PageBanner title="Contact" subtitle="Une question ? L'équipe du SQBB vous répond." />
      <div className="container section contact">
        <div className="contact-details">
          <section aria-labelledby="contact-address">
            <h2 id="contact-address">Adresse</h2>
            <PostalAddressLines address={address} organisation={organisation} />
          </section>
          <section aria-labelledby="contact-reach">
            <h2 id="contact-reach">Nous joindre</h2>
            <p>
              E-mail : <a href={`mailto:${email}`}>{email}</a>
            </p>
            <p>
              Téléphone : <a href={`tel:${phoneE164}`}>{phone}</a>
            </p>
          </section>
          <section aria-labelledby="contact-hours">
            <h2 id="contact-hours">Horaires d'ouverture</h2>
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
          <h2 id="contact-map">Plan d'accès</h2>
          <iframe
            src={links.embed}
            title={`Plan d'accès : ${address.venue}, ${address.street}, ${address.postalCode} ${address.city}`}
            width={600}
            height={400}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
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
