import { describe, expect, it } from 'vitest';
import { realData } from './data-fixture.js';
import { buildCalendar, escapeText, foldLine, formatUtcStamp } from '../../src/lib/ical.js';
import { seasonCalendar } from '../../src/lib/matches-ical.js';

const unfold = (text: string) => text.replace(/\r\n /g, '');
const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and newlines (RFC 5545 3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
  it('leaves colons and accents alone', () => {
    expect(escapeText('Élan Béarnais : 18:30')).toBe('Élan Béarnais : 18:30');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines at 75 octets with CRLF and a space', () => {
    const folded = foldLine(`DESCRIPTION:${'a'.repeat(200)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((line) => octets(line) <= 75)).toBe(true);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(`DESCRIPTION:${'a'.repeat(200)}`);
  });

  it('counts UTF-8 octets and never splits a character', () => {
    const line = `LOCATION:${'é'.repeat(80)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.every((part) => octets(part) <= 75)).toBe(true);
    expect(lines.every((part) => !part.includes('\uFFFD'))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });
});

describe('buildCalendar', () => {
  const ics = buildCalendar({
    name: 'SQBB, saison',
    stamp: new Date('2026-01-15T12:34:56.789Z'),
    events: [
      { uid: 'a@x', start: { date: '20260117', time: '183000' }, summary: 'SQBB - Paris', location: 'Pierre-Ratte; tribune', categories: ['Betclic Elite'] },
      { uid: 'b@x', start: { date: '20260516' }, summary: 'Horaire à confirmer' },
    ],
  });

  it('uses CRLF line endings and wraps everything in one VCALENDAR', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes times in Europe/Paris with the zone defined, and whole days for unknown times', () => {
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20260117T183000\r\nDURATION:PT2H');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260516\r\nDURATION:P1D');
  });

  it('stamps events in UTC without milliseconds and escapes text values', () => {
    expect(formatUtcStamp(new Date('2026-01-15T12:34:56.789Z'))).toBe('20260115T123456Z');
    expect(ics).toContain('DTSTAMP:20260115T123456Z');
    expect(ics).toContain('X-WR-CALNAME:SQBB\\, saison');
    expect(ics).toContain('LOCATION:Pierre-Ratte\\; tribune');
  });
});

describe('the season feed', () => {
  const data = realData().team;
  const ics = seasonCalendar({ matches: data.matches, teams: data.teams, siteUrl: 'https://www.sqbb.fr', season: '2025-2026' });
  const events = unfold(ics).split('BEGIN:VEVENT').slice(1);

  it('has one event per match with a unique id', () => {
    expect(events).toHaveLength(data.matches.length);
    const uids = events.map((event) => /UID:(.*)\r\n/.exec(event)?.[1]);
    expect(new Set(uids).size).toBe(data.matches.length);
    expect(uids[0]).toBe('match-1-2025-2026@www.sqbb.fr');
  });

  it('names opponent, competition and place, with a valid Paris start', () => {
    const first = events[0] ?? '';
    expect(first).toContain('SUMMARY:Saint-Quentin Basket-Ball - Paris Basketball');
    expect(first).toContain('LOCATION:Palais des Sports Pierre-Ratte');
    expect(first).toContain('CATEGORIES:Betclic Elite');
    expect(first).toContain('DTSTART;TZID=Europe/Paris:20250927T210000');
    for (const event of events) {
      const start = /DTSTART;TZID=Europe\/Paris:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})00/.exec(event);
      expect(start, event).not.toBeNull();
      const [, y, mo, d, h, mi] = (start ?? []).map(Number) as number[];
      const date = new Date(Date.UTC(y as number, (mo as number) - 1, d));
      expect(date.getUTCDate()).toBe(d);
      expect(h).toBeLessThan(24);
      expect(mi).toBeLessThan(60);
    }
  });

  it('keeps every physical line within 75 octets', () => {
    expect(ics.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
  });

  it('says where the away matches are played', () => {
    const away = events.find((event) => event.includes('SUMMARY:Cholet Basket - Saint-Quentin Basket-Ball'));
    expect(away).toContain('LOCATION:La Meilleraie');
  });
});
