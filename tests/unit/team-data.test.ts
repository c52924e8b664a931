import { describe, expect, it } from 'vitest';
import { loadError, realData } from './data-fixture.js';

const SEASON = 'season/2025-26.json';
const data = realData().team;

describe('the team data files', () => {
  it('have the 27 teams of the spec, id 1 being the club, each with a logo of our own', () => {
    expect(data.teams).toHaveLength(27);
    expect(data.teams.find((team) => team.id === 1)?.name).toBe('Saint-Quentin Basket-Ball');
    for (const team of data.teams) expect(team.logo, team.name).toMatch(/^\/images\//);
  });

  it('have season 2025-2026: 30 Betclic Elite and 2 Coupe de France matches, late September to May', () => {
    const count = (name: string) => data.matches.filter((match) => match.competition === name).length;
    expect(count('Betclic Elite')).toBe(30);
    expect(count('Coupe de France')).toBe(2);
    const dates = data.matches.map((match) => match.fullDate).sort();
    expect(dates[0]?.slice(0, 7)).toBe('2025-09');
    expect(dates.at(-1)?.slice(0, 7)).toBe('2026-05');
  });

  it('meet every other league club home or away, and the club never plays itself', () => {
    const league = data.matches.filter((match) => match.competition === 'Betclic Elite');
    expect(new Set(league.map((match) => match.opponentId)).size).toBe(17);
    expect(data.matches.some((match) => match.opponentId === 1)).toBe(false);
  });

  it('use the usual weekend slots', () => {
    for (const match of data.matches) {
      const weekday = new Date(match.fullDate).getUTCDay();
      const slots = weekday === 6 ? ['16:00', '18:30', '21:00'] : ['14:30', '16:30', '19:00'];
      expect([0, 6], `match ${match.id}`).toContain(weekday);
      expect(slots, `match ${match.id}`).toContain(match.hours);
    }
  });

  it('have about 11 players, some deliberately incomplete', () => {
    expect(data.players).toHaveLength(11);
    expect(data.players.some((player) => player.carrier.pro.length === 0 && player.carrier.amateur.length === 0)).toBe(true);
    expect(data.players.some((player) => player.pictures.length === 0)).toBe(true);
    expect(data.players.some((player) => Object.keys(player.sci).length === 0)).toBe(true);
  });

  it('have a head coach, assistant coaches, a physical trainer and photo galleries', () => {
    expect(data.staff.assistants.length).toBeGreaterThan(0);
    expect(data.staff.galleries.length).toBeGreaterThan(0);
  });
});

describe('a malformed team or season file is named with its entry, field and rule', () => {
  it('a kickoff that is not a date-time (the example of the issue)', () => {
    expect(loadError(SEASON, (f) => { f.matches[11].kickoff = '2025-13-01T20:00'; })).toBe(
      'data/season/2025-26.json: match 12: kickoff "2025-13-01T20:00" is not a date-time',
    );
    expect(loadError(SEASON, (f) => { f.matches[0].kickoff = '2026-02-30T20:00'; })).toBe(
      'data/season/2025-26.json: match 1: kickoff "2026-02-30T20:00" is not a date-time',
    );
    expect(loadError(SEASON, (f) => { f.matches[0].kickoff = '2025-09-27T21:00:00+02:00'; })).toMatch(
      /^data\/season\/2025-26\.json: match 1: kickoff "2025-09-27T21:00:00\+02:00" is not a date-time \(YYYY-MM-DDTHH:MM, Paris time/,
    );
  });

  it('a kickoff in the hour the clocks skip, or outside the season months', () => {
    expect(loadError(SEASON, (f) => { f.matches[24].kickoff = '2026-03-29T02:30'; })).toBe(
      'data/season/2025-26.json: match 25: kickoff "2026-03-29T02:30" does not exist in Paris (the clocks go forward that night)',
    );
    expect(loadError(SEASON, (f) => { f.matches[31].kickoff = '2026-06-06T20:00'; })).toBe(
      `data/season/2025-26.json: match 32: kickoff "2026-06-06T20:00" is in Juin, not one of the season's months`,
    );
  });

  it('an unknown opponent, a duplicate id, a bad score and a non-https sheet link', () => {
    expect(loadError(SEASON, (f) => { f.matches[11].opponentId = 99; })).toBe(
      'data/season/2025-26.json: match 12: opponentId 99 is not a team of data/teams.json',
    );
    expect(loadError(SEASON, (f) => { f.matches[1].id = 1; })).toBe('data/season/2025-26.json: match 1: id 1 is used twice');
    expect(loadError(SEASON, (f) => { f.matches[0].score.home = '80'; })).toBe('data/season/2025-26.json: match 1: score.home "80" is not a number');
    expect(loadError(SEASON, (f) => { f.matches[0].score.home = 80.5; })).toBe('data/season/2025-26.json: match 1: score.home 80.5 is not an integer');
    expect(loadError(SEASON, (f) => { f.matches[0].score.away = -3; })).toBe('data/season/2025-26.json: match 1: score.away -3 is less than 0');
    expect(loadError(SEASON, (f) => { f.matches[0].resume = 'javascript:alert(1)'; })).toBe(
      'data/season/2025-26.json: match 1: resume "javascript:alert(1)" is not an https URL',
    );
    expect(loadError(SEASON, (f) => { f.matches[0].competition = 'Pro B'; })).toMatch(
      /^data\/season\/2025-26\.json: match 1: competition "Pro B" is not one of "Betclic Elite", "Coupe de France"/,
    );
  });

  it('a current season without its file, or whose years disagree with its name', () => {
    expect(loadError('settings.json', (f) => { f.currentSeason = '2026-27'; })).toMatch(/^data\/season\/2026-27\.json: cannot be read as JSON: ENOENT/);
    expect(loadError(SEASON, (f) => { f.years = '2024-2025'; })).toBe(
      `data/season/2025-26.json: season: years "2024-2025" is not the season of the file's name (2025-26)`,
    );
  });

  it('teams without the club, or with a logo on another host', () => {
    expect(loadError('teams.json', (f) => { f.teams.shift(); })).toBe('data/teams.json: teams: must hold team 1, the club itself');
    expect(loadError('teams.json', (f) => { f.teams[1].logo = 'https://medias.lnb.fr/logos/clubs/paris-basketball.png'; })).toBe(
      'data/teams.json: team 2: logo "https://medias.lnb.fr/logos/clubs/paris-basketball.png" is not a path under /images/',
    );
  });

  it('a player picture that is not shipped, and an impossible birth date', () => {
    expect(loadError('players.json', (f) => { f.players[0].pictures[0].src = '/images/team/absente.svg'; })).toBe(
      'data/players.json: player 1: pictures[0].src "/images/team/absente.svg" does not exist in public/',
    );
    expect(loadError('players.json', (f) => { f.players[0].birth = '1998-13-01'; })).toBe(
      'data/players.json: player 1: birth "1998-13-01" is not a real date (YYYY-MM-DD)',
    );
  });

  it('a picture naming a player who does not exist', () => {
    expect(loadError('players.json', (f) => { f.players[0].pictures[0].playerId.push(99); })).toBe(
      'data/players.json: player 1: pictures[0].playerId[1] 99 is not a player of data/players.json',
    );
  });

  it('a staff photo outside /images', () => {
    expect(loadError('staff.json', (f) => { f.headCoach.photo = '../secret.svg'; })).toBe('data/staff.json: staff: headCoach.photo "../secret.svg" is not a path under /images/');
  });
});
