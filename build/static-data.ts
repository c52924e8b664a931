import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { dataDir as defaultDataDir } from '../data/project-root.js';
import { deriveKickoff } from '../src/lib/kickoff.js';
import { isUpcoming } from '../src/lib/matches.js';
import type { ClubData, MenuHeadingSpec } from '../src/schemas/club.js';
import { DATA_FILES, type DataFileName } from '../src/schemas/data-files.js';
import type { Match, Season } from '../src/schemas/season.js';
import type { Player, TeamData } from '../src/schemas/team.js';
import { warning, type BuildWarning } from './warnings.js';

/** A data file that cannot be used: the message names the file, the entry, the field and the rule. */
export class DataError extends Error {
  override name = 'DataError';
}

export interface StaticData {
  club: ClubData;
  team: TeamData;
  season: Season;
  /** Data the build can use but someone should look at (a score set before the match was played). */
  warnings: BuildWarning[];
}

type Output<Name extends DataFileName> = z.output<(typeof DATA_FILES)[Name]['schema']>;

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The sentence after the field's name, for zod's own rules (the schemas' custom rules write theirs). */
function describe(issue: z.core.$ZodRawIssue): string {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined ? 'is missing' : `${show(input)} is not ${issue.expected === 'int' ? 'an integer' : /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `${show(input)} is not one of ${issue.values.map((value) => show(value)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => show(key)).join(', ')}`;
    case 'invalid_union':
      return `${show(input)} matches none of the allowed shapes`;
    case 'too_small':
    case 'too_big': {
      const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
      if (Array.isArray(input)) {
        const exact = issue.code === 'too_small' ? issue.exact : issue.exact;
        const rule = exact ? `exactly ${String(limit)}` : `${issue.code === 'too_small' ? 'at least' : 'at most'} ${String(limit)}`;
        return `must hold ${rule} entries, not ${input.length}`;
      }
      return `${show(input)} is ${issue.code === 'too_small' ? 'less' : 'more'} than ${String(limit)}`;
    }
    default:
      return `${show(input)} is not valid`;
  }
}

/** 'match 12' for ['matches', 11, ...] (by id when the entry has one), the file's entry name otherwise. */
function locate(name: DataFileName, data: unknown, issuePath: readonly PropertyKey[]): { entry: string; field: readonly PropertyKey[] } {
  const spec = DATA_FILES[name] as { entry: string; lists?: Record<string, string> };
  const [key, index, ...rest] = issuePath;
  const label = typeof key === 'string' ? spec.lists?.[key] : undefined;
  if (label && typeof index === 'number') {
    const item = (data as Record<string, unknown[] | undefined>)[key as string]?.[index] as Record<string, unknown> | undefined;
    const id = typeof item?.id === 'number' ? item.id : index + 1;
    const named = typeof item?.id !== 'number' && typeof item?.name === 'string' ? ` (${show(item.name)})` : '';
    return { entry: `${label} ${id}${named}`, field: rest };
  }
  return { entry: spec.entry, field: issuePath };
}

function fieldName(field: readonly PropertyKey[]): string {
  return field.reduce<string>((name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)), '');
}

function problem(file: string, entry: string, field: string, message: string): string {
  return `${file}: ${entry}: ${field ? `${field} ` : ''}${message}`;
}

/** Reads and validates one data file; every problem is a line of the DataError (the first names the cause). */
export function readDataFile<Name extends DataFileName>(dir: string, name: Name, relative: string): Output<Name> {
  const file = `data/${relative}`;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(dir, relative), 'utf8'));
  } catch (error) {
    throw new DataError(`${file}: cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = DATA_FILES[name].schema.safeParse(data, { reportInput: true, error: (issue) => describe(issue) });
  if (result.success) return result.data as Output<Name>;
  const lines = result.error.issues.map((issue) => {
    const { entry, field } = locate(name, data, issue.path);
    return problem(file, entry, fieldName(field), issue.message);
  });
  throw new DataError([...new Set(lines)].join('\n'));
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
 * Every data file read and validated before anything is built: a malformed file stops the build
 * with a DataError, the output untouched. Then what is derived: each match's day, month, year and
 * hour from its kickoff; each player's age on the build's date; no score shown for a match that
 * has not started at the build's "now" (a warning names it: a score set too early or a wrong kickoff).
 */
export function loadStaticData({ dataDir = defaultDataDir(), now }: { dataDir?: string; now: Date }): StaticData {
  const settings = readDataFile(dataDir, 'settings', 'settings.json');
  const seasonFile = `season/${settings.currentSeason}.json`;
  const season = readDataFile(dataDir, 'season', seasonFile);
  const [first, second] = season.years.split('-') as [string, string];
  if (`${first}-${second.slice(2)}` !== settings.currentSeason || Number(second) !== Number(first) + 1) {
    throw new DataError(problem(`data/${seasonFile}`, 'season', 'years', `${JSON.stringify(season.years)} is not the season of the file's name (${settings.currentSeason})`));
  }
  const teams = readDataFile(dataDir, 'teams', 'teams.json').teams;
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
  const players = readDataFile(dataDir, 'players', 'players.json').players.map(
    ({ birth, ...player }): Player => ({ ...player, birth, age: ageOn(birth, now) }),
  );
  const { $schema: _staffSchema, ...staff } = readDataFile(dataDir, 'staff', 'staff.json');
  const read = <Name extends DataFileName>(name: Name): Omit<Output<Name>, '$schema'> => {
    const { $schema: _schema, ...body } = readDataFile(dataDir, name, `${name}.json`) as Output<Name> & { $schema?: string };
    return body;
  };
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
    warnings,
  };
}
