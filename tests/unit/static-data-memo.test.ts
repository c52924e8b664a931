import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticData } from '../../build/static-data.js';
import { loadStaticDataMemo } from '../../build/static-data-memo.js';
import { BuildState } from '../../build/state/build-state.js';
import { StateDamagedError } from '../../build/state/database.js';

/** The memo (a value of the build's state) only spares the validation of files whose text did not change: never a stale or unchecked value. */
describe('club data validated once per text', () => {
  let root: string;
  let dataDir: string;
  let cacheDir: string;
  const now = new Date('2026-01-15T12:00:00Z');
  const options = () => ({ outDir: path.join(root, 'site'), cacheDir });
  /** A run: the state opened, the data loaded, the state saved (as build/pipeline.ts does), closed. */
  const load = async (clean = false, at = now) => {
    const state = BuildState.open(options());
    try {
      const data = await loadStaticDataMemo({ dataDir, now: at, clean }, state);
      state.save({ clean: false, meta: {}, posts: [], removedPosts: [], outputs: new Map(), removedOutputs: [] });
      return data;
    } finally {
      state.close();
    }
  };

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
    expect(await load(false, later)).toEqual(loadStaticData({ dataDir, now: later }));
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

  it('ignores a memo of other code, reads no changed memo (the state is damaged: a clean build), and --clean ignores it', async () => {
    await load();
    // A memo of other code (its checksum right, as that code wrote it) saying other things: not used.
    const state = BuildState.open(options());
    const { file } = state;
    const memo = state.meta('dataMemo');
    expect(memo).toBeDefined();
    const other = JSON.parse(JSON.stringify(memo).replace(/"Desmarets Automobiles"/g, '"Ailleurs"')) as NonNullable<typeof memo>;
    state.setMeta('dataMemo', { ...other, code: 'other code' });
    state.close();
    const edit = (sql: string) => {
      const db = new DatabaseSync(file);
      db.exec(sql);
      db.close();
    };
    expect((await load()).club.partners[0]?.name).toBe('Desmarets Automobiles');
    edit(`UPDATE meta SET value = replace(value, '"Desmarets Automobiles"', '"Ailleurs"') WHERE key = 'dataMemo'`);
    await expect(load()).rejects.toThrow(StateDamagedError);
    expect((await load(true)).club.partners[0]?.name).toBe('Desmarets Automobiles');
  });
});
