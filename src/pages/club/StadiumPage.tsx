import { PageBanner } from '../../components/PageBanner.js';
import { PostalAddressLines } from './PostalAddressLines.js';
import type { StadiumFacts } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';
import { Paragraphs } from './Paragraphs.js';
import { href } from '../../routes/route-paths.js';

export type StadiumPageProps = StadiumFacts;

/** Spec 2.12 and 9: capacity (3500, of which 3000 seated), history, address, ticket prices. */
export function StadiumPage({ name, capacity, seated, address, history, image, tickets }: StadiumPageProps) {
  return (
    <>
      <PageBanner title="Le stade" subtitle={name} />
      <div className="container section stadium">
        <div className="stadium-intro">
          <ClubImg image={image} lazy={false} />
          <p className="club-lead">
            Capacité&nbsp;: <strong>{capacity}&nbsp;personnes</strong>, dont <strong>{seated}&nbsp;places assises</strong>.
          </p>
        </div>

        <section aria-labelledby="stadium-history">
          <h2 id="stadium-history">Histoire</h2>
          <Paragraphs items={history} />
        </section>

        <section aria-labelledby="stadium-address">
          <h2 id="stadium-address">Adresse</h2>
          <PostalAddressLines address={address} />
          <p>
            Horaires du secrétariat, plan et téléphone&nbsp;: <a href={href('contact')}>page Contact</a>.
          </p>
        </section>

        <section aria-labelledby="stadium-tickets">
          <h2 id="stadium-tickets">Billetterie</h2>
          <div className="club-table-scroll">
            <table className="price-table">
              <caption>Tarifs · {tickets.season}</caption>
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">Plein tarif</th>
                  <th scope="col">Tarif réduit</th>
                </tr>
              </thead>
              <tbody>
                {tickets.prices.map((price) => (
                  <tr key={price.label}>
                    <th scope="row">{price.label}</th>
                    <td>{price.price}</td>
                    <td>{price.reduced ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="ticket-notes">
            {tickets.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
