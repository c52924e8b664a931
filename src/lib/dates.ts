/**
 * WordPress dates are site time without a zone ('2025-11-03T16:41:00'): read as wall-clock parts
 * and format them in UTC, so the day shown never depends on the build machine's time zone.
 */
const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function wallClock(date: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(date);
  if (!match) return undefined;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0'] = match;
  const value = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)));
  return Number.isNaN(value.getTime()) ? undefined : value;
}

/** Formatted days, by day number: a post's day is shown on its article, its cards and its sidebar entries, and Intl takes a microsecond a call. */
const formattedDays = new Map<number, string>();
const DAY_MS = 86_400_000;

/** '2025-11-03T16:41:00' → '3 novembre 2025' ('' for an unreadable date). */
export function formatFrenchLongDate(date: string): string {
  const value = wallClock(date);
  if (!value) return '';
  // Only the (UTC) day is shown: every instant of a day formats the same.
  const day = Math.floor(value.getTime() / DAY_MS);
  let text = formattedDays.get(day);
  if (text === undefined) formattedDays.set(day, (text = LONG_DATE.format(value)));
  return text;
}

/** The date part for <time datetime>: '2025-11-03'. */
export function isoDay(date: string): string {
  return date.slice(0, 10);
}

/** RFC 822 date for RSS from a UTC WordPress date (date_gmt): 'Mon, 03 Nov 2025 15:41:00 GMT'. */
export function rfc822(dateGmt: string): string {
  return (wallClock(dateGmt) ?? new Date(0)).toUTCString();
}
