import { beforeAll, describe, expect, it } from 'vitest';
import { inputsFingerprint, type BuildInputs } from '../../build/cache/build-inputs.js';
import { loadStaticData } from '../../build/static-data.js';
import { collectStaticFiles } from '../../build/static-files.js';

/** A cron run stops early only when this fingerprint is the last build's: every input must move it. */
describe("a build's inputs fingerprint", () => {
  let base: BuildInputs;
  const now = new Date('2026-01-15T12:00:00Z');

  beforeAll(async () => {
    base = { content: 'a', localMedia: 'b', mediaStore: 'c', data: loadStaticData({ now }), now, publicFiles: collectStaticFiles() };
  });

  it('is the same for the same inputs', () => {
    expect(inputsFingerprint({ ...base, data: loadStaticData({ now }) })).toBe(inputsFingerprint(base));
  });

  it('moves with the content, its media folder, the media cache and the club data', () => {
    const data = loadStaticData({ now });
    const renamed = { ...data, club: { ...data.club, partners: data.club.partners.map((partner, index) => (index === 0 ? { ...partner, name: 'Autre' } : partner)) } };
    const legal = { ...data, legal: { ...data.legal, updatedOn: '2027-01-01' } };
    const fingerprints = [base, { ...base, content: 'x' }, { ...base, localMedia: 'x' }, { ...base, mediaStore: 'x' }, { ...base, data: renamed }, { ...base, data: legal }].map(inputsFingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });

  it('moves with a public file replaced, added or removed', () => {
    const before = inputsFingerprint(base);
    const added = inputsFingerprint({ ...base, publicFiles: [...base.publicFiles, { path: '/robots-extra.txt', contents: 'a' }] });
    const replaced = inputsFingerprint({ ...base, publicFiles: [...base.publicFiles, { path: '/robots-extra.txt', contents: 'b' }] });
    const removed = inputsFingerprint({ ...base, publicFiles: base.publicFiles.slice(1) });
    expect(new Set([before, added, replaced, removed]).size).toBe(4);
    expect(inputsFingerprint({ ...base, publicFiles: [...base.publicFiles].reverse() })).toBe(before);
  });

  it('moves with "now" only when what it decides moves (upcoming matches, scores shown, ages)', () => {
    // 15 and 16 January: the next match is on the 17th either way, and no player has a birthday.
    const at = (iso: string) => inputsFingerprint({ ...base, now: new Date(iso), data: loadStaticData({ now: new Date(iso) }) });
    expect(at('2026-01-16T12:00:00Z')).toBe(at('2026-01-15T12:00:00Z'));
    expect(at('2026-01-18T12:00:00Z')).not.toBe(at('2026-01-15T12:00:00Z'));
  });
});
