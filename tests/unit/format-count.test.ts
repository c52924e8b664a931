import { describe, expect, it } from 'vitest';
import { formatCount } from '../../build/format-count.js';

describe('counts in the log line', () => {
  it('separates thousands with commas, as en-US writes them', () => {
    for (const value of [0, 7, 999, 1_000, 6_941, 12_345, 20_000, 1_234_567]) expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });
});
