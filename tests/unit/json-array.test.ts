import { describe, expect, it } from 'vitest';
import { splitJsonArray } from '../../build/json-array.js';

const split = (text: string) => {
  const bytes = Buffer.from(text);
  return splitJsonArray(bytes)?.map(([start, end]) => bytes.subarray(start, end).toString());
};

describe('splitJsonArray', () => {
  it('gives the bytes of each element, whatever strings, escapes and nesting hold', () => {
    const posts = [{ id: 1, title: 'Victoire « 82-77 » } ] {', content: 'a \\" b \\\\' }, { id: 2, nested: [{ a: [1, { b: '}' }] }], note: 'é’“' }];
    const text = JSON.stringify(posts, null, 2);
    expect(split(text)?.map((element) => JSON.parse(element))).toEqual(posts);
    expect(split(`  [ ${JSON.stringify(posts[0])} ]\n`)).toEqual([JSON.stringify(posts[0])]);
    expect(split('[]')).toEqual([]);
  });

  it('finds every string end, however many backslashes come before a quote', () => {
    const alphabet = ['\\', '"', '{', '}', '[', ']', 'a', 'é'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const posts = Array.from({ length: 200 }, (_, id) => ({ id, text: Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('') }));
    expect(split(JSON.stringify(posts))?.map((element) => JSON.parse(element))).toEqual(posts);
  });

  it('gives up on anything else, so the caller parses it whole for the error message', () => {
    for (const text of ['', '{"id": 1}', '[{"id": 1}', '[{"id": "1}]', '[1, 2]', '[{"id": 1}] x', '[{"id": 1},]', '[{"id": 1} {"id": 2}]']) {
      expect(split(text), text).toBeUndefined();
    }
  });
});
