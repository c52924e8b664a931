import { DatabaseSync } from 'node:sqlite';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../bench/prng.js';
import { encodeRecord, indexRecordOf } from '../../build/search/doc-terms.js';
import type { SearchRecord } from '../../build/search/extract.js';
import { updateSearchIndex, type SearchIndexUpdate, type SearchPage } from '../../build/search/index.js';
import { BuildState } from '../../build/state/build-state.js';
import { stateFile } from '../../build/state/database.js';
import { INDEX_FOLDER } from '../../src/islands/search/index-format.js';
import { SEARCH_MANIFEST } from '../../src/routes/search-routes.js';

/**
 * The index a cron run makes from its changes alone must be the index a clean build makes of the
 * same pages, file for file and byte for byte. Here the stage runs on its own, on a site of a few
 * hundred pages with random French-like text (enough terms for a few dozen chunks), through a long
 * series of edits of every kind; the output folder is published as the writer does (the files
 * given written, the files kept left as they are, the others removed).
 */
describe('the search index made again from a run’s changes', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sqbb-search-update-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const random = createRandom(34);
  const syllables = ['ba', 'lo', 'qui', 'ten', 'mar', 'ro', 'sel', 'vi', 'cto', 'pan', 'dé', 'è', 'fra', 'zu', 'ni', 'sco', 'tru', 'gal'];
  const vocabulary = [...Array(3000).keys()].map(() => [...Array(random.int(2, 4))].map(() => random.pick(syllables)).join(''));
  // A few words on most pages, most words on few (their postings make chunks of their own or share one).
  const word = () => vocabulary[Math.floor(vocabulary.length * random.next() ** 2.5)]!;
  const words = (min: number, max: number) => [...Array(random.int(min, max))].map(word).join(' ');
  let categories = ['Équipe pro', 'Club', 'Jeunes & formation', 'Médias'];

  interface Page {
    routeId: string;
    record?: SearchRecord;
  }
  const site = new Map<string, Page>();
  let nextId = 1;
  // A post published by a cron run is the newest: its day is after every other's.
  let published = 0;
  const newDay = () => new Date(Date.UTC(2026, 0, 10 + published++)).toISOString().slice(0, 10);
  const post = (id: number, day?: string): [string, Page] => {
    const url = `/actualites/article/${id}/`;
    return [
      `${url}index.html`,
      {
        routeId: 'news-article',
        record: {
          url,
          title: words(3, 6),
          date: day ?? `2025-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(10, 28))}`,
          categories: random.chance(0.1) ? [categories[0]!, categories[1]!] : [random.pick(categories)],
          headings: words(0, 3),
          text: words(40, 160),
        },
      },
    ];
  };
  const clubPage = (name: string): [string, Page] => [
    `/club/${name}/index.html`,
    { routeId: 'club-history', record: { url: `/club/${name}/`, title: words(2, 4), categories: ['Pages du club'], headings: words(2, 6), text: words(40, 150) } },
  ];
  for (const name of ['histoire', 'palmares', 'benevoles', 'stade']) site.set(...clubPage(name));
  // Every tenth id is a draft, published later between older posts.
  for (; nextId <= 600; nextId += 1) if (nextId % 10 !== 0) site.set(...post(nextId));
  const posts = () => [...site.entries()].filter(([file, page]) => file.startsWith('/actualites/') && page.record);

  const records = new Map<string, string>();
  const encoded = (file: string, page: Page): string => {
    let record = records.get(file);
    if (record === undefined) records.set(file, (record = page.record ? encodeRecord(indexRecordOf(page.record)) : ''));
    return record;
  };
  /** Runs the stage as a build does, the pages in `rendered` with their record, and publishes. */
  const build = (folder: string, rendered: ReadonlySet<string> | 'all', { clean = false, trusted = true } = {}): SearchIndexUpdate => {
    const out = path.join(root, folder);
    const pages: SearchPage[] = [...site].map(([file, page]) => ({
      path: file,
      routeId: page.routeId,
      ...(rendered === 'all' || rendered.has(file) ? { record: encoded(file, page) } : {}),
    }));
    // The index's tables are the build state's, as in a build.
    const state = BuildState.open({ outDir: out, cacheDir: path.join(root, `${folder}-cache`) });
    let update: SearchIndexUpdate;
    try {
      update = updateSearchIndex({ store: state.searchStore(), outDir: out, pages, clean });
      const before = indexFiles(out);
      // A file written keeps no name of the output's but the manifest's: what is the same is kept.
      if (trusted) for (const file of update.files) if (file.path !== SEARCH_MANIFEST) expect(before.has(file.path)).toBe(false);
      for (const file of update.kept) expect(before.has(file)).toBe(true);
      const next = new Set([...update.kept, ...update.files.map((file) => file.path)]);
      for (const file of before.keys()) if (!next.has(file)) rmSync(path.join(out, file));
      for (const file of update.files) {
        mkdirSync(path.dirname(path.join(out, file.path)), { recursive: true });
        writeFileSync(path.join(out, file.path), file.contents);
      }
      state.save({ clean: false, meta: {}, posts: [], removedPosts: [], outputs: new Map(), removedOutputs: [], search: update.commit });
    } finally {
      state.close();
    }
    return update;
  };
  /** The index files of an output folder with their bytes. */
  const indexFiles = (out: string): Map<string, string> => {
    const folder = path.join(out, INDEX_FOLDER);
    const files = existsSync(folder) ? readdirSync(folder).map((name) => `${INDEX_FOLDER}/${name}`) : [];
    if (existsSync(path.join(out, SEARCH_MANIFEST))) files.push(SEARCH_MANIFEST);
    return new Map(files.map((file) => [file, readFileSync(path.join(out, file), 'utf8')]));
  };
  const sameAsClean = () => {
    build('clean', 'all', { clean: true, trusted: false });
    const clean = indexFiles(path.join(root, 'clean'));
    const built = indexFiles(path.join(root, 'cron'));
    expect([...built.keys()].sort()).toEqual([...clean.keys()].sort());
    for (const [file, contents] of clean) expect(built.get(file), file).toBe(contents);
  };

  it('gives a clean build’s files after each edit, remaking only what documents added at the end or changed in place reach', () => {
    const first = build('cron', 'all', { clean: true });
    expect(first.rebuilt).toBe(true);
    sameAsClean();
    const chunks = () => (JSON.parse(readFileSync(path.join(root, 'cron', SEARCH_MANIFEST), 'utf8')) as { chunks: unknown[] }).chunks.length;
    expect(chunks()).toBeGreaterThan(15);

    const edits: { name: string; inPlace: boolean; apply: () => string[] }[] = [
      {
        name: 'new post',
        inPlace: true,
        apply: () => {
          const added = post(nextId++, newDay());
          site.set(...added);
          return [added[0]];
        },
      },
      {
        name: 'text edited',
        inPlace: true,
        apply: () => {
          const [file, page] = random.pick(posts());
          page.record!.text = random.chance(0.5) ? `${page.record!.text} ${words(1, 10)}` : words(20, 90);
          return [file];
        },
      },
      {
        name: 'title edited',
        inPlace: true,
        apply: () => {
          const [file, page] = random.pick(posts());
          page.record!.title = words(3, 6);
          return [file];
        },
      },
      {
        name: 'date changed (posts are numbered by day: the post moves)',
        inPlace: false,
        apply: () => {
          const [file, page] = random.pick(posts());
          page.record!.date = new Date(Date.UTC(2024, 0, 2 + published++)).toISOString().slice(0, 10);
          return [file];
        },
      },
      {
        name: 'category renamed',
        inPlace: true,
        apply: () => {
          const old = random.pick(categories);
          const renamed = random.chance(0.5) ? `${old} (nouveau)` : `A ${old}`;
          categories = categories.map((name) => (name === old ? renamed : name));
          const files = posts().filter(([, page]) => page.record!.categories.includes(old));
          for (const [, page] of files) page.record!.categories = page.record!.categories.map((name) => (name === old ? renamed : name));
          return files.map(([file]) => file);
        },
      },
      {
        name: 'club page edited',
        inPlace: true,
        apply: () => {
          const [file, page] = random.pick([...site].filter(([file]) => file.startsWith('/club/')));
          page.record = { ...clubPage('x')[1].record!, url: page.record?.url ?? file.replace(/index\.html$/, '') };
          return [file];
        },
      },
      {
        name: 'post removed',
        inPlace: false,
        apply: () => {
          const [file] = random.pick(posts());
          site.delete(file);
          return [];
        },
      },
      {
        name: 'post made noindex',
        inPlace: false,
        apply: () => {
          const [file, page] = random.pick(posts());
          delete page.record;
          return [file];
        },
      },
      {
        name: 'post published with an older id',
        inPlace: false,
        apply: () => {
          const drafts = [...Array(60).keys()].map((index) => (index + 1) * 10).filter((id) => !site.has(`/actualites/article/${id}/index.html`));
          const added = post(random.pick(drafts));
          site.set(...added);
          return [added[0]];
        },
      },
      {
        name: 'club page added',
        inPlace: false,
        apply: () => {
          const added = clubPage(`page-${nextId++}`);
          site.set(...added);
          return [added[0]];
        },
      },
    ];

    for (let step = 0; step < 30; step += 1) {
      const edit = step < edits.length ? edits[step]! : random.chance(0.75) ? random.pick(edits.filter((one) => one.inPlace)) : random.pick(edits);
      const changed = edit.apply();
      for (const file of changed) records.delete(file);
      // A run renders more pages than those whose search record changed (lists, neighbours).
      const rendered = new Set([...changed, ...[...Array(5)].map(() => random.pick([...site.keys()]))]);
      const update = build('cron', rendered);
      expect(update.rebuilt, `${step}: ${edit.name}`).toBe(!edit.inPlace);
      sameAsClean();
    }
  });

  it('rewrites no index file when no record changed, whatever was rendered', () => {
    const before = indexFiles(path.join(root, 'cron'));
    const update = build('cron', new Set([...site.keys()].slice(0, 50)));
    expect(update.files).toEqual([]);
    expect(new Set(update.kept)).toEqual(new Set(before.keys()));
  });

  it('makes the whole index again when the output is not the one its store describes', () => {
    writeFileSync(path.join(root, 'cron', SEARCH_MANIFEST), '{}');
    const [file, page] = random.pick(posts());
    page.record!.text = words(20, 40);
    records.delete(file);
    // Every page rendered: the pages of this test have no HTML in the output to read back.
    const update = build('cron', 'all', { trusted: false });
    expect(update.rebuilt).toBe(true);
    sameAsClean();
  });

  it('makes the whole index again when its store lacks what its manifest names', () => {
    const store = new DatabaseSync(stateFile({ outDir: path.join(root, 'cron'), cacheDir: path.join(root, 'cron-cache') }));
    store.exec('DELETE FROM search_chunks');
    store.close();
    const [file, page] = random.pick(posts());
    page.record!.text = words(20, 40);
    records.delete(file);
    const update = build('cron', 'all', { trusted: false });
    expect(update.rebuilt).toBe(true);
    sameAsClean();
  });
});
