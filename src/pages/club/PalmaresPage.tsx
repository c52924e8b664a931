import { PageBanner } from '../../components/PageBanner.js';
import type { PalmaresEntry } from '../../schemas/club.js';
import { ClubImg } from './ClubImg.js';

export interface PalmaresPageProps {
  titles: PalmaresEntry[];
}

/** The timeline of titles, oldest first (the loader guarantees the spec's order). */
export function PalmaresPage({ titles }: PalmaresPageProps) {
  return (
    <>
      <PageBanner title="Palmarès" subtitle={`${titles.length} titres, de ${titles[0]?.year} à ${titles.at(-1)?.year}`} />
      <div className="container section">
        <ol className="timeline">
          {titles.map((title, index) => (
            <li className="timeline-item" key={title.year}>
              <p className="timeline-year">{title.year}</p>
              <div className="timeline-card">
                <ClubImg image={title.image} lazy={index > 1} className="timeline-image" />
                <div>
                  <h2>{title.title}</h2>
                  <p className="timeline-date">{title.date}</p>
                  <p>{title.text}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
