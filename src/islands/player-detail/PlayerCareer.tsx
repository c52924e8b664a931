import type { CareerEntry, PalmaresEntry } from '../../schemas/team.js';

export interface PlayerCareerData {
  pro: CareerEntry[];
  amateur: CareerEntry[];
  palmares: PalmaresEntry[];
}

/** Spec 2.8 and 8: the exact fallback texts when a part of the career is empty. */
export const CAREER_FALLBACKS = {
  pro: 'Aucune information de carrière professionnelle disponible.',
  amateur: 'Aucune information de carrière amateur disponible.',
  palmares: 'Aucune information sur le palmarès disponible.',
} as const;

/** A period still going on has no end: it reads "depuis 2023". */
function CareerList({ entries, fallback }: { entries: CareerEntry[]; fallback: string }) {
  if (entries.length === 0) return <p className="player-fallback">{fallback}</p>;
  return (
    <ul className="player-career-list">
      {entries.map((entry) => (
        <li key={`${entry.club}-${entry.comeIn}-${entry.leagueName}`}>
          <span className="player-career-years">{entry.ending ? `${entry.comeIn}–${entry.ending}` : `depuis ${entry.comeIn}`}</span>{' '}
          <strong>{entry.club}</strong> <span className="player-career-league">{`(${entry.leagueName})`}</span>
        </li>
      ))}
    </ul>
  );
}

/** Professional, university or amateur, and honours. */
export function PlayerCareer({ career }: { career: PlayerCareerData }) {
  return (
    <>
      <h3>Carrière professionnelle</h3>
      <CareerList entries={career.pro} fallback={CAREER_FALLBACKS.pro} />
      <h3>Carrière universitaire ou amateur</h3>
      <CareerList entries={career.amateur} fallback={CAREER_FALLBACKS.amateur} />
      <h3>Palmarès</h3>
      {career.palmares.length === 0 ? (
        <p className="player-fallback">{CAREER_FALLBACKS.palmares}</p>
      ) : (
        <ul className="player-career-list">
          {career.palmares.map((entry) => (
            <li key={`${entry.championchipTitle}-${entry.year}`}>
              <span className="player-career-years">{entry.year}</span> <strong>{entry.championchipTitle}</strong>{' '}
              <span className="player-career-league">{`(${entry.championship}, ${entry.place})`}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
