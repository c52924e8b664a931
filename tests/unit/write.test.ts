import { mkdtemp, readdir, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutputFile } from '../../build/output-file.js';
import { createFileWriter, openOutput, type WriteResult } from '../../build/write.js';

/** A whole output at once: every file, then the swap (or nothing, if one fails). */
async function writeOutput(outDir: string, files: readonly OutputFile[]): Promise<WriteResult> {
  const output = await openOutput(outDir);
  try {
    for (const file of files) output.add(file);
    return await output.commit();
  } catch (error) {
    await output.abort();
    throw error;
  }
}
import { readTree } from './read-tree.js';

let root: string;
let out: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-write-'));
  out = path.join(root, 'dist');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('atomic output', () => {
  it('replaces the previous output with exactly the new files', async () => {
    await writeOutput(out, [{ path: '/index.html', contents: 'v1' }, { path: '/old/index.html', contents: 'gone soon' }]);
    const result = await writeOutput(out, [{ path: '/index.html', contents: 'v2' }, { path: '/a/b/index.html', contents: 'new' }]);
    expect(await readTree(out)).toEqual({ 'index.html': Buffer.from('v2').toString('base64'), 'a/b/index.html': Buffer.from('new').toString('base64') });
    expect(result).toEqual({ written: 2, changed: 2, removed: 1, changedPaths: ['/a/b/index.html', '/index.html', '/old/index.html'] });
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('keeps the modification time of files whose bytes did not change', async () => {
    await writeOutput(out, [{ path: '/same.html', contents: 'same' }, { path: '/changes.html', contents: 'v1' }]);
    const before = await stat(path.join(out, 'same.html'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await writeOutput(out, [{ path: '/same.html', contents: 'same' }, { path: '/changes.html', contents: 'v2' }]);
    const after = await stat(path.join(out, 'same.html'));
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(result.changed).toBe(1);
    expect(result.changedPaths).toEqual(['/changes.html']);
  });

  it('leaves the previous output byte-identical when writing fails', async () => {
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), 'the good site');
    const before = await readTree(out);
    await expect(
      writeOutput(out, [{ path: '/index.html', contents: 'half' }, { path: '/index.html', contents: 'duplicate' }]),
    ).rejects.toThrow(/two outputs write \/index.html/);
    expect(await readTree(out)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('takes files written by other writers (render threads) into the same swap, and refuses a path written twice', async () => {
    const output = await openOutput(out);
    const worker = createFileWriter(output.folder);
    output.add({ path: '/index.html', contents: 'home' });
    worker.add({ path: '/a/index.html', contents: 'a' });
    expect(await output.commit([worker.finish()])).toEqual({ written: 2, changed: 2, removed: 0, changedPaths: ['/a/index.html', '/index.html'] });
    expect(await readTree(out)).toEqual({ 'index.html': Buffer.from('home').toString('base64'), 'a/index.html': Buffer.from('a').toString('base64') });

    const before = await readTree(out);
    const again = await openOutput(out);
    const clash = createFileWriter(again.folder);
    again.add({ path: '/a/index.html', contents: 'from the main thread' });
    clash.add({ path: '/a/index.html', contents: 'from a worker' });
    await expect(again.commit([clash.finish()])).rejects.toThrow('two outputs write /a/index.html');
    await again.abort();
    expect(await readTree(out)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('refuses a page or file written into the converted images\' folder, by any writer, and leaves the output as it was', async () => {
    await writeOutput(out, [{ path: '/index.html', contents: 'the good site' }]);
    const before = await readTree(out);
    await expect(writeOutput(out, [{ path: '/media/ab12-640.webp', contents: 'not an image of ours' }])).rejects.toThrow('/media/ holds only the converted images');
    const output = await openOutput(out);
    const worker = createFileWriter(output.folder);
    expect(() => worker.add({ path: '/media/index.html', contents: 'x' })).toThrow('/media/ holds only the converted images');
    await output.abort();
    expect(await readTree(out)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('refuses paths that climb out of the output folder', async () => {
    await expect(writeOutput(out, [{ path: '/../escape.html', contents: 'x' }])).rejects.toThrow(/outside the output folder/);
    await expect(stat(path.join(root, 'escape.html'))).rejects.toThrow();
  });
});

describe('output updated in place (a cron run on the output its cache describes)', () => {
  const first = [
    { path: '/index.html', contents: 'home v1' },
    { path: '/same/index.html', contents: 'same' },
    { path: '/actualites/article/7/index.html', contents: 'trashed soon' },
  ];

  it('writes only new or different files, leaves the others untouched and deletes those that went, with their empty folders', async () => {
    await writeOutput(out, first);
    const same = await stat(path.join(out, 'same/index.html'));
    const output = await openOutput(out, { inPlace: { previousFiles: first.map((file) => file.path) } });
    output.add({ path: '/index.html', contents: 'home v2' });
    output.add({ path: '/same/index.html', contents: 'same' });
    output.reuse('/kept-as-is.html');
    output.add({ path: '/actualites/article/8/index.html', contents: 'new post' });
    let changedBefore = 0;
    const result = await output.commit([], new Map(), async () => {
      changedBefore = Object.keys(await readTree(out)).length;
    });
    expect(changedBefore).toBe(3);
    expect(result).toEqual({ written: 4, changed: 2, removed: 1, changedPaths: ['/actualites/article/7/index.html', '/actualites/article/8/index.html', '/index.html'] });
    expect(await readTree(out)).toEqual({
      'index.html': Buffer.from('home v2').toString('base64'),
      'same/index.html': Buffer.from('same').toString('base64'),
      'actualites/article/8/index.html': Buffer.from('new post').toString('base64'),
    });
    const after = await stat(path.join(out, 'same/index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([same.ino, same.mtimeMs]);
    expect(await readdir(path.join(out, 'actualites/article'))).toEqual(['8']);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });

  it('replaces a file whatever size the cache says it had, and keeps an identical one the cache says is as long', async () => {
    await writeOutput(out, first);
    const same = await stat(path.join(out, 'same/index.html'));
    const output = await openOutput(out, { inPlace: { previousFiles: first.map((file) => file.path) } });
    // The cache's sizes: another length for the home page (no need to read it), the same for the others.
    output.add({ path: '/index.html', contents: 'home v2!', previousSize: 7 });
    output.add({ path: '/same/index.html', contents: 'same', previousSize: 4 });
    output.add({ path: '/actualites/article/7/index.html', contents: 'trashed not', previousSize: 12 });
    const result = await output.commit();
    expect(result.changed).toBe(2);
    expect(await readTree(out)).toEqual({
      'index.html': Buffer.from('home v2!').toString('base64'),
      'same/index.html': Buffer.from('same').toString('base64'),
      'actualites/article/7/index.html': Buffer.from('trashed not').toString('base64'),
    });
    const after = await stat(path.join(out, 'same/index.html'));
    expect([after.ino, after.mtimeMs]).toEqual([same.ino, same.mtimeMs]);
  });

  it('leaves the output as it was when the build fails before the commit', async () => {
    await writeOutput(out, first);
    const before = await readTree(out);
    const output = await openOutput(out, { inPlace: { previousFiles: first.map((file) => file.path) } });
    output.add({ path: '/index.html', contents: 'home v2' });
    await output.abort();
    expect(await readTree(out)).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['dist']);
  });
});

describe('changed paths (what a publish step uploads or purges)', () => {
  it('names the images a build added and those it removed, and nothing it kept', async () => {
    const cache = path.join(root, 'media-cache');
    await mkdir(cache);
    for (const name of ['kept-640.webp', 'gone-640.webp', 'new-640.webp']) await writeFile(path.join(cache, name), name);
    const media = (...names: string[]) => new Map(names.map((name) => [`/media/${name}`, path.join(cache, name)]));
    const page = [{ path: '/index.html', contents: 'home' }];
    const clean = await openOutput(out);
    clean.add(page[0] as OutputFile);
    expect((await clean.commit([], media('kept-640.webp', 'gone-640.webp'))).changedPaths).toEqual(['/index.html', '/media/gone-640.webp', '/media/kept-640.webp']);

    const cron = await openOutput(out, { inPlace: { previousFiles: ['/index.html'] } });
    cron.add(page[0] as OutputFile);
    const result = await cron.commit([], media('kept-640.webp', 'new-640.webp'));
    expect(result.changedPaths).toEqual(['/media/gone-640.webp', '/media/new-640.webp']);
    expect(Object.keys(await readTree(out)).sort()).toEqual(['index.html', 'media/kept-640.webp', 'media/new-640.webp']);
  });
});
