/**
 * A match's kickoff as the data writes it: a Paris wall-clock time '2025-10-04T20:00', or a date
 * '2026-05-24' while the league has not fixed the time. Everything a card shows (day, month, year,
 * hour) and the instant with Paris's offset of that day are derived from it, never typed twice.
 * No Temporal (Node 20): the offset is found by trying the offsets Paris has around that date.
 */

import { parisParts } from './matches-time.js';

/** Calendar order of French month names, as the pages write them ('Décembre'). */
export const FRENCH_MONTHS = [
  'Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin',
  'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre',
] as const;

export type FrenchMonth = (typeof FRENCH_MONTHS)[number];

export interface KickoffParts {
  /** Day of the month as written on a card ('4'). */
  date: string;
  /** French month name ('Octobre'). */
  month: FrenchMonth;
  year: string;
  /** 'HH:MM' in Paris; '' when only the date is known. */
  hours: string;
  /** ISO 8601 with Paris's offset at that moment ('2025-10-04T20:00:00+02:00'); midnight when hours is ''. */
  fullDate: string;
}

const KICKOFF = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;
const HOUR_MS = 3_600_000;

/** Paris wall clock of an instant, as minutes since the epoch of a UTC clock showing the same digits. */
function parisWallClock(instant: number): number {
  const parts = parisParts(instant);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** Paris's offset (ms ahead of UTC) at an instant. */
function parisOffset(instant: number): number {
  return parisWallClock(instant) - Math.floor(instant / 60_000) * 60_000;
}

function formatOffset(offset: number): string {
  const minutes = Math.abs(offset) / 60_000;
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The parts of a kickoff, or a message saying what is wrong with it ('is not a date-time', 'does
 * not exist in Paris' for the hour skipped when clocks go forward, 'is ambiguous in Paris' for the
 * hour lived twice when they go back).
 */
export function deriveKickoff(kickoff: string): KickoffParts | string {
  const parts = KICKOFF.exec(kickoff);
  const show = JSON.stringify(kickoff);
  if (!parts) return `${show} is not a date-time (YYYY-MM-DDTHH:MM, Paris time, or YYYY-MM-DD while the time is not fixed)`;
  const [year, month, day] = parts.slice(1, 4).map(Number) as [number, number, number];
  const timed = parts[4] !== undefined;
  const [hour, minute] = timed ? [Number(parts[4]), Number(parts[5])] : [0, 0];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return `${show} is not a date-time`;
  }
  // Paris's offsets within a day of that wall time; a wall time is valid for each offset that maps back to it.
  const offsets = [...new Set([-24, 0, 24].map((hours) => parisOffset(wall + hours * HOUR_MS)))];
  const fits = offsets.filter((offset) => parisWallClock(wall - offset) === wall);
  if (fits.length === 0) return `${show} does not exist in Paris (the clocks go forward that night)`;
  if (fits.length > 1) return `${show} is ambiguous in Paris (the clocks go back that night)`;
  const offset = fits[0] as number;
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: String(day),
    month: FRENCH_MONTHS[month - 1] as FrenchMonth,
    year: String(year),
    hours: timed ? `${pad(hour)}:${pad(minute)}` : '',
    fullDate: `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00${formatOffset(offset)}`,
  };
}
