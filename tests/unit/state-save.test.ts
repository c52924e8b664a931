import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRecord, indexRecordOf } from '../../build/search/doc-terms.js';
import { updateSearchIndex } from '../../build/search/index.js';
import { BuildState, type StateChanges } from '../../build/state/build-state.js';

/** A run's save: the state and the search index's records in one transaction, all or nothing. */
describe("a run's save of the state", () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sqbb-state-save-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const options = { outDir: path.join(root, 'site'), cacheDir: path.join(root, 'cache') };
  const page = (title: string) => ({
    path: '/actualites/article/1/index.html',
    routeId: 'news-article',
    record: encodeRecord(indexRecordOf({ url: '/actualites/article/1/', title, categories: ['Club'], headings: '', text: `${title}, la victoire du SQBB.` })),
  });
  const run = (state: BuildState, title: string, search: () => void): StateChanges => ({
    clean: false,
    meta: { inputs: title },
    posts: [],
    removedPosts: [],
    outputs: new Map([['/actualites/article/1/index.html', { key: title, size: title.length }]]),
    removedOutputs: [],
    search,
  });

  it('saves the search records with the rest, and on a failure keeps neither, in the file and in the process', () => {
    const state = BuildState.open(options);
    try {
      const first = updateSearchIndex({ store: state.searchStore(), outDir: options.outDir, pages: [page('Derby gagné')], clean: true });
      state.save(run(state, 'first', first.commit));
      const manifest = state.meta('searchManifest');
      expect(manifest).toBeDefined();
      expect([...state.searchStore().records().values()]).toEqual([page('Derby gagné').record]);

      const second = updateSearchIndex({ store: state.searchStore(), outDir: options.outDir, pages: [page('Finale perdue')], clean: true });
      expect(() =>
        state.save(
          run(state, 'second', () => {
            second.commit();
            throw new Error('disk full');
          }),
        ),
      ).toThrow(/saving the build state.*disk full/);
      // Neither the record nor the manifest the failed save wrote, nor its other values.
      expect([...state.searchStore().records().values()]).toEqual([page('Derby gagné').record]);
      expect(state.meta('searchManifest')).toBe(manifest);
      expect(state.meta('inputs')).toBe('first');
      expect(state.outputs().get('/actualites/article/1/index.html')?.key).toBe('first');
    } finally {
      state.close();
    }
    const reopened = BuildState.open(options);
    try {
      expect([...reopened.searchStore().records().values()]).toEqual([page('Derby gagné').record]);
      expect(reopened.meta('inputs')).toBe('first');
    } finally {
      reopened.close();
    }
  });
});
