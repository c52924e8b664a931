import type { FaqEntry } from '../../types/club.js';

/**
 * Spec 2.12: each question opens and closes on its own. Native <details> needs no JavaScript,
 * and without a shared `name` attribute opening one never closes another.
 */
export function FaqAccordion({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className="faq">
      {entries.map((entry) => (
        <details className="faq-item" key={entry.question}>
          <summary>{entry.question}</summary>
          <div className="faq-answer">
            {entry.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
