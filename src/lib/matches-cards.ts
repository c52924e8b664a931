import type { Match } from '../schemas/season.js';
import type { Team } from '../schemas/team.js';
import { teamInitials } from './team-initials.js';
import { parisParts } from './matches-time.js';
import { matchTime } from './matches.js';

/** Spec 3 "Match card (displayed)": what a card shows, resolved from a match and the teams. */
export interface MatchCardData {
  id: number;
  domicileTeamName: string;
  domicileTeamLogo: string;
  domicileTeamInitials: string;
  externTeamName: string;
  externTeamLogo: string;
  externTeamInitials: string;
  /** The home team's arena. */
  place: string;
  /** 'samedi' (from the full date, in Paris): French writes weekday and month in lower case inside a date. */
  weekday: string;
  date: string;
  /** The calendar's heading ('Septembre', as the spec writes it); the card writes it in lower case. */
  month: string;
  year: string;
  hours: string;
  fullDate: string;
  competition: string;
  /** Points as shown; '' for a match without a score (not played yet): the card shows none. */
  homeScore: string;
  awayScore: string;
  resume?: string;
}

/** Joins a match with its teams: the club is the home side when isHome, the opponent otherwise. */
export function toMatchCard(match: Match, teamsById: ReadonlyMap<number, Team>, club: Team): MatchCardData {
  const opponent = teamsById.get(match.opponentId);
  if (!opponent) throw new Error(`match ${match.id}: opponentId ${match.opponentId} is not a team`);
  const [home, away] = match.isHome ? [club, opponent] : [opponent, club];
  const weekday = parisParts(matchTime(match)).weekday;
  return {
    id: match.id,
    domicileTeamName: home.name,
    domicileTeamLogo: home.logo,
    domicileTeamInitials: teamInitials(home.name),
    externTeamName: away.name,
    externTeamLogo: away.logo,
    externTeamInitials: teamInitials(away.name),
    place: home.salle,
    weekday,
    date: match.date,
    month: match.month,
    year: match.year,
    hours: match.hours,
    fullDate: match.fullDate,
    competition: match.competition,
    homeScore: match.score ? String(match.score.home) : '',
    awayScore: match.score ? String(match.score.away) : '',
    ...(match.resume ? { resume: match.resume } : {}),
  };
}

/** Every match of the data as a card, in data order. */
export function toMatchCards(matches: readonly Match[], teams: readonly Team[]): MatchCardData[] {
  const teamsById = new Map(teams.map((team) => [team.id, team]));
  const club = teamsById.get(1);
  if (!club) throw new Error('team 1 (the club) is missing');
  return matches.map((match) => toMatchCard(match, teamsById, club));
}
