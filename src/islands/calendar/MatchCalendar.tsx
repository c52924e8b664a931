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

/**
 * Spec 2.10 and 4: month filter ('all' by default, 'Tous les matchs' to come back), month
 * sections Septembre to Mai. Without JavaScript every month is shown and the filter entries are
 * links to the month sections; once live they become toggle buttons that filter.
 */
export function MatchCalendar({ matches }: MatchCalendarProps) {
  const [live, setLive] = useState(false);
  const [month, setMonth] = useState<string>(ALL_MONTHS);
  useEffect(() => setLive(true), []);

  const months = groupMatchesByMonth(matches).map((group) => group.month);
  const groups = groupMatchesByMonth(filterMatchesByMonth(matches, month));
  const choices = [{ value: ALL_MONTHS, label: 'Tous les matchs' }, ...months.map((name) => ({ value: name, label: name }))];

  return (
    <div className="calendar" id="calendrier-matchs">
      <nav className="calendar-filter" aria-label="Filtrer les matchs par mois">
        <ul>
          {choices.map((choice) => (
            <li key={choice.value}>
              {live ? (
                <button type="button" className="calendar-filter-choice" aria-pressed={month === choice.value} onClick={() => setMonth(choice.value)}>
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
