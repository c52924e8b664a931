import { useEffect, useState } from 'react';
import type { PictureTag } from '../../schemas/team.js';

export interface PortfolioPicture {
  src: string;
  title: string;
  legend: string;
  /** Formatted French date. */
  date: string;
  author: string;
  tags: PictureTag[];
}

export interface PlayerPortfolioProps {
  pictures: PortfolioPicture[];
}

type Filter = 'all' | PictureTag;

/** Spec 2.8 and 4: labels exactly as the spec writes them. */
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'TOUTES' },
  { value: 'france', label: 'équipe DE FRANCE' },
  { value: 'champion', label: 'Champion' },
];

/**
 * The filterable gallery. The filter bar keeps its place but stays invisible until the widget is
 * live, so there is never a dead button and nothing moves when it appears.
 */
export function PlayerPortfolio({ pictures }: PlayerPortfolioProps) {
  const [live, setLive] = useState(false);
  const [filter, setFilter] = useState<Filter>('all');
  useEffect(() => setLive(true), []);
  const shown = filter === 'all' ? pictures : pictures.filter((picture) => picture.tags.includes(filter));

  return (
    <div className="portfolio">
      <div className={live ? 'portfolio-filter' : 'portfolio-filter is-pending'} role="group" aria-label="Filtrer les photos">
        {FILTERS.map((choice) => (
          <button key={choice.value} type="button" aria-pressed={filter === choice.value} disabled={!live} onClick={() => setFilter(choice.value)}>
            {choice.label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="player-fallback">Aucune photo dans cette catégorie.</p>
      ) : (
        <ul className="portfolio-grid">
          {shown.map((picture) => (
            <li key={picture.src}>
              <figure>
                <img src={picture.src} alt={picture.title} width={600} height={400} loading="lazy" decoding="async" />
                <figcaption>
                  <strong>{picture.title}</strong> {picture.legend}
                  <small>{`${picture.date} · ${picture.author}`}</small>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
