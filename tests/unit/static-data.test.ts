import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDir } from '../../data/project-root.js';
import { exportedSchemas } from '../../build/export-schemas.js';
import { ageOn, loadStaticData } from '../../build/static-data.js';
import { deriveKickoff } from '../../src/lib/kickoff.js';
import { DATA_FILES } from '../../src/schemas/data-files.js';
import { dataWith } from './data-fixture.js';
import { renderPath } from './render-page.js';
import { makeSite } from './site-fixture.js';

describe('a kickoff, one Paris wall-clock time, gives day, month, year, hour and the instant', () => {
  it('in summer time (+02:00) and in winter time (+01:00)', () => {
    expect(deriveKickoff('2025-10-04T20:00')).toEqual({ date: '4', month: 'Octobre', year: '2025', hours: '20:00', fullDate: '2025-10-04T20:00:00+02:00' });
    expect(deriveKickoff('2026-01-03T18:30')).toEqual({ date: '3', month: 'Janvier', year: '2026', hours: '18:30', fullDate: '2026-01-03T18:30:00+01:00' });
  });

  it('on the days the clocks change: the offset of that hour, not of the day before', () => {
    // 26 October 2025: back to winter time at 03:00; 29 March 2026: summer time from 02:00.
    expect(deriveKickoff('2025-10-26T01:30')).toMatchObject({ fullDate: '2025-10-26T01:30:00+02:00' });
    expect(deriveKickoff('2025-10-26T19:00')).toMatchObject({ fullDate: '2025-10-26T19:00:00+01:00' });
    expect(deriveKickoff('2026-03-29T01:30')).toMatchObject({ fullDate: '2026-03-29T01:30:00+01:00' });
    expect(deriveKickoff('2026-03-29T14:30')).toMatchObject({ fullDate: '2026-03-29T14:30:00+02:00', date: '29', month: 'Mars' });
    expect(Date.parse('2026-03-29T14:30:00+02:00')).toBe(Date.UTC(2026, 2, 29, 12, 30));
  });

  it('refuses the hour that does not exist and the hour that happens twice', () => {
    expect(deriveKickoff('2026-03-29T02:30')).toBe('"2026-03-29T02:30" does not exist in Paris (the clocks go forward that night)');
    expect(deriveKickoff('2025-10-26T02:30')).toBe('"2025-10-26T02:30" is ambiguous in Paris (the clocks go back that night)');
  });

  it('takes a date alone while the league has not fixed the time: no hour, midnight in Paris', () => {
    expect(deriveKickoff('2026-05-24')).toEqual({ date: '24', month: 'Mai', year: '2026', hours: '', fullDate: '2026-05-24T00:00:00+02:00' });
  });

  it('refuses what is not a date-time', () => {
    for (const bad of ['2025-13-01T20:00', '2026-02-29T20:00', '2025-10-04T24:00', '2025-10-04 20:00', '4 octobre 2025']) {
      expect(deriveKickoff(bad), bad).toMatch(/is not a date-time/);
    }
  });
});

describe('ages are computed on the build date from the birth date', () => {
  it('turns a year older on the birthday, in Paris', () => {
    // Born 2 November 1996: 28 the evening before in Paris (22:59 UTC), 29 at midnight Paris time (23:00 UTC).
    expect(ageOn('1996-11-02', new Date('2025-11-01T22:59:00Z'))).toBe(28);
    expect(ageOn('1996-11-02', new Date('2025-11-01T23:00:00Z'))).toBe(29);
    expect(ageOn('2000-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(26);
  });

  it("gives each player the age of the build's now, on the player page", () => {
    const at = (now: string) => loadStaticData({ now: new Date(now) }).team.players.find((player) => player.id === 3)?.age;
    expect(at('2025-10-15T12:00:00Z')).toBe(28);
    expect(at('2026-11-24T12:00:00Z')).toBe(30);
    const site = makeSite({ team: loadStaticData({ now: new Date('2026-11-24T12:00:00Z') }).team });
    const { $ } = renderPath('/equipe/pro/joueurs/details/3', site);
    expect($('.player-facts dd').first().text()).toBe('2 novembre 1996 (30 ans)');
  });
});

describe('a match not played yet has no score', () => {
  const mid = loadStaticData({ now: new Date('2026-01-15T12:00:00Z') });
  const later = loadStaticData({ now: new Date('2026-11-24T12:00:00Z') });

  it("shows the scores of the matches before the build's now only, and says which scores it held back", () => {
    const scored = (data: typeof mid) => data.team.matches.filter((match) => match.score).map((match) => match.id);
    expect(scored(mid)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(scored(later)).toHaveLength(32);
    expect(mid.warnings.map((entry) => entry.message)).toEqual([
      "data/season/2025-26.json: 17 match(es) with a score kick off after the build's now 2026-01-15T12:00:00.000Z, scores not shown: match 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32",
    ]);
    expect(later.warnings).toEqual([]);
  });

  it('reads as the spec says on the calendar: both teams, "vs", no score; a played match shows its score and "-"', () => {
    const { $ } = renderPath('/equipe/match/calendrier', makeSite({ team: mid.team }));
    const card = (opponent: string) => $('.match-card').filter((_, element) => $(element).attr('aria-label')?.includes(opponent) ?? false);
    const played = card('Cholet Basket').first(); // match 2, 4 October 2025: 89-73
    expect(played.find('.match-score').map((_, element) => $(element).text()).get()).toEqual(['89', '73']);
    expect(played.find('.match-versus').text()).toBe('-');
    const upcoming = card('ADA Blois').first(); // match 16, 17 January 2026
    expect(upcoming.find('.match-team-name').map((_, element) => $(element).text()).get()).toEqual(['Saint-Quentin Basket-Ball', 'ADA Blois']);
    expect(upcoming.find('.match-score')).toHaveLength(0);
    expect(upcoming.find('.match-versus').text()).toBe('vs');
    expect(upcoming.find('.match-hours').text()).toBe('18:30');
  });

  it('a match whose score is left out of the file is not played, whatever the date', () => {
    const folder = dataWith('season/2025-26.json', (f) => { delete f.matches[0].score; });
    const data = loadStaticData({ dataDir: folder, now: new Date('2026-11-24T12:00:00Z') });
    expect(data.team.matches[0]?.score).toBeUndefined();
    const { $ } = renderPath('/equipe/match/calendrier', makeSite({ team: data.team }));
    expect($('.match-card').first().find('.match-score')).toHaveLength(0);
  });
});

describe('a season is data', () => {
  it('takes the label, the years and the months from the current season file', () => {
    const folder = dataWith('settings.json', (f) => { f.currentSeason = '2026-27'; });
    const season = JSON.parse(readFileSync(path.join(folder, 'season/2025-26.json'), 'utf8')) as { matches: { kickoff: string; score?: unknown }[] };
    const next = {
      $schema: '../schemas/season.json',
      label: 'Saison 26-27',
      years: '2026-2027',
      months: ['Octobre', 'Novembre'],
      matches: [{ ...season.matches[1], kickoff: '2026-10-03T20:00', score: undefined }],
    };
    // The club's workflow: one new file, the current season switched (above), a rebuild.
    writeFileSync(path.join(folder, 'season/2026-27.json'), JSON.stringify(next));
    const data = loadStaticData({ dataDir: folder, now: new Date('2026-09-01T12:00:00Z') });
    expect(data.season).toEqual({ id: '2026-27', label: 'Saison 26-27', years: '2026-2027', months: ['Octobre', 'Novembre'] });
    expect(data.team.matches.map((match) => match.fullDate)).toEqual(['2026-10-03T20:00:00+02:00']);
    expect(data.club.menu.map((heading) => heading.label)).toContain('Saison 26-27');
    const site = makeSite({ team: data.team, season: data.season, club: data.club });
    const { $, head } = renderPath('/equipe/match/calendrier', site);
    expect($('.page-banner').text()).toContain('Saison 2026-2027');
    expect(head.description).toContain('saison 2026-2027');
  });
});

describe('the JSON Schemas of data/schemas', () => {
  it('are those `npm run schemas` exports from src/schemas (run it after changing a schema)', () => {
    for (const [file, text] of exportedSchemas()) {
      expect(readFileSync(path.join(dataDir(), 'schemas', file), 'utf8'), `data/schemas/${file} is stale: npm run schemas`).toBe(text);
    }
    expect(exportedSchemas().size).toBe(Object.keys(DATA_FILES).length);
  });

  it('are named by every data file, so editors complete and check them', () => {
    const named = (file: string) => (JSON.parse(readFileSync(path.join(dataDir(), file), 'utf8')) as { $schema?: string }).$schema;
    for (const name of Object.keys(DATA_FILES).filter((name) => name !== 'season')) expect(named(`${name}.json`), name).toBe(`./schemas/${name}.json`);
    expect(named('season/2025-26.json')).toBe('../schemas/season.json');
  });
});
