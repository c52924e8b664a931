import { beforeAll, describe, expect, it } from 'vitest';
import { loadBytesFingerprint, type BytesFingerprint } from '../../build/bytes-fingerprint.js';
import { scanJsonArray, type ScannedElement } from '../../build/json-array.js';

let fingerprint: BytesFingerprint;
beforeAll(async () => {
  fingerprint = await loadBytesFingerprint();
});

/** Reads `bytes` at any position, as a file would (`most`: at most this many bytes a read, as a short read does). */
const reader = (bytes: Buffer, most = Number.POSITIVE_INFINITY) => (into: Buffer, position: number) =>
  bytes.copy(into, 0, Math.min(position, bytes.length), Math.min(bytes.length, position + into.length, position + most));

/** The bytes an element's offset and length point to in `bytes`, checked against its fingerprint and head. */
const textOf = (bytes: Buffer, element: ScannedElement) => {
  const own = bytes.subarray(element.offset, element.offset + element.length);
  expect(element.hash).toBe(fingerprint(own));
  expect(element.head).toBe(own.subarray(0, 64).toString('latin1'));
  return own.toString();
};

/** The elements' texts, the bytes given in chunks of every size from 1 to 7 and whole: all must agree. */
const split = (text: string) => {
  const bytes = Buffer.from(text);
  const results = [1, 2, 3, 5, 7, bytes.length || 1].map((size) => scanJsonArray(reader(bytes), fingerprint, [], size)?.map((element) => textOf(bytes, element)));
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

  it('locates each element in the file, the long ones read in several chunks', () => {
    const posts = [{ id: 1, body: 'x'.repeat(40) }, { id: 2 }, { id: 3, body: 'é'.repeat(30) }];
    const text = ` [\n${posts.map((post) => JSON.stringify(post)).join(',\n  ')}\n]\n`;
    for (const size of [text.length, 3, 16]) {
      const elements = scanJsonArray(reader(Buffer.from(text)), fingerprint, [], size);
      expect(elements?.map((element) => JSON.parse(textOf(Buffer.from(text), element)))).toEqual(posts);
      expect(elements?.map((element) => element.offset)).toEqual(posts.map((post) => Buffer.from(text).indexOf(JSON.stringify(post))));
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

const plain = (elements: ScannedElement[] | undefined) => elements?.map(({ hash, head, offset, length }) => ({ hash, head, offset, length }));

describe('scanJsonArray with the elements of an earlier scan', () => {
  /** What a scan of `text` from nothing gives, and the same from a scan knowing `before`'s elements, through buffers of several sizes. */
  const both = (before: string, text: string) => {
    const known = scanJsonArray(reader(Buffer.from(before)), fingerprint) ?? [];
    const full = scanJsonArray(reader(Buffer.from(text)), fingerprint);
    for (const [chunk, most] of [[1 << 20, Number.POSITIVE_INFINITY], [64, Number.POSITIVE_INFINITY], [16, 5], [3, 2]] as const) {
      expect(plain(scanJsonArray(reader(Buffer.from(text), most), fingerprint, known, chunk)), `${text} (chunk ${chunk})`).toEqual(plain(full));
    }
    return full?.map((element) => textOf(Buffer.from(text), element));
  };

  it('gives what a full scan gives, after any sequence of additions, edits, removals and moves', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const text = () => Array.from({ length: next() % 30 }, () => ['\\', '"', '}', ']', 'a', 'é', ' '][next() % 7]).join('');
    let posts = Array.from({ length: 20 }, (_, id) => ({ id, title: text() }));
    let before = JSON.stringify(posts);
    for (let step = 0; step < 60; step += 1) {
      const copy = [...posts];
      const at = next() % (copy.length + 1);
      const change = next() % 5;
      if (change === 0) copy.splice(at, 0, { id: 100 + step, title: text() });
      else if (change === 1) copy.splice(at, 1);
      else if (change === 2 && copy[at]) copy[at] = { ...copy[at], title: text() };
      else if (change === 3) copy.push(...copy.splice(at, 2));
      posts = copy;
      const after = step % 4 === 0 ? JSON.stringify(posts, null, step % 8 === 0 ? 2 : undefined) : JSON.stringify(posts);
      expect(both(before, after)?.map((element) => JSON.parse(element))).toEqual(posts);
      before = after;
    }
  });

  it('finds the known elements that stayed, between new, edited and removed ones', () => {
    const before = JSON.stringify([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    expect(both(before, JSON.stringify([{ id: 0 }, { id: 1 }, { id: 3, x: 1 }, { id: 4 }]))).toEqual(['{"id":0}', '{"id":1}', '{"id":3,"x":1}', '{"id":4}']);
  });

  it('gives up on anything that is not an array of objects, known elements or not', () => {
    const before = JSON.stringify([{ id: 1 }, { id: 2 }]);
    for (const text of ['', '{"id":1}', '[{"id":1},{"id":2}', '[{"id":1},{"id":2}] x', '[{"id":1},]', '[{"id":1}{"id":2}]', '[{"id":1},{"id":2}}]', '[{"id":1},2]']) {
      expect(both(before, text), text).toBeUndefined();
    }
    expect(both(before, ' [ ] \n')).toEqual([]);
  });
});
