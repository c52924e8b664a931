import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { scanJsonArray } from '../../build/json-array.js';

/** Reads `bytes` into the buffers it is given, as a file would. */
const reader = (bytes: Buffer) => {
  let at = 0;
  return (into: Buffer) => {
    const count = bytes.copy(into, 0, at, Math.min(bytes.length, at + into.length));
    at += count;
    return count;
  };
};

/** The elements' texts, the bytes given in chunks of every size from 1 to 7 and whole: all must agree. */
const split = (text: string) => {
  const bytes = Buffer.from(text);
  const results = [1, 2, 3, 5, 7, bytes.length || 1].map((size) => {
    return scanJsonArray(reader(bytes), () => true, size)?.map((element) => {
      expect(element.hash).toBe(createHash('sha1').update(element.bytes ?? '').digest('base64url'));
      return element.bytes?.toString();
    });
  });
  for (const result of results) expect(result).toEqual(results[0]);
  return results[0];
};

describe('scanJsonArray', () => {
  it('gives the bytes of each element, whatever strings, escapes and nesting hold', () => {
    const posts = [{ id: 1, title: 'Victoire « 82-77 » } ] {', content: 'a \\" b \\\\' }, { id: 2, nested: [{ a: [1, { b: '}' }] }], note: 'é’“' }];
    const text = JSON.stringify(posts, null, 2);
    expect(split(text)?.map((element) => JSON.parse(element ?? ''))).toEqual(posts);
    expect(split(`  [ ${JSON.stringify(posts[0])} ]\n`)).toEqual([JSON.stringify(posts[0])]);
    expect(split('[]')).toEqual([]);
  });

  it('keeps the bytes of the elements asked for only, and fingerprints them all', () => {
    const text = JSON.stringify([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const known = createHash('sha1').update('{"id":2}').digest('base64url');
    // Whole, and read a few bytes at a time: kept bytes are never overwritten by the reads after them.
    for (const size of [text.length, 3, 5]) {
      const elements = scanJsonArray(reader(Buffer.from(text)), (hash) => hash !== known, size);
      expect(elements?.map((element) => [element.head, element.bytes?.toString()])).toEqual([
        ['{"id":1}', '{"id":1}'],
        ['{"id":2}', undefined],
        ['{"id":3}', '{"id":3}'],
      ]);
    }
  });

  it('finds every string end, however many backslashes come before a quote', () => {
    const alphabet = ['\\', '"', '{', '}', '[', ']', 'a', 'é'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const posts = Array.from({ length: 200 }, (_, id) => ({ id, text: Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('') }));
    expect(split(JSON.stringify(posts))?.map((element) => JSON.parse(element ?? ''))).toEqual(posts);
  });

  it('gives up on anything else, so the caller parses it whole for the error message', () => {
    for (const text of ['', '{"id": 1}', '[{"id": 1}', '[{"id": "1}]', '[1, 2]', '[{"id": 1}] x', '[{"id": 1},]', '[{"id": 1} {"id": 2}]']) {
      expect(split(text), text).toBeUndefined();
    }
  });
});
