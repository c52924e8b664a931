import { describe, expect, it } from 'vitest';
import { loadBytesFingerprint } from '../../build/bytes-fingerprint.js';

describe("a snapshot post's fingerprint", () => {
  it('is the same for the same bytes, wherever they are, and differs when one byte does', async () => {
    const fingerprint = await loadBytesFingerprint();
    const post = Buffer.from('{"id":42,"title":{"rendered":"Victoire au buzzer à Pierre-Ratte"}}');
    const inFile = Buffer.concat([Buffer.from('[\n  '), post, Buffer.from(',\n  {"id":43}]')]);
    expect(fingerprint(inFile.subarray(4, 4 + post.length))).toBe(fingerprint(post));
    const edited = Buffer.from(post);
    edited[edited.length - 3] = 0x64;
    expect(fingerprint(edited)).not.toBe(fingerprint(post));
    expect(fingerprint(post)).toMatch(/^[0-9a-z]{1,13}$/);
  });

  it('is made by one function however often it is asked for', async () => {
    expect(await loadBytesFingerprint()).toBe(await loadBytesFingerprint());
  });
});
