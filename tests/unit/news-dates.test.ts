import { describe, expect, it } from 'vitest';
import { formatFrenchLongDate, rfc822 } from '../../src/lib/dates.js';

describe('formatFrenchLongDate', () => {
  it('writes WordPress site dates as French long dates, whatever the machine time zone', () => {
    expect(formatFrenchLongDate('2025-11-03T16:41:00')).toBe('3 novembre 2025');
    expect(formatFrenchLongDate('2025-01-01T00:10:00')).toBe('1 janvier 2025');
    expect(formatFrenchLongDate('2025-08-31T23:59:59')).toBe('31 août 2025');
    expect(formatFrenchLongDate('hier')).toBe('');
  });

  it('gives each day its own date, however often a day was formatted before (one is remembered per day)', () => {
    expect(formatFrenchLongDate('2025-11-03T00:00:00')).toBe('3 novembre 2025');
    expect(formatFrenchLongDate('2025-11-03T23:59:59')).toBe('3 novembre 2025');
    expect(formatFrenchLongDate('2025-11-04T00:00:00')).toBe('4 novembre 2025');
    expect(formatFrenchLongDate('1969-12-31T12:00:00')).toBe('31 décembre 1969');
    expect(formatFrenchLongDate('1970-01-01T00:00:00')).toBe('1 janvier 1970');
  });
});

describe('rfc822', () => {
  it('formats a UTC WordPress date for RSS', () => {
    expect(rfc822('2025-11-03T15:41:00')).toBe('Mon, 03 Nov 2025 15:41:00 GMT');
  });
});
