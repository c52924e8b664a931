/** Wall-clock parts of an instant in Paris, where every match time is written. */
export interface ParisParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 'samedi', 'dimanche'... */
  weekday: string;
}

const PARIS = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'long',
  hourCycle: 'h23',
});

export function parisParts(instant: number): ParisParts {
  const parts = Object.fromEntries(PARIS.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: String(parts.weekday),
  };
}

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads '2025-09-27T21:00:00+02:00' and checks it is a real date whose offset is Paris's at that
 * moment; returns the Paris wall-clock parts, or an error message naming what is wrong.
 */
export function readParisDateTime(value: string): ParisParts | string {
  const match = ISO_WITH_OFFSET.exec(value);
  if (!match) return `"${value}" is not an ISO date-time with an offset (YYYY-MM-DDTHH:MM:SS+HH:MM)`;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    return `"${value}" is not a real date`;
  }
  const paris = parisParts(Date.parse(value));
  if (paris.year !== year || paris.month !== month || paris.day !== day || paris.hour !== hour || paris.minute !== minute) {
    return `"${value}" does not carry the Paris offset of that day`;
  }
  return paris;
}
