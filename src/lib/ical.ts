/** RFC 5545 iCalendar writing: text escaping, line folding, the Europe/Paris zone and events. */

export interface CalendarEvent {
  uid: string;
  /** Paris wall clock: date 'YYYYMMDD' and, when the time is known, time 'HHMMSS'. */
  start: { date: string; time?: string };
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  categories?: string[];
}

export interface CalendarOptions {
  name: string;
  /** When the calendar was produced (DTSTAMP of every event). */
  stamp: Date;
  events: readonly CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** RFC 5545 3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and one space. Counted in UTF-8
 * octets, and a multi-byte character is never split across two lines.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  // Most lines are short ASCII: nothing to fold.
  if (line.length <= MAX_OCTETS && !NON_ASCII.test(line)) return line;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) as number);
    // Continuation lines start with a space, which counts toward their 75 octets.
    const limit = out.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Octets of a code point in UTF-8 (a lone surrogate is written as U+FFFD, 3 octets, like Buffer does). */
const utf8Length = (code: number): number => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/** 'YYYYMMDDTHHMMSSZ' in UTC. */
export function formatUtcStamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** Zone definition for TZID=Europe/Paris (current EU rules: last Sunday of March and October). */
const PARIS_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const { date, time } = event.start;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    // A match lasts about two hours; a match whose time is not fixed yet is a whole-day event.
    ...(time ? [`DTSTART;TZID=Europe/Paris:${date}T${time}`, 'DURATION:PT2H'] : [`DTSTART;VALUE=DATE:${date}`, 'DURATION:P1D']),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.categories?.length ? [`CATEGORIES:${event.categories.map(escapeText).join(',')}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR, CRLF line endings, every line folded. */
export function buildCalendar({ name, stamp, events }: CalendarOptions): string {
  const dtstamp = formatUtcStamp(stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Saint-Quentin Basket-Ball//Calendrier des matchs//FR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:Europe/Paris',
    ...PARIS_TIMEZONE,
    ...events.flatMap((event) => eventLines(event, dtstamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
