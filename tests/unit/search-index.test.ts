import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';
import type { BuildReport } from '../../build/report.js';
import { runBuild } from '../../build/pipeline.js';
import { indexRecordOf } from '../../build/search/doc-terms.js';
import { extractRecord, type SearchRecord } from '../../build/search/extract.js';
import { INDEX_FOLDER } from '../../src/islands/search/index-format.js';
import { SEARCH_MANIFEST } from '../../src/routes/search-routes.js';
import { createSearchEngine } from '../../src/islands/search/search-engine.js';
import { snapshotContent, type Raw } from './content-mutations.js';
import { warmMedia } from './warm-media.js';

const NOW = '2026-01-15T12:00:00Z';

/**
 * Issue 34: the search index is part of the build. Built from the snapshot, then as cron runs
 * build it: with nothing new, with a change that reaches pages but no search record, with a new
 * post. The index is read as the search page reads it (search-engine.ts), from the output folder.
 */
describe('the search index of a build', () => {
  let root: string;
  const content = snapshotContent();
  const out = () => path.join(root, 'out');
  const save = async () => {
    await mkdir(path.join(root, 'content'), { recursive: true });
    for (const name of ['posts', 'categories', 'tags'] as const) await writeFile(path.join(root, 'content', `${name}.json`), JSON.stringify(content[name]));
  };
  const build = (folder = 'out', extra: string[] = []): Promise<BuildReport> =>
    runBuild(parseOptions(['--content', path.join(root, 'content'), '--out', path.join(root, folder), '--cache', path.join(root, `${folder}-cache`), '--now', NOW, ...extra], {}), true);
  const engine = (folder = out()) => createSearchEngine(SEARCH_MANIFEST, async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8')));
  const urls = async (query: string, folder?: string) => {
    const search = engine(folder);
    const { docs } = await search.search(query);
    return (await search.documents(docs)).map((doc) => doc.url);
  };
  /** Each index file with its inode and modification time: a file rewritten gets others. */
  const indexFiles = async (folder = out()) => {
    const files = [SEARCH_MANIFEST, ...(await readdir(path.join(folder, INDEX_FOLDER))).map((name) => `${INDEX_FOLDER}/${name}`)];
    const stats = await Promise.all(files.map(async (file) => [file, await stat(path.join(folder, file))] as const));
    return new Map(stats.map(([file, info]) => [file, `${info.ino}:${info.mtimeMs}`]));
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-search-'));
    await save();
    // The images converted already: the index is what is tried here.
    for (const folder of ['out', 'clean']) await warmMedia(path.join(root, `${folder}-cache`));
    await build();
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('finds posts, players, staff and club pages, in French', async () => {
    expect((await urls('Boulazac match fou'))[0]).toBe('/actualites/article/4/');
    // Accents folded and words stemmed: "equipe" finds "Équipe", "victoires" finds "victoire".
    expect(await urls('equipe pro')).toEqual(expect.arrayContaining(['/actualites/article/33/', '/actualites/article/44/', '/actualites/article/17/']));
    expect(await urls('victoires')).toEqual(expect.arrayContaining(['/actualites/article/44/', '/actualites/article/8/']));
    expect((await urls('Lemaire'))[0]).toBe('/equipe/pro/joueurs/details/1/');
    expect((await urls('hugo'))[0]).toBe('/equipe/pro/joueurs/details/1/');
    expect(await urls('Dervaux')).toEqual(['/equipe/pro/staff/']);
    expect((await urls('garer'))[0]).toBe('/club/info-pratiques/general/');
    // While the word is being typed: "boula" already finds Boulazac.
    expect(await urls('boula')).toEqual(expect.arrayContaining(['/actualites/article/4/', '/actualites/article/58/']));
  });

  it('narrows results to a category and counts each', async () => {
    const search = engine();
    const { docs, categoryCounts } = await search.search('match');
    const categories = await search.categories();
    const pro = categories.indexOf('Équipe pro');
    const inPro = await search.inCategory(docs, pro);
    expect(inPro.length).toBe(categoryCounts[pro]);
    expect(inPro.length).toBeGreaterThan(0);
    expect(inPro.length).toBeLessThan(docs.length);
    for (const doc of await search.documents(inPro)) expect(doc.categories).toContain('Équipe pro');
  });

  it('leaves out placeholders, lists, aliases, the home and the search page', async () => {
    const search = engine();
    const manifest = JSON.parse(await readFile(path.join(out(), SEARCH_MANIFEST), 'utf8')) as { docs: number };
    const all = (await search.documents([...Array(manifest.docs).keys()])).map((doc) => doc.url);
    expect(all.filter((url) => url.startsWith('/actualites/article/'))).toHaveLength(content.posts.length);
    for (const url of ['/boutique/', '/siege/', '/club/photos/cultes/', '/actualites/', '/', '/recherche/', '/stade/', '/404.html']) expect(all).not.toContain(url);
    expect(all).toContain('/club/histoire/saint-quentin/');
    expect(all).toContain('/partenaires/nos-partenaires/');
  });

  it('holds for each article what its page shows, made from its post without reading the page', async () => {
    const search = engine();
    const manifest = JSON.parse(await readFile(path.join(out(), SEARCH_MANIFEST), 'utf8')) as { docs: number };
    const docs = new Map((await search.documents([...Array(manifest.docs).keys()])).map((doc) => [doc.url, doc]));
    const folder = path.join(out(), 'actualites', 'article');
    const ids = (await readdir(folder)).filter((name) => /^\d+$/.test(name));
    expect(ids).toHaveLength(content.posts.length);
    for (const id of ids) {
      const url = `/actualites/article/${id}/`;
      const read = extractRecord(await readFile(path.join(folder, id, 'index.html'), 'utf8'), url);
      const expected = indexRecordOf(read as SearchRecord);
      expect(docs.get(url), id).toMatchObject({ ...(JSON.parse(expected.docJson) as object), categories: expected.categories });
    }
  });

  it('rewrites no file of the index when nothing changed, nor when no search record did', async () => {
    const before = await indexFiles();
    await build();
    expect(await indexFiles()).toEqual(before);
    // A renamed tag: every article with it is rendered again, no search record changes (tags are in the sidebar).
    const tag = content.tags[0] as Raw;
    tag.name = `${tag.name} (renommée)`;
    for (const post of content.posts) for (const term of post._embedded?.['wp:term']?.[1] ?? []) if (term.id === tag.id) term.name = tag.name;
    await save();
    const report = await build();
    expect(report.run.pagesRendered).toBeGreaterThan(0);
    expect(await indexFiles()).toEqual(before);
  });

  it('finds a new post after the next build, which keeps the bundles it does not reach and equals a clean build', async () => {
    const before = await indexFiles();
    const model = structuredClone(content.posts[0] as Raw);
    const id = Math.max(...content.posts.map((post) => Number(post.id))) + 2;
    Object.assign(model, { id, slug: `zorglub-${id}`, date: '2026-01-10T10:00:00', date_gmt: '2026-01-10T09:00:00', modified: '2026-01-10T10:00:00', modified_gmt: '2026-01-10T09:00:00' });
    model.title = { rendered: 'Zorglub rejoint le SQBB' };
    model.content = { rendered: '<p>Un pivot venu de nulle part signe pour deux saisons.</p>', protected: false };
    content.posts.unshift(model);
    await save();
    await build();
    expect(await urls('zorglub')).toEqual([`/actualites/article/${id}/`]);
    const after = await indexFiles();
    const kept = [...before].filter(([file, identity]) => after.get(file) === identity).map(([file]) => file);
    expect(kept.filter((file) => file.includes('/docs-')).length).toBeGreaterThan(5);
    expect(after.get(SEARCH_MANIFEST)).not.toBe(before.get(SEARCH_MANIFEST));
    // The same content built clean gives the same index, byte for byte.
    await build('clean', ['--clean']);
    const read = async (folder: string) =>
      Object.fromEntries(await Promise.all([...(await indexFiles(path.join(root, folder))).keys()].map(async (file) => [file, await readFile(path.join(root, folder, file), 'utf8')])));
    expect(await read('out')).toEqual(await read('clean'));
  });

  it('equals a clean build’s index after each cron run: a post edited, a category renamed, a post removed', async () => {
    const read = async (folder: string) =>
      Object.fromEntries(await Promise.all([...(await indexFiles(path.join(root, folder))).keys()].map(async (file) => [file, await readFile(path.join(root, folder, file), 'utf8')])));
    const clock = (post: Raw, minutes: number) => Object.assign(post, { modified: `2026-01-12T10:${String(minutes).padStart(2, '0')}:00`, modified_gmt: `2026-01-12T09:${String(minutes).padStart(2, '0')}:00` });
    const edits: [string, () => void][] = [
      [
        'a post edited',
        () => {
          const post = clock(content.posts[5] as Raw, 1);
          post.title = { rendered: `${post.title.rendered} : le compte rendu` };
          post.content = { rendered: `<p>Une prolongation irrespirable au Palais des sports.</p>${post.content.rendered}`, protected: false };
        },
      ],
      [
        'a category renamed',
        () => {
          const category = content.categories.find((one) => one.name === 'Équipe pro') as Raw;
          category.name = 'Équipe première';
          for (const post of content.posts) for (const term of post._embedded?.['wp:term']?.[0] ?? []) if (term.id === category.id) term.name = category.name;
        },
      ],
      ['a post removed', () => void content.posts.splice(10, 1)],
    ];
    for (const [edit, apply] of edits) {
      apply();
      await save();
      await build();
      await build(`clean`, ['--clean']);
      expect(await read('out'), edit).toEqual(await read('clean'));
    }
    expect((await urls('prolongation irrespirable'))[0]).toBe(`/actualites/article/${(content.posts[5] as Raw).id}/`);
    const search = engine();
    expect(await search.categories()).toContain('Équipe première');
    // A run with nothing new rewrites no file of the index.
    const before = await indexFiles();
    await build();
    expect(await indexFiles()).toEqual(before);
  });
});
