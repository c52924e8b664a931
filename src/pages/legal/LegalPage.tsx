import { PageBanner } from '../../components/PageBanner.js';
import { formatFrenchLongDate, isoDay } from '../../lib/dates.js';
import type { LegalPageContent } from '../../schemas/legal.js';
import { Paragraphs } from '../club/Paragraphs.js';

export interface LegalPageProps {
  page: LegalPageContent;
  updatedOn: string;
  /** The other legal page, linked at the end. */
  related: { href: string; label: string };
}

/** What the club has not confirmed yet is visible as such, never passed off as a fact. */
function ToConfirm({ when }: { when: boolean }) {
  return when ? <span className="legal-to-confirm"> (à confirmer par le club)</span> : null;
}

/** The legal notice and the privacy policy (data/legal/legal.json): plain text, sections with facts and lists. */
export function LegalPage({ page, updatedOn, related }: LegalPageProps) {
  return (
    <>
      <PageBanner title={page.title} />
      <div className="container section legal">
        {page.intro.length > 0 ? (
          <div className="club-lead">
            <Paragraphs items={page.intro} />
          </div>
        ) : null}
        {page.sections.map((section) => (
          <section key={section.id} aria-labelledby={`legal-${section.id}`}>
            <h2 id={`legal-${section.id}`}>{section.title}</h2>
            <Paragraphs items={section.paragraphs} />
            {section.facts.length > 0 ? (
              <dl className="legal-facts">
                {section.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>
                      {fact.href ? (
                        fact.href.startsWith('https:') ? (
                          <a href={fact.href} target="_blank" rel="noopener">
                            {fact.value}
                            <span className="visually-hidden"> (nouvel onglet)</span>
                          </a>
                        ) : (
                          <a href={fact.href}>{fact.value}</a>
                        )
                      ) : (
                        fact.value
                      )}
                      <ToConfirm when={fact.aConfirmer} />
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {section.items.length > 0 ? (
              <ul className="club-facts">
                {section.items.map((item) => (
                  <li key={item.title}>
                    <strong>{item.title}</strong>&nbsp;: {item.text}
                    <ToConfirm when={item.aConfirmer} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <p className="legal-updated">
          Dernière mise à jour&nbsp;: <time dateTime={isoDay(updatedOn)}>{formatFrenchLongDate(updatedOn)}</time>
        </p>
        <p>
          <a href={related.href}>{related.label}</a>
        </p>
      </div>
    </>
  );
}
