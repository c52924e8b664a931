import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticData } from '../../build/static-data.js';
import { loadStaticDataMemo } from '../../build/static-data-memo.js';

/** The memo only spares the validation of files whose text did not change: never a stale or unchecked value. */
describe('club data validated once per text', () => {
  let root: string;
  let dataDir: string;
  let cacheDir: string;
  const now = new Date('2026-01-15T12:00:00Z');
  const load = (clean = false) => loadStaticDataMemo({ dataDir, cacheDir, now, clean });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-data-memo-'));
    dataDir = path.join(root, 'data');
    cacheDir = path.join(root, 'cache');
    await cp(path.resolve('data'), dataDir, { recursive: true, filter: (source) => !source.includes(`${path.sep}wordpress`) });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('gives what a full validation gives, from the memo too, for any "now"', async () => {
    expect(await load()).toEqual(loadStaticData({ dataDir, now }));
    expect(await load()).toEqual(loadStaticData({ dataDir, now }));
    const later = new Date('2026-05-01T12:00:00Z');
    expect(await loadStaticDataMemo({ dataDir, cacheDir, now: later, clean: false })).toEqual(loadStaticData({ dataDir, now: later }));
  });

  it('validates an edited file again: its new value, or its error', async () => {
    await load();
    const partners = path.join(dataDir, 'partners.json');
    const text = await readFile(partners, 'utf8');
    try {
      await writeFile(partners, text.replace('"Desmarets Automobiles"', '"Desmarets Automobiles SQ"'));
      expect((await load()).club.partners[0]?.name).toBe('Desmarets Automobiles SQ');
      await writeFile(partners, text.replace('"type": "major"', '"type": "gold"'));
      await expect(load()).rejects.toThrow(/^data\/partners\.json: partner 1 \("Desmarets Automobiles"\): type /);
      const legal = path.join(dataDir, 'legal', 'legal.json');
      const legalText = await readFile(legal, 'utf8');
      await writeFile(partners, text);
      await writeFile(legal, legalText.replace('"updatedOn": "2026-11-24"', '"updatedOn": "hier"'));
      await expect(load()).rejects.toThrow(/^data\/legal\/legal\.json: updatedOn: /);
      await writeFile(legal, legalText);
    } finally {
      await writeFile(partners, text);
    }
    expect((await load()).club.partners[0]?.name).toBe('Desmarets Automobiles');
  });

  it('ignores a memo that is not one or was changed, and --clean ignores it', async () => {
    await writeFile(path.join(cacheDir, 'data-memo.json'), '{"code": 12, "files": "no"}');
    expect(await load()).toEqual(loadStaticData({ dataDir, now }));
    await writeFile(path.join(cacheDir, 'data-memo.json'), (await readFile(path.join(cacheDir, 'data-memo.json'), 'utf8')).replace(/"Desmarets Automobiles"/g, '"Ailleurs"'));
    expect((await load()).club.partners[0]?.name).toBe('Desmarets Automobiles');
    expect((await load(true)).club.partners[0]?.name).toBe('Desmarets Automobiles');
  });
});
