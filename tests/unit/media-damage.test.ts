import { linkSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseOptions } from '../../build/options.js';
import type { BuildReport } from '../../build/report.js';
import { runBuild } from '../../build/pipeline.js';
import { sha256 } from '../../build/fs.js';
import { damageRecord, variantFiles } from './media-index.js';
import { readTree } from './read-tree.js';
import { warmMedia } from './warm-media.js';

// Most tests build with --clean: the islands and styles bundled once for the file (bundle-once.ts).
vi.mock('../../build/bundle.js', async (original) => (await import('./bundle-once.js')).bundleOnce(original));

/**
 * Issue 30: the media store is verified. Damage to a converted image (also one an earlier build
 * hard-linked into the output) or to a record of the media index gives one warning and a conversion again, and the output is that of a clean build
 * (every srcset width, every image byte); damage that cannot be repaired at once fails the build on
 * one line and is repaired by the next.
 */

const NOW = '2026-01-15T12:00:00Z';
const CONVERTED = /^([0-9a-f]{16})-\d+\.(avif|webp|jpg|png|gif)$/;

let root: string;
let reference: Record<string, string>;
const cache = () => path.join(root, 'cache');
const build = (out: string, ...extra: string[]): Promise<BuildReport> =>
  runBuild(parseOptions(['--out', path.join(root, out), '--cache', cache(), '--now', NOW, ...extra], {}), true);

const cacheWarnings = (report: BuildReport) => report.warnings.filter((entry) => entry.kind === 'build-cache').map((entry) => entry.message);

/** The converted images the site publishes, by name. */
function publishedImages(out: string): string[] {
  return readdirSync(path.join(root, out, 'media')).filter((name) => CONVERTED.test(name)).sort();
}

/** Flips one bit of the byte in the middle of a file (or at `at`). */
function flipBit(file: string, at?: number): void {
  const bytes = readFileSync(file);
  const index = at ?? Math.floor(bytes.length / 2);
  bytes[index] = (bytes[index] as number) ^ 0x10;
  writeFileSync(file, bytes);
}

async function expectCleanOutput(out: string): Promise<void> {
  const tree = await readTree(path.join(root, out));
  const differing = Object.keys({ ...tree, ...reference }).filter((file) => tree[file] !== reference[file]);
  expect(differing).toEqual([]);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-media-damage-'));
  // The snapshot's images converted once for the run (warm-media-setup.ts), as a cold first build
  // converts them: each test damages this cache and checks the repair against this first output.
  await warmMedia(cache());
  await build('site');
  reference = await readTree(path.join(root, 'site'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a damaged media store', () => {
  it('is never shared with the output: published images are copies, each holding the bytes its name promises', () => {
    const names = publishedImages('site');
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) {
      const published = path.join(root, 'site', 'media', name);
      expect(statSync(published).nlink, name).toBe(1);
      expect(statSync(published).ino).not.toBe(statSync(path.join(cache(), 'media', 'files', name)).ino);
      expect(sha256(readFileSync(published)).startsWith(CONVERTED.exec(name)?.[1] ?? '-'), name).toBe(true);
    }
  });

  it('converts a damaged image of the cache again, with one warning, when it is published', async () => {
    const name = publishedImages('site').find((candidate) => candidate.endsWith('.avif')) as string;
    const cached = path.join(cache(), 'media', 'files', name);
    flipBit(cached);
    // A new output folder: every image is published from the cache.
    const report = await build('elsewhere');
    expect(cacheWarnings(report)).toEqual([`media cache: ${name} was damaged (its bytes do not match their hash); converted again from its source`]);
    await expectCleanOutput('elsewhere');
    expect(sha256(readFileSync(cached)).startsWith(name.slice(0, 16))).toBe(true);
    expect(cacheWarnings(await build('elsewhere', '--clean'))).toEqual([]);
  });

  it('replaces, on the next clean build, a published image that earlier builds hard-linked to the cache and whose damage it shares', async () => {
    const name = publishedImages('site').find((candidate) => candidate.endsWith('.webp')) as string;
    const published = path.join(root, 'site', 'media', name);
    const cached = path.join(cache(), 'media', 'files', name);
    rmSync(published);
    linkSync(cached, published);
    flipBit(cached);
    const report = await build('site', '--clean');
    expect(cacheWarnings(report)).toEqual([`media cache: ${name} was damaged (its bytes do not match their hash); converted again from its source`]);
    expect(statSync(published).nlink).toBe(1);
    await expectCleanOutput('site');
  });

  it('replaces on --clean a published image damaged in the output (zeros written into an AVIF), trusting nothing it finds there', async () => {
    const name = publishedImages('site').find((candidate) => candidate.endsWith('.avif')) as string;
    const published = path.join(root, 'site', 'media', name);
    const bytes = readFileSync(published);
    bytes.fill(0, 64, Math.min(bytes.length, 576));
    writeFileSync(published, bytes);
    const report = await build('site', '--clean');
    expect(report.changedPaths).toContain(`/media/${name}`);
    expect(cacheWarnings(report)).toEqual([]);
    await expectCleanOutput('site');
  });

  it('forgets a record of the media index with one warning when one bit of a width flipped, and converts again: the right srcset widths', async () => {
    // The last digit of a variant's width, one bit off: still valid JSON, another number.
    const source = damageRecord(path.join(cache(), 'media'), 'source', (json) => {
      const width = /("width":\d*)(\d)/.exec(json.slice(json.indexOf('"variants"')));
      return width ? json.replace(width[0], `${width[1]}${Number(width[2]) ^ 1}`) : json;
    });
    const report = await build('site', '--clean');
    expect(cacheWarnings(report)).toEqual([`media cache: the source record of ${source} in ${path.join(cache(), 'media', 'index.sqlite')} is damaged; it is made again`]);
    await expectCleanOutput('site');
    expect(cacheWarnings(await build('site', '--clean'))).toEqual([]);
  });

  it('fails on one line when an image and its source are both damaged, publishes nothing, and the next build repairs both', async () => {
    const name = publishedImages('site').find((candidate) => candidate.endsWith('.jpg')) as string;
    const source = [...variantFiles(path.join(cache(), 'media'))].find(([, files]) => files.includes(name))?.[0] as string;
    flipBit(path.join(cache(), 'media', 'files', name));
    flipBit(path.join(cache(), 'media', 'sources', source));
    const failure = (await build('third').catch((error: Error) => error)) as Error;
    expect(failure.message).toBe(`media cache: ${name} is damaged and cannot be made again now (its source ${source.slice(0, 16)} is neither in the cache nor at the URLs that held it); the next build prepares every image again`);
    // No output, no staging folder left (the lock file stays beside the output, as for every build).
    expect(readdirSync(root).filter((entry) => entry.startsWith('third') && entry !== 'third.lock')).toEqual([]);
    await build('third');
    await expectCleanOutput('third');
  });

  it('starts its index again, with one warning, when the file is not a database: the images made again, the same site', async () => {
    writeFileSync(path.join(cache(), 'media', 'index.sqlite'), 'not a database');
    const report = await build('site');
    expect(cacheWarnings(report)).toEqual([expect.stringMatching(/^media cache: \S+index\.sqlite is unreadable \(.*\); starting without it: its images are downloaded and converted again$/)]);
    await expectCleanOutput('site');
  });
});
