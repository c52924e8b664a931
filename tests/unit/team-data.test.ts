import { describe, expect, it } from 'vitest';
import { loadTeamData } from '../../data/team/index.js';
import { validateMatches, validatePlayers, validateStaff, validateTeams } from '../../data/team/validate.js';
import type { Match, Player } from '../../src/types/team.js';

const data = loadTeamData();
const firstMatch = data.matches[0] as Match;
const firstPlayer = data.players[0] as Player;
const withMatch = (change: Partial<Match>) => [{ ...firstMatch, ...change }];

describe('the static team data', () => {
  it('has the 27 teams of the spec, id 1 being the club', () => {
    expect(data.teams).toHaveLength(27);
    expect(data.teams.find((team) => team.id === 1)?.name).toBe('Saint-Quentin Basket-Ball');
  });

  it('has season 2025-2026: 30 Betclic Elite and 2 Coupe de France matches, late September to May', () => {
    const count = (name: string) => data.matches.filter((match) => match.competition === name).length;
    expect(count('Betclic Elite')).toBe(30);
    expect(count('Coupe de France')).toBe(2);
    const dates = data.matches.map((match) => match.fullDate).sort();
    expect(dates[0]?.slice(0, 7)).toBe('2025-09');
    expect(dates.at(-1)?.slice(0, 7)).toBe('2026-05');
  });

  it('meets every other league club home or away, and the club never plays itself', () => {
    const league = data.matches.filter((match) => match.competition === 'Betclic Elite');
    expect(new Set(league.map((match) => match.opponentId)).size).toBe(17);
    expect(data.matches.some((match) => match.opponentId === 1)).toBe(false);
  });

  it('uses the usual weekend slots', () => {
    for (const match of data.matches) {
      const weekday = new Date(match.fullDate).getUTCDay();
      const slots = weekday === 6 ? ['16:00', '18:30', '21:00'] : ['14:30', '16:30', '19:00'];
      expect([0, 6], `match ${match.id}`).toContain(weekday);
      expect(slots, `match ${match.id}`).toContain(match.hours);
    }
  });

  it('has about 11 players, some deliberately incomplete', () => {
    expect(data.players).toHaveLength(11);
    expect(data.players.some((player) => player.carrier.pro.length === 0 && player.carrier.amateur.length === 0)).toBe(true);
    expect(data.players.some((player) => player.pictures.length === 0)).toBe(true);
    expect(data.players.some((player) => Object.keys(player.sci).length === 0)).toBe(true);
  });

  it('has a head coach, assistant coaches, a physical trainer and photo galleries', () => {
    expect(data.staff.assistants.length).toBeGreaterThan(0);
    expect(data.staff.galleries.length).toBeGreaterThan(0);
  });
});

describe('a malformed entry fails the build with file, entry and field', () => {
  it('rejects an unknown opponentId', () => {
    expect(() => validateMatches(withMatch({ id: 12, opponentId: 99 }), data.teams)).toThrow(
      'data/team/matches.ts: match 12: opponentId 99 is not a team',
    );
  });

  it('rejects an impossible date', () => {
    expect(() => validateMatches(withMatch({ fullDate: '2026-02-30T20:00:00+01:00' }), data.teams)).toThrow(
      `data/team/matches.ts: match ${firstMatch.id}: fullDate "2026-02-30T20:00:00+01:00" is not a real date`,
    );
  });

  it('rejects a date whose offset is not Paris time', () => {
    expect(() => validateMatches(withMatch({ fullDate: '2025-09-27T21:00:00+01:00' }), data.teams)).toThrow(/fullDate .* does not carry the Paris offset/);
  });

  it('rejects fields that contradict the full date', () => {
    expect(() => validateMatches(withMatch({ month: 'Octobre' }), data.teams)).toThrow(/match 1: month "Octobre" does not match fullDate/);
    expect(() => validateMatches(withMatch({ hours: '20:00' }), data.teams)).toThrow(/match 1: hours "20:00" does not match fullDate/);
    expect(() => validateMatches(withMatch({ date: '28' }), data.teams)).toThrow(/match 1: date "28" does not match fullDate/);
  });

  it('rejects a score that is not an integer string', () => {
    expect(() => validateMatches(withMatch({ homeBasedTeamScore: '8O' }), data.teams)).toThrow(
      'data/team/matches.ts: match 1: homeBasedTeamScore "8O" is not an integer string',
    );
    expect(() => validateMatches(withMatch({ outsideTeamScore: '' }), data.teams)).toThrow(/outsideTeamScore "" is not an integer string/);
  });

  it('rejects a duplicate match id and a non-https sheet link', () => {
    expect(() => validateMatches([firstMatch, firstMatch], data.teams)).toThrow('data/team/matches.ts: match 1: id is used twice');
    expect(() => validateMatches(withMatch({ resume: 'javascript:alert(1)' }), data.teams)).toThrow(/match 1: resume .* is not an https URL/);
  });

  it('rejects a team without the club or with a non-https logo', () => {
    expect(() => validateTeams(data.teams.filter((team) => team.id !== 1))).toThrow('data/team/teams.ts: team 1 (the club) is missing');
    expect(() => validateTeams([{ id: 1, name: 'SQBB', salle: 'Pierre-Ratte', logo: 'http://example.com/x.png' }])).toThrow(
      /data\/team\/teams.ts: team 1: logo .* is not an https URL/,
    );
  });

  it('rejects a player picture that is not shipped, and an impossible birth date', () => {
    const picture = { ...(firstPlayer.pictures[0] as Player['pictures'][number]), src: '/images/team/absente.svg' };
    expect(() => validatePlayers([{ ...firstPlayer, pictures: [picture] }])).toThrow(
      'data/team/players.ts: player 1: pictures[0].src /images/team/absente.svg does not exist in public/',
    );
    expect(() => validatePlayers([{ ...firstPlayer, birth: '1998-13-01' }])).toThrow(/player 1: birth "1998-13-01" is not a real date/);
  });

  it('rejects a staff photo outside /images', () => {
    expect(() => validateStaff({ ...data.staff, headCoach: { ...data.staff.headCoach, photo: '../secret.svg' } })).toThrow(
      /data\/team\/staff.ts: headCoach: photo "..\/secret.svg" is not a local image path/,
    );
  });
});
