import { PageBanner } from '../../components/PageBanner.js';
import type { CompetitionInfo } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';
import { Paragraphs } from './Paragraphs.js';
import { href } from '../../routes/route-paths.js';

export interface CompetitionPageProps {
  competition: CompetitionInfo;
}

/** Spec 2.11: one competition's description and its format (facts of spec section 9). */
export function CompetitionPage({ competition }: CompetitionPageProps) {
  const { name, intro, facts, paragraphs, logo, link } = competition;
  return (
    <>
      <PageBanner title={name} />
      <div className="container section competition">
        <div className="competition-intro">
          <ClubImg image={logo} lazy={false} className="competition-logo" />
          <p className="club-lead">{intro}</p>
        </div>
        <section aria-labelledby="competition-format">
          <h2 id="competition-format">Le format</h2>
          <ul className="club-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="competition-sqbb">
          <h2 id="competition-sqbb">Le SQBB dans la compétition</h2>
          <Paragraphs items={paragraphs} />
        </section>
        <p className="competition-links">
          <a className="btn btn-gold" href={href('calendar')}>Voir le calendrier</a>
          <a className="btn btn-outline" href={link} target="_blank" rel="noopener">
            Site officiel<span className="visually-hidden"> de la compétition (nouvel onglet)</span>
          </a>
        </p>
      </div>
    </>
  );
}
