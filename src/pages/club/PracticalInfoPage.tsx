import { PageBanner } from '../../components/PageBanner.js';
import type { FaqEntry } from '../../schemas/club.js';
import { FaqAccordion } from './FaqAccordion.js';
import { href } from '../../routes/route-paths.js';

export interface PracticalInfoPageProps {
  questions: FaqEntry[];
}

/** Spec 2.12: the 7 practical questions as an accordion. */
export function PracticalInfoPage({ questions }: PracticalInfoPageProps) {
  return (
    <>
      <PageBanner title="Infos pratiques" subtitle="Tout ce qu’il faut savoir pour venir encourager le SQBB." />
      <div className="container section club-narrow">
        <h2>Questions fréquentes</h2>
        <FaqAccordion entries={questions} />
        <p className="faq-more">
          Vous ne trouvez pas votre réponse&#8239;? <a href={href('contact')}>Contactez-nous</a>.
        </p>
      </div>
    </>
  );
}
