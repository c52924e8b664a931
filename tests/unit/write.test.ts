import * as fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../build/output-file.js';
import { createFileWriter, openOutput, removeOutputLeftovers, type PublishIo, type WriteResult } from '../../build/write.js';
import { brokenLinks, readTree } from './read-tree.js';

/** A run: what earlier runs left beside the output removed, then every file, then the commit (or nothing, if one fails). */
function writeOutput(outDir: string, files: readonly OutputFile[], options: Parameters<ReturnType<typeof openOutput>['commit']>[1] = {}): WriteResult {
  removeOutputLeftovers(outDir);
  const output = openOutput(outDir);
  try {
    for (const file of files) output.add(file);
    return output.commit([], options);
  } catch (error) {
    output.abort();
    throw error;
  }
}

let root: string;
let out: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-write-'));
  out = path.join(root, 'dist');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const text = (value: string) => Buffer.from(value).toString('base64');

describe('publishing an output', () => {
  it('replaces the previous output with exactly the new files, and says which paths changed', async () => {
    writeOutput(out, [{ path: '/index.html', contents: 'v1' }, { path: '/old/index.html', contents: 'gone soon' }, { path: '/same.css', contents: 'same' }]);
    const result = writeOutput(out, [{ path: '/index.html', contents: 'v2' }, { path: '/a/b/index.html', contents: 'new' }, { path: '/same.css', contents: 'same' }]);
    expect(await readTree(out)).toEqual({ 'index.html': text('v2'), 'a/b/index.html': text('new'), 'same.css': text('same') });
    expect(result).toEqual({ written: 3, changed: 2, removed: 1, changedPaths: ['/a/b/index.html', '/index.html', '/old/index.html'] });
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('keeps the inode and modification time of files whose bytes did not change', async () => {
    writeOutput(out, [{ path: '/same.html', contents: 'same' }, { path: '/changes.html', contents: 'v1' }]);
    const before = await stat(path.join(out, 'same.html'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = writeOutput(out, [{ path: '/same.html', contents: 'same' }, { path: '/changes.html', contents: 'v2' }]);
    const after = await stat(path.join(out, 'same.html'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(result.changed).toBe(1);
  });

  it('leaves the previous output byte-identical when writing fails before the commit', async () => {
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), 'the good site');
    const before = await readTree(out);
    expect(() => writeOutput(out, [{ path: '/index.html', contents: 'half' }, { path: '/index.html', contents: 'duplicate' }])).toThrow(/two outputs write \/index.html/);
    expect(await readTree(out)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('takes files staged by other writers (render threads), and refuses a path written twice', async () => {
    const output = openOutput(out);
    const worker = createFileWriter(output.folder);
    output.add({ path: '/index.html', contents: 'home' });
    worker.add({ path: '/a/index.html', contents: 'a' });
    expect(output.commit([worker.finish()])).toMatchObject({ written: 2, changed: 2, removed: 0 });
    expect(await readTree(out)).toEqual({ 'index.html': text('home'), 'a/index.html': text('a') });

    const before = await readTree(out);
    const again = openOutput(out);
    const clash = createFileWriter(again.folder);
    again.add({ path: '/a/index.html', contents: 'from the main thread' });
    clash.add({ path: '/a/index.html', contents: 'from a worker' });
    expect(() => again.commit([clash.finish()])).toThrow('two outputs write /a/index.html');
    again.abort();
    expect(await readTree(out)).toEqual(before);
    // A commit that failed leaves its staging folder for the next run, which removes it.
    expect(removeOutputLeftovers(out)).toEqual([path.basename(again.folder.stagingDir)]);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it("refuses a page or file written into the converted images' folder, by any writer, and leaves the output as it was", async () => {
    writeOutput(out, [{ path: '/index.html', contents: 'the good site' }]);
    const before = await readTree(out);
    expect(() => writeOutput(out, [{ path: '/media/ab12-640.webp', contents: 'not an image of ours' }])).toThrow('/media/ holds only the converted images');
    const output = openOutput(out);
    const worker = createFileWriter(output.folder);
    expect(() => worker.add({ path: '/media/index.html', contents: 'x' })).toThrow('/media/ holds only the converted images');
    output.abort();
    expect(await readTree(out)).toEqual(before);
  });

  it('refuses paths that climb out of the output folder', async () => {
    expect(() => writeOutput(out, [{ path: '/../escape.html', contents: 'x' }])).toThrow(/outside the output folder/);
    await expect(stat(path.join(root, 'escape.html'))).rejects.toThrow();
  });

  it('keeps the files a run did not make again, deletes those the state names and the run no longer has, with their empty folders', async () => {
    writeOutput(out, [{ path: '/index.html', contents: 'home v1' }, { path: '/kept/index.html', contents: 'kept' }, { path: '/actualites/article/7/index.html', contents: 'trashed soon' }]);
    const output = openOutput(out);
    output.add({ path: '/index.html', contents: 'home v2' });
    output.keep('/kept/index.html');
    output.add({ path: '/actualites/article/8/index.html', contents: 'new post' });
    const result = output.commit([], { previousPaths: ['/index.html', '/kept/index.html', '/actualites/article/7/index.html'] });
    expect(result).toMatchObject({ written: 3, changed: 2, removed: 1 });
    expect(await readTree(out)).toEqual({ 'index.html': text('home v2'), 'kept/index.html': text('kept'), 'actualites/article/8/index.html': text('new post') });
    expect(await readdir(path.join(out, 'actualites/article'))).toEqual(['8']);
  });

  it('copies the new images into media/ and removes those no page shows, never linking the cache', async () => {
    const cache = path.join(root, 'cache');
    await mkdir(cache);
    await writeFile(path.join(cache, 'a-400.webp'), 'image a');
    await writeFile(path.join(cache, 'b-400.webp'), 'image b');
    writeOutput(out, [{ path: '/index.html', contents: '<img src="/media/a-400.webp">' }], { media: { add: new Map([['/media/a-400.webp', path.join(cache, 'a-400.webp')]]), remove: [] } });
    writeOutput(out, [{ path: '/index.html', contents: '<img src="/media/b-400.webp">' }], { media: { add: new Map([['/media/b-400.webp', path.join(cache, 'b-400.webp')]]), remove: ['/media/a-400.webp'] } });
    expect(await readTree(out)).toEqual({ 'index.html': text('<img src="/media/b-400.webp">'), 'media/b-400.webp': text('image b') });
    // A copy: damage to the cache's file is not damage to the site's.
    expect((await stat(path.join(out, 'media/b-400.webp'))).ino).not.toBe((await stat(path.join(cache, 'b-400.webp'))).ino);
  });
});

/** A publishing layer that fails with EIO at its `failAt`-th call (rename, unlink, copy or mkdir; `removeTree` fails when told). */
function faultyIo(failAt: number, { removeTreeFails = false } = {}): { io: PublishIo; calls: () => number } {
  let calls = 0;
  const call = <T extends unknown[]>(run: (...args: T) => void) => (...args: T) => {
    calls += 1;
    if (calls === failAt) throw Object.assign(new Error('EIO: i/o error (injected)'), { code: 'EIO' });
    run(...args);
  };
  return {
    io: {
      rename: call((from: string, to: string) => fs.renameSync(from, to)),
      unlink: call((file: string) => fs.rmSync(file, { force: true })),
      copy: call((from: string, to: string) => fs.copyFileSync(from, to)),
      mkdir: call((dir: string) => fs.mkdirSync(dir, { recursive: true })),
      rmdir: (dir: string) => fs.rmdirSync(dir),
      // Once the new site is online: not a step of publishing.
      retire: (dir: string, to: string) => fs.renameSync(dir, to),
      removeTree: (dir: string) => {
        if (removeTreeFails) throw Object.assign(new Error(`EIO: i/o error, rmdir '${dir}' (injected)`), { code: 'EIO' });
        fs.rmSync(dir, { recursive: true, force: true });
      },
    },
    calls: () => calls,
  };
}

describe('publishing never leaves a broken site (issue 30)', () => {
  // v1: home lists article 1 and 2; v2: a new article 3 with its image, article 2 removed, the stylesheet renamed.
  const v1: OutputFile[] = [
    { path: '/index.html', contents: '<link href="/assets/site-1.css"><a href="/actualites/article/1/">1</a><a href="/actualites/article/2/">2</a>' },
    { path: '/actualites/article/1/index.html', contents: '<link href="/assets/site-1.css"><a href="/actualites/article/2/">2</a>' },
    { path: '/actualites/article/2/index.html', contents: '<link href="/assets/site-1.css"><a href="/">home</a>' },
    { path: '/assets/site-1.css', contents: 'body{}' },
  ];
  const v2: OutputFile[] = [
    { path: '/index.html', contents: '<link href="/assets/site-2.css"><a href="/actualites/article/1/">1</a><a href="/actualites/article/3/">3</a><img src="/media/c-400.webp">' },
    { path: '/actualites/article/1/index.html', contents: '<link href="/assets/site-2.css"><a href="/actualites/article/3/">3</a>' },
    { path: '/actualites/article/3/index.html', contents: '<link href="/assets/site-2.css"><img src="/media/c-400.webp"><a href="/">home</a>' },
    { path: '/assets/site-2.css', contents: 'body{color:red}' },
  ];

  it('leaves a complete site served whatever step of publishing fails, and the next run publishes the new site whole', async () => {
    const cache = path.join(root, 'cache');
    await mkdir(cache);
    await writeFile(path.join(cache, 'c-400.webp'), 'image c');
    const media = { add: new Map([['/media/c-400.webp', path.join(cache, 'c-400.webp')]]), remove: [] };
    // How many file operations a whole publish takes.
    writeOutput(out, v1);
    const counting = faultyIo(0);
    writeOutput(out, v2, { media, io: counting.io });
    const steps = counting.calls();
    expect(steps).toBeGreaterThan(6);
    const expected = await readTree(out);

    for (let failAt = 1; failAt <= steps; failAt += 1) {
      await rm(out, { recursive: true, force: true });
      writeOutput(out, v1);
      expect(() => writeOutput(out, v2, { media, io: faultyIo(failAt).io }), `step ${failAt}`).toThrow(/publishing .* failed: EIO/);
      expect(await brokenLinks(out), `after a failure at step ${failAt}`).toEqual([]);
      expect(Object.keys(await readTree(out)).some((file) => file.endsWith('index.html')), `step ${failAt}`).toBe(true);
      // The next run (it compares every file: the state says publishing did not end).
      writeOutput(out, v2, { media: { add: media.add, remove: [] } });
      expect(await readTree(out), `the run after a failure at step ${failAt}`).toEqual(expected);
    }
  });

  it('leaves the staging folder of a publish that failed, even before the output changed, and only then', async () => {
    writeOutput(out, v1);
    const dropped = openOutput(out);
    dropped.add({ path: '/index.html', contents: 'v2' });
    dropped.abort();
    const failed = openOutput(out);
    failed.add({ path: '/index.html', contents: 'v2' });
    const reportGone = () => {
      throw Object.assign(new Error('EIO: i/o error (injected)'), { code: 'EIO' });
    };
    expect(() => failed.commit([], { beforeChange: reportGone })).toThrow(/EIO/);
    failed.abort();
    // The state of the run names this folder: the next run finds it and compares every file.
    expect((await readdir(root)).sort()).toEqual(['dist', path.basename(failed.folder.stagingDir)]);
    expect(removeOutputLeftovers(out)).toEqual([path.basename(failed.folder.stagingDir)]);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain('article/2');
  });

  it('publishes a first output in one rename: there is never a folder half made', async () => {
    expect(() => writeOutput(out, v1, { io: faultyIo(1).io })).toThrow(/publishing .* failed: EIO/);
    await expect(stat(out)).rejects.toThrow();
    writeOutput(out, v1);
    expect(await brokenLinks(out)).toEqual([]);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain('article/2');
  });
});

/** Every step of publishing `next` over `previous` made to fail in turn: the site online stays whole, the next run publishes `next`. */
async function expectEveryFaultSurvived(previous: OutputFile[], next: OutputFile[], options: { previousPaths?: string[] } = {}): Promise<number> {
  await rm(out, { recursive: true, force: true });
  writeOutput(out, previous);
  const counting = faultyIo(0);
  writeOutput(out, next, { ...options, io: counting.io });
  const steps = counting.calls();
  const expected = await readTree(out);
  expect(await brokenLinks(out)).toEqual([]);
  for (let failAt = 1; failAt <= steps; failAt += 1) {
    await rm(out, { recursive: true, force: true });
    writeOutput(out, previous);
    expect(() => writeOutput(out, next, { ...options, io: faultyIo(failAt).io }), `step ${failAt}`).toThrow(/publishing .* failed: EIO/);
    expect(await brokenLinks(out), `after a failure at step ${failAt} of ${steps}`).toEqual([]);
    writeOutput(out, next);
    expect(await readTree(out), `the run after a failure at step ${failAt}`).toEqual(expected);
    expect((await readdir(root)).sort(), `step ${failAt}`).toEqual(['dist']);
  }
  return steps;
}

describe('publishing follows links (issue 41)', () => {
  const page = (links: string[], extra = '') => `<link href="/assets/site.css">${links.map((href) => `<a href="${href}">x</a>`).join('')}${extra}`;
  const css: OutputFile = { path: '/assets/site.css', contents: 'body{}' };

  it('puts a new post and its new tag online together: each page only once every new page it links to is there', async () => {
    const before: OutputFile[] = [
      css,
      { path: '/index.html', contents: page(['/actualites/article/64/', '/actualites/tag/15/']) },
      { path: '/actualites/article/64/index.html', contents: page(['/', '/actualites/tag/15/']) },
      { path: '/actualites/tag/15/index.html', contents: page(['/actualites/article/64/']) },
    ];
    // Post 65 is new with a new tag 16: article 65 and tag 16 link to each other, the home and article 64 to article 65.
    const after: OutputFile[] = [
      css,
      { path: '/index.html', contents: page(['/actualites/article/65/', '/actualites/article/64/', '/actualites/tag/15/']) },
      { path: '/actualites/article/64/index.html', contents: page(['/', '/actualites/tag/15/', '/actualites/article/65/']) },
      { path: '/actualites/article/65/index.html', contents: page(['/', '/actualites/tag/16/', '/actualites/article/64/'], '<img src="/actualites/tag/16/feed.xml">') },
      { path: '/actualites/tag/15/index.html', contents: page(['/actualites/article/64/']) },
      { path: '/actualites/tag/16/index.html', contents: page(['/actualites/article/65/', '/actualites/tag/16/page/2/']) },
      { path: '/actualites/tag/16/page/2/index.html', contents: page(['/actualites/tag/16/']) },
      { path: '/actualites/tag/16/feed.xml', contents: '<rss><link>http://localhost:8080/actualites/tag/16/</link></rss>' },
      { path: '/sitemap.xml', contents: '<urlset><url><loc>http://localhost:8080/actualites/article/65/</loc></url></urlset>' },
    ];
    expect(await expectEveryFaultSurvived(before, after)).toBeGreaterThanOrEqual(9);
  });

  it('removes pages that link to each other only once nothing online links to them, and puts them back when one cannot go', async () => {
    // Articles 1 to 5 each link to the previous and the next one; 2, 3 and 4 are removed.
    const article = (id: number, ids: number[]): OutputFile => ({ path: `/actualites/article/${id}/index.html`, contents: page(['/', ...ids.filter((other) => Math.abs(other - id) === 1 || (ids.indexOf(other) - ids.indexOf(id)) ** 2 === 1).map((other) => `/actualites/article/${other}/`)]) });
    const site = (ids: number[]): OutputFile[] => [css, { path: '/index.html', contents: page(ids.map((id) => `/actualites/article/${id}/`)) }, ...ids.map((id) => article(id, ids))];
    const before = site([1, 2, 3, 4, 5]);
    const after = site([1, 5]);
    expect(await expectEveryFaultSurvived(before, after)).toBeGreaterThanOrEqual(6);
  });

  it('reads links with the site path prefix and through the site origin', async () => {
    const before: OutputFile[] = [{ path: '/index.html', contents: '<a href="/club/">home</a>' }];
    const after: OutputFile[] = [
      { path: '/index.html', contents: '<a href="/club/a/">a</a>' },
      { path: '/a/index.html', contents: '<a href="https://www.sqbb.fr/club/b/">b</a>' },
      { path: '/b/index.html', contents: '<a href="/club/">home</a>' },
    ];
    await rm(out, { recursive: true, force: true });
    writeOutput(out, before);
    const order: string[] = [];
    const io = faultyIo(0).io;
    writeOutput(out, after, { basePath: '/club', io: { ...io, rename: (from, to) => (order.push(path.relative(out, to)), io.rename(from, to)) } });
    expect(order).toEqual(['b/index.html', 'a/index.html', 'index.html']);
  });

  it('publishes the site when only the staging folder cannot be removed after, and says so', async () => {
    writeOutput(out, [{ path: '/index.html', contents: 'v1' }]);
    const result = writeOutput(out, [{ path: '/index.html', contents: 'v2' }, { path: '/a/index.html', contents: 'a' }], { io: faultyIo(0, { removeTreeFails: true }).io });
    expect(await readTree(out)).toEqual({ 'index.html': text('v2'), 'a/index.html': text('a') });
    expect(result.leftovers).toEqual([expect.stringMatching(/^\/\S+dist\.published-\d+-\d+-\d+ could not be removed after publishing \(EIO\): the next run removes it$/)]);
  });
});
