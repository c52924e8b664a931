import { PageBanner } from '../../components/PageBanner.js';
import type { CashlessContent } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';
import { FaqAccordion } from './FaqAccordion.js';
import { Paragraphs } from './Paragraphs.js';

export type CashlessPageProps = Omit<CashlessContent, 'widgetScript'>;

/**
 * Spec 2.14. The provider's script (loaded by the route's head, async, on this page only) turns the
 * `.weezevent-widget-integration` link into its top-up frame; until then, or offline, that link and
 * the line under it lead to the same top-up page, so nothing on the page depends on the script.
 */
export function CashlessPage({ logo, topUpUrl, steps, whatIs, whyPreload, facts, faq, contactEmail }: CashlessPageProps) {
  return (
    <>
      <PageBanner title="Cashless" subtitle="La carte de paiement du Palais des Sports Pierre-Ratte." />
      <div className="container section cashless">
        <section className="cashless-top-up" aria-labelledby="cashless-top-up">
          <ClubImg image={logo} lazy={false} className="cashless-logo" />
          <h2 id="cashless-top-up">Recharge ta carte ici</h2>
          <div className="cashless-widget">
            <a
              className="weezevent-widget-integration btn btn-gold"
              href={topUpUrl}
              target="_blank"
              rel="noopener"
              data-src={topUpUrl}
              data-width="650"
              data-height="600"
              data-resize="1"
              data-width_auto="1"
              data-noscroll="0"
              data-use-container="yes"
              data-type="neo"
            >
              Recharger ma carte en ligne<span className="visually-hidden"> (nouvel onglet)</span>
            </a>
            <p className="cashless-widget-fallback">
              Le module de recharge ne s’affiche pas&#8239;? Rechargez votre carte sur{' '}
              <a href={topUpUrl} target="_blank" rel="noopener">la page de recharge de notre prestataire</a>.
            </p>
          </div>
        </section>

        <section aria-labelledby="cashless-steps">
          <h2 id="cashless-steps">Comment ça marche&#8239;?</h2>
          <ol className="cashless-steps">
            {steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="cashless-what">
          <h2 id="cashless-what">Qu’est-ce que le cashless&#8239;?</h2>
          <Paragraphs items={whatIs} />
        </section>

        <section aria-labelledby="cashless-why">
          <h2 id="cashless-why">Pourquoi recharger avant le match&#8239;?</h2>
          <Paragraphs items={whyPreload} />
        </section>

        <section aria-labelledby="cashless-facts">
          <h2 id="cashless-facts">Bon à savoir</h2>
          <ul className="club-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cashless-faq">
          <h2 id="cashless-faq">Questions fréquentes</h2>
          <FaqAccordion entries={faq} />
        </section>

        <p className="cashless-contact">
          Une question sur votre carte cashless&#8239;? Écrivez-nous à <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </div>
    </>
  );
}
