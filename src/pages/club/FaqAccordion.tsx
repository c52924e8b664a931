import type { ReactNode } from 'react';
import { href } from '../../routes/route-paths.js';
import type { FaqEntry } from '../../schemas/club.js';

/** A paragraph with the phrases of `links` as links to their pages (the schema checked each phrase is there). */
function withLinks(paragraph: string, links: NonNullable<FaqEntry['links']>): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = paragraph;
  for (;;) {
    const next = links
      .map((link) => ({ link, at: rest.indexOf(link.text) }))
      .filter((found) => found.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    if (next.at > 0) parts.push(rest.slice(0, next.at));
    parts.push(
      <a key={parts.length} href={href(next.link.route)}>
        {next.link.text}
      </a>,
    );
    rest = rest.slice(next.at + next.link.text.length);
  }
  if (rest) parts.push(rest);
  return parts;
}

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
              <p key={paragraph}>{entry.links ? withLinks(paragraph, entry.links) : paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
