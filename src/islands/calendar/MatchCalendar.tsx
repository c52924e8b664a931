import { useEffect, useState } from 'react';
import type { MatchCardData } from '../../lib/matches-cards.js';
import { ALL_MONTHS, filterMatchesByMonth, groupMatchesByMonth } from '../../lib/matches.js';
import { slugify } from '../../lib/team-format.js';
import { MatchCard } from '../../components/matches/MatchCard.js';

export interface MatchCalendarProps {
  /** Sorted ascending by full date (the page's load does it). */
  matches: MatchCardData[];
}

const countLabel = (count: number) => (count === 1 ? '1\u00a0match affiché' : `${count}\u00a0matchs affichés`);

const monthId = (month: string) => `mois-${slugify(month)}`;

/** The chosen month in the address ('?mois=octobre'), so a shared or reloaded calendar opens on it. */
const MONTH_PARAM = 'mois';

function monthInAddress(months: string[]): string {
  const slug = new URLSearchParams(window.location.search).get(MONTH_PARAM);
  return months.find((name) => slugify(name) === slug) ?? ALL_MONTHS;
}

/**
 * Spec 2.10 and 4: month filter ('all' by default, 'Tous les matchs' to come back), month
 * sections Septembre to Mai. Without JavaScript every month is shown and the filter entries are
 * links to the month sections; once live they become toggle buttons that filter, and the month
 * chosen is in the address (restored on load and on back/forward).
 */
export function MatchCalendar({ matches }: MatchCalendarProps) {
  const [live, setLive] = useState(false);
  const [month, setMonth] = useState<string>(ALL_MONTHS);
  const months = groupMatchesByMonth(matches).map((group) => group.month);

  // After hydration (the server page shows every month): the address's month, and again on back/forward.
  useEffect(() => {
    const restore = () => setMonth(monthInAddress(months));
    restore();
    setLive(true);
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
    // The matches are fixed for the lifetime of the island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (value: string) => {
    setMonth(value);
    const url = new URL(window.location.href);
    if (value === ALL_MONTHS) url.searchParams.delete(MONTH_PARAM);
    else url.searchParams.set(MONTH_PARAM, slugify(value));
    url.hash = '';
    // Each choice is a step of the history: Back returns to the month seen before.
    if (url.href !== window.location.href) window.history.pushState(null, '', url);
  };
  const groups = groupMatchesByMonth(filterMatchesByMonth(matches, month));
  const choices = [{ value: ALL_MONTHS, label: 'Tous les matchs' }, ...months.map((name) => ({ value: name, label: name }))];

  return (
    <div className="calendar" id="calendrier-matchs">
      <nav className="calendar-filter" aria-label="Filtrer les matchs par mois">
        <ul>
          {choices.map((choice) => (
            <li key={choice.value}>
              {live ? (
                <button type="button" className="calendar-filter-choice" aria-pressed={month === choice.value} onClick={() => choose(choice.value)}>
                  {choice.label}
                </button>
              ) : (
                <a className="calendar-filter-choice" href={`#${choice.value === ALL_MONTHS ? 'calendrier-matchs' : monthId(choice.value)}`}>
                  {choice.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <p className="visually-hidden" aria-live="polite">
        {live ? countLabel(groups.reduce((sum, group) => sum + group.matches.length, 0)) : ''}
      </p>
      {groups.map((group) => (
        <section className="calendar-month" key={group.month} id={monthId(group.month)} aria-labelledby={`${monthId(group.month)}-titre`}>
          <h2 id={`${monthId(group.month)}-titre`}>{group.month}</h2>
          <ul className="calendar-matches">
            {group.matches.map((match) => (
              <li key={match.id}>
                <MatchCard match={match} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
