import type { MatchCardData } from '../../lib/matches-cards.js';
import { competitionLogo, hasScore, winningSide } from '../../lib/matches.js';
import { TeamLogo } from './TeamLogo.js';

interface MatchCardProps {
  match: MatchCardData;
  /** Upcoming cards (home carousel) never show a score. */
  showScore?: boolean;
}

/** Spec 2.10: one match, both teams with logo and score, date, hours, competition, place, sheet link. */
export function MatchCard({ match, showScore = true }: MatchCardProps) {
  const scored = showScore && hasScore(match.homeScore, match.awayScore);
  const winner = winningSide(match.homeScore, match.awayScore);
  const competition = competitionLogo(match.competition);
  const side = (which: 'home' | 'away') => {
    const [name, logo, initials, score] = which === 'home'
      ? [match.domicileTeamName, match.domicileTeamLogo, match.domicileTeamInitials, match.homeScore]
      : [match.externTeamName, match.externTeamLogo, match.externTeamInitials, match.awayScore];
    return (
      <div className={`match-team match-team-${which}`}>
        <TeamLogo name={name} logo={logo} initials={initials} />
        <span className="match-team-name">{name}</span>
        {scored ? (
          <span className={winner === which ? 'match-score match-score-winner' : 'match-score'}>{score}</span>
        ) : null}
      </div>
    );
  };
  return (
    <article className="match-card" aria-label={`${match.domicileTeamName} contre ${match.externTeamName}`}>
      <p className="match-competition">
        <img src={competition.src} alt={competition.alt} width={40} height={40} loading="lazy" decoding="async" />
        <span>{match.competition}</span>
      </p>
      <div className="match-teams">
        {side('home')}
        <span className="match-versus" aria-hidden="true">{scored ? '-' : 'vs'}</span>
        {side('away')}
      </div>
      <p className="match-when">
        <time dateTime={match.fullDate}>
          <span className="match-date">{`${match.weekday} ${match.date}`}</span>{' '}
          {/* Inside a date French writes the month in lower case ('samedi 27 septembre 2025'). */}
          <span className="match-month">{match.month.toLocaleLowerCase('fr-FR')}</span> {match.year}
        </time>
        {match.hours ? <span className="match-hours">{match.hours}</span> : null}
      </p>
      <p className="match-place">{match.place}</p>
      {match.resume ? (
        <a className="match-sheet" href={match.resume} target="_blank" rel="noopener">
          Feuille de match
        </a>
      ) : null}
    </article>
  );
}
