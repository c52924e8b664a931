import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root.js';
import { FRENCH_MONTHS } from '../../src/lib/matches.js';
import { readParisDateTime } from '../../src/lib/matches-time.js';
import type { CareerEntry, Match, Player, Staff, StaffMember, Team, TeamData } from '../../src/types/team.js';

export class TeamDataError extends Error {
  override name = 'TeamDataError';
}

const PUBLIC_DIR = path.join(projectRoot(), 'public');
const COMPETITIONS = new Set(['Betclic Elite', 'Coupe de France', 'Play In', 'BASKETBALL CHAMPIONS LEAGUE', 'Leaders Cup']);
const PICTURE_TAGS = new Set(['france', 'champion']);
const INTEGER_STRING = /^\d+$/;
const HOURS = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Every check names the file, the entry and the field: "data/team/matches.ts: match 12: opponentId 99 is not a team". */
function checker(file: string, entry: string) {
  const fail = (message: string): never => {
    throw new TeamDataError(`${file}: ${entry}: ${message}`);
  };
  return {
    fail,
    text(field: string, value: unknown): void {
      if (typeof value !== 'string' || value.trim() === '') fail(`${field} must be a non-empty string`);
    },
    integer(field: string, value: unknown, min: number, max: number): void {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        fail(`${field} ${JSON.stringify(value)} must be an integer from ${min} to ${max}`);
      }
    },
    /** External links must be https; nothing else may end up in an href. */
    url(field: string, value: unknown): void {
      if (typeof value !== 'string' || !/^https:\/\/[^\s"<>]+$/.test(value)) fail(`${field} ${JSON.stringify(value)} is not an https URL`);
    },
    /** Local images must exist, so no picture is ever broken offline. */
    localImage(field: string, value: unknown): void {
      if (typeof value !== 'string' || !/^\/images\/[\w\-/.]+$/.test(value) || value.includes('..')) {
        fail(`${field} ${JSON.stringify(value)} is not a local image path (/images/...)`);
      } else if (!existsSync(path.join(PUBLIC_DIR, value))) {
        fail(`${field} ${value} does not exist in public/`);
      }
    },
    isoDate(field: string, value: unknown): void {
      const parts = typeof value === 'string' ? ISO_DATE.exec(value) : null;
      const [y, m, d] = parts ? parts.slice(1).map(Number) as [number, number, number] : [0, 0, 0];
      const date = new Date(Date.UTC(y, m - 1, d));
      if (!parts || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
        fail(`${field} ${JSON.stringify(value)} is not a real date (YYYY-MM-DD)`);
      }
    },
  };
}

function uniqueIds(file: string, kind: string, items: readonly { id: number }[]): void {
  const seen = new Set<number>();
  for (const item of items) {
    const check = checker(file, `${kind} ${String(item.id)}`);
    check.integer('id', item.id, 1, Number.MAX_SAFE_INTEGER);
    if (seen.has(item.id)) check.fail('id is used twice');
    seen.add(item.id);
  }
}

export function validateTeams(teams: readonly Team[], file = 'data/team/teams.ts'): void {
  uniqueIds(file, 'team', teams);
  if (!teams.some((team) => team.id === 1)) throw new TeamDataError(`${file}: team 1 (the club) is missing`);
  for (const team of teams) {
    const check = checker(file, `team ${team.id}`);
    check.text('name', team.name);
    check.text('salle', team.salle);
    if (typeof team.logo === 'string' && team.logo.startsWith('/')) check.localImage('logo', team.logo);
    else check.url('logo', team.logo);
  }
}

export function validateMatches(matches: readonly Match[], teams: readonly Team[], file = 'data/team/matches.ts'): void {
  uniqueIds(file, 'match', matches);
  const teamIds = new Set(teams.map((team) => team.id));
  for (const match of matches) {
    const check = checker(file, `match ${match.id}`);
    if (!teamIds.has(match.opponentId)) check.fail(`opponentId ${JSON.stringify(match.opponentId)} is not a team`);
    if (match.opponentId === 1) check.fail('opponentId 1 is the club itself');
    if (!COMPETITIONS.has(match.competition)) check.fail(`competition ${JSON.stringify(match.competition)} is unknown`);
    if (typeof match.isHome !== 'boolean') check.fail('isHome must be true or false');
    for (const field of ['homeBasedTeamScore', 'outsideTeamScore'] as const) {
      if (typeof match[field] !== 'string' || !INTEGER_STRING.test(match[field])) {
        check.fail(`${field} ${JSON.stringify(match[field])} is not an integer string`);
      }
    }
    if (match.resume !== undefined) check.url('resume', match.resume);
    const paris = readParisDateTime(match.fullDate);
    if (typeof paris === 'string') return check.fail(`fullDate ${paris}`);
    if (match.hours !== '' && !HOURS.test(match.hours)) check.fail(`hours ${JSON.stringify(match.hours)} is not HH:MM`);
    const time = `${String(paris.hour).padStart(2, '0')}:${String(paris.minute).padStart(2, '0')}`;
    if (match.hours === '' ? time !== '00:00' : match.hours !== time) check.fail(`hours "${match.hours}" does not match fullDate ${match.fullDate}`);
    if (match.date !== String(paris.day)) check.fail(`date "${match.date}" does not match fullDate ${match.fullDate}`);
    if (match.month !== FRENCH_MONTHS[paris.month - 1]) check.fail(`month "${match.month}" does not match fullDate ${match.fullDate}`);
    if (match.year !== String(paris.year)) check.fail(`year "${match.year}" does not match fullDate ${match.fullDate}`);
  }
}

function validateCareer(check: ReturnType<typeof checker>, field: string, entries: readonly CareerEntry[]): void {
  entries.forEach((entry, index) => {
    check.text(`${field}[${index}].club`, entry.club);
    check.text(`${field}[${index}].comeIn`, entry.comeIn);
    check.text(`${field}[${index}].ending`, entry.ending);
    check.text(`${field}[${index}].leagueName`, entry.leagueName);
  });
}

export function validatePlayers(players: readonly Player[], file = 'data/team/players.ts'): void {
  uniqueIds(file, 'player', players);
  for (const player of players) {
    const check = checker(file, `player ${player.id}`);
    for (const field of ['firstName', 'lastName', 'position', 'birthPlace', 'teamPresence', 'country', 'smallResume'] as const) {
      check.text(field, player[field]);
    }
    check.integer('number', player.number, 0, 99);
    check.integer('age', player.age, 14, 50);
    check.integer('size', player.size, 140, 240);
    check.isoDate('birth', player.birth);
    check.localImage('profilImg', player.profilImg);
    check.localImage('mainPageImg', player.mainPageImg);
    player.resume.forEach((paragraph, index) => check.text(`resume[${index}]`, paragraph));
    validateCareer(check, 'carrier.pro', player.carrier.pro);
    validateCareer(check, 'carrier.amateur', player.carrier.amateur);
    player.carrier.palmares.forEach((entry, index) => {
      for (const field of ['championchipTitle', 'year', 'championship', 'place'] as const) check.text(`carrier.palmares[${index}].${field}`, entry[field]);
    });
    player.pictures.forEach((picture, index) => {
      const at = `pictures[${index}]`;
      if (!picture.playerId.includes(player.id)) check.fail(`${at}.playerId does not include the player`);
      check.text(`${at}.title`, picture.title);
      check.text(`${at}.legend`, picture.legend);
      check.text(`${at}.author`, picture.author);
      check.localImage(`${at}.src`, picture.src);
      check.isoDate(`${at}.date`, picture.date);
      if (picture.link !== undefined) check.url(`${at}.link`, picture.link);
      for (const tag of picture.tag) if (!PICTURE_TAGS.has(tag)) check.fail(`${at}.tag "${tag}" is not france or champion`);
    });
    for (const [network, link] of Object.entries(player.sci)) if (link !== undefined) check.url(`sci.${network}`, link);
  }
}

export function validateStaff(staff: Staff, file = 'data/team/staff.ts'): void {
  const member = (entry: string, person: StaffMember) => {
    const check = checker(file, entry);
    for (const field of ['firstName', 'lastName', 'role', 'since', 'bio'] as const) check.text(field, person[field]);
    check.localImage('photo', person.photo);
  };
  member('headCoach', staff.headCoach);
  staff.assistants.forEach((person, index) => member(`assistants[${index}]`, person));
  member('physicalTrainer', staff.physicalTrainer);
  staff.galleries.forEach((gallery, index) => {
    const check = checker(file, `galleries[${index}]`);
    check.text('title', gallery.title);
    gallery.photos.forEach((photo, n) => {
      check.localImage(`photos[${n}].src`, photo.src);
      check.text(`photos[${n}].alt`, photo.alt);
    });
  });
}

/** The build fails on the first malformed entry, with a message naming file, entry and field. */
export function validateTeamData(data: TeamData): TeamData {
  validateTeams(data.teams);
  validateMatches(data.matches, data.teams);
  validatePlayers(data.players);
  validateStaff(data.staff);
  return data;
}
