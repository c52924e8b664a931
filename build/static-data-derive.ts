import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { deriveKickoff } from '../src/lib/kickoff.js';
import { isUpcoming } from '../src/lib/matches.js';
import type { ClubData, MenuHeadingSpec } from '../src/schemas/club.js';
import type { LegalData } from '../src/schemas/legal.js';
import type { DATA_FILES, DataFileName } from '../src/schemas/data-files.js';
import type { Match } from '../src/schemas/season.js';
import type { Player } from '../src/schemas/team.js';
import type { SiteData } from '../src/site-data.js';
import { legalDataWarnings } from './legal-completeness.js';
import { warning, type BuildWarning, type WarningKind } from './warnings.js';

/** A data file that cannot be used: the message names the file, the entry, the field and the rule. */
export class DataError extends Error {
  override name = 'DataError';
}

/** The club's data; `warnings`: what the build can use but someone should look at (a score set before the match was played). */
export type StaticData = Pick<SiteData, 'club' | 'team' | 'season' | 'legal'> & { warnings: BuildWarning[] };

/** The kinds of warning the club's data gives (StaticData.warnings). */
export const STATIC_DATA_WARNINGS: ReadonlySet<WarningKind> = new Set<WarningKind>(['future-score', 'legal-data-incomplete']);

/** A data file's content as its schema gives it. */
export type DataOutput<Name extends DataFileName> = z.output<(typeof DATA_FILES)[Name]['schema']>;

/** A data file's text (`relative`: its path in the data folder); a DataError when it cannot be read. */
export function readDataText(dir: string, relative: string): string {
  try {
    return readFileSync(path.join(dir, relative), 'utf8');
  } catch (error) {
    throw new DataError(`data/${relative}: cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function problem(file: string, entry: string, field: string, message: string): string {
  return `${file}: ${entry}: ${field ? `${field} ` : ''}${message}`;
}

/** Whole years between a birth date and a moment, on Paris's calendar (a birthday starts at midnight there). */
export function ageOn(birth: string, now: Date): number {
  const [year, month, day] = birth.split('-').map(Number) as [number, number, number];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return y - year - (m < month || (m === month && d < day) ? 1 : 0);
}

function resolveSeasonLabel(menu: MenuHeadingSpec[], label: string): MenuHeadingSpec[] {
  return JSON.parse(JSON.stringify(menu).replaceAll('{saison}', label.replaceAll('\\', '\\\\').replaceAll('"', '\\"'))) as MenuHeadingSpec[];
}

/**
 * The club's data from its files (`readDataFile` gives each one validated, or known valid from the
 * memo): a malformed file stops the build with a DataError, the output untouched. Then what is
 * derived: each match's day, month, year and hour from its kickoff; each player's age on the build's
 * date; no score shown for a match that has not started at the build's "now" (a warning names it);
 * for a build of a public site, a warning while the legal notice is incomplete.
 */
export function deriveStaticData(readDataFile: <Name extends DataFileName>(name: Name, relative: string) => DataOutput<Name>, now: Date, legal: LegalData, siteUrl?: string): StaticData {
  // A file's content without its "$schema" (for editors, not the site).
  const read = <Name extends DataFileName>(name: Name): Omit<DataOutput<Name>, '$schema'> => {
    const { $schema: _schema, ...body } = readDataFile(name, `${name}.json`) as DataOutput<Name> & { $schema?: string };
    return body;
  };
  const settings = read('settings');
  const seasonFile = `season/${settings.currentSeason}.json`;
  const season = readDataFile('season', seasonFile);
  const [first, second] = season.years.split('-') as [string, string];
  if (`${first}-${second.slice(2)}` !== settings.currentSeason || Number(second) !== Number(first) + 1) {
    throw new DataError(problem(`data/${seasonFile}`, 'season', 'years', `${JSON.stringify(season.years)} is not the season of the file's name (${settings.currentSeason})`));
  }
  const teams = read('teams').teams;
  const warnings: BuildWarning[] = [];
  const teamIds = new Set(teams.map((team) => team.id));
  const early: number[] = [];
  const matches = season.matches.map((entry): Match => {
    if (!teamIds.has(entry.opponentId)) {
      throw new DataError(problem(`data/${seasonFile}`, `match ${entry.id}`, 'opponentId', `${entry.opponentId} is not a team of data/teams.json`));
    }
    const parts = deriveKickoff(entry.kickoff);
    // The schema accepted the kickoff, so it reads.
    if (typeof parts === 'string') throw new DataError(problem(`data/${seasonFile}`, `match ${entry.id}`, 'kickoff', parts));
    const { score, ...rest } = entry;
    const started = !isUpcoming(parts, now.getTime());
    if (score && !started) early.push(entry.id);
    return { ...rest, ...(score && started ? { score } : {}), ...parts };
  });
  if (early.length > 0) {
    // One line for them all: a build with an earlier --now (tests, a rebuild of the past) meets many.
    warnings.push(warning('future-score', `data/${seasonFile}: ${early.length} match(es) with a score kick off after the build's now ${now.toISOString()}, scores not shown: match ${early.join(', ')}`));
  }
  warnings.push(...legalDataWarnings(legal, siteUrl));
  const players = read('players').players.map(({ birth, ...player }): Player => ({ ...player, birth, age: ageOn(birth, now) }));
  const staff = read('staff');
  const club: ClubData = {
    partners: read('partners').partners,
    history: read('history'),
    palmares: read('palmares').titles,
    supporterGroups: read('supporters').groups,
    practicalFaq: read('faq').questions,
    stadium: read('stadium'),
    competitions: read('competitions'),
    contact: read('contact'),
    cashless: read('cashless'),
    partnership: read('partnership'),
    matchGuide: read('match-guide').guides,
    menu: resolveSeasonLabel(read('menu').menu, season.label),
  };
  return {
    club,
    team: { teams, matches, players, staff },
    season: { id: settings.currentSeason, label: season.label, years: season.years, months: season.months },
    legal,
    warnings,
  };
}
