import { spawnSync } from 'node:child_process';
import type * as NodeFs from 'node:fs';
import type * as NodeFsPromises from 'node:fs/promises';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import type { BuildReport } from '../../build/report.js';
import { variantFiles } from './media-index.js';
import { brokenLinks, readTree } from './read-tree.js';

/**
 * Issue 41, the second probe's faults, each made to happen inside a real build: an I/O error (EIO)
 * at the Nth rename or removal the build makes (a layer over node:fs the test controls), a media
 * cache folder made immutable. Each ends with a complete site online, the site of a clean build
 * after the next run, and one line naming the file.
 */

/** Which calls fail: a predicate per operation, given the paths; counted by the test. */
const faults = vi.hoisted(() => ({
  rename: undefined as ((from: string, to: string) => boolean) | undefined,
  remove: undefined as ((target: string) => boolean) | undefined,
}));

const eio = (what: string) => Object.assign(new Error(`EIO: i/o error, ${what}`), { code: 'EIO', errno: -5, syscall: what.split(' ')[0] });

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeFs>();
  const renameSync: typeof actual.renameSync = (from, to) => {
    if (faults.rename?.(String(from), String(to))) throw eio(`rename '${String(from)}' -> '${String(to)}'`);
    actual.renameSync(from, to);
  };
  const rmSync: typeof actual.rmSync = (target, options) => {
    if (faults.remove?.(String(target))) throw eio(`rm '${String(target)}'`);
    actual.rmSync(target, options);
  };
  return { ...actual, default: { ...actual, renameSync, rmSync }, renameSync, rmSync };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeFsPromises>();
  const rename: typeof actual.rename = async (from, to) => {
    if (faults.rename?.(String(from), String(to))) throw eio(`rename '${String(from)}' -> '${String(to)}'`);
    return actual.rename(from, to);
  };
  return { ...actual, default: { ...actual, rename }, rename };
});
// Dozens of builds, most of them clean: the islands and styles bundled once for the file (bundle-once.ts).
vi.mock('../../build/bundle.js', async (original) => (await import('./bundle-once.js')).bundleOnce(original));

const NOW = '2026-01-15T12:00:00Z';
const SNAPSHOT = path.resolve(import.meta.dirname, '../../data/wordpress');

let root: string;
/** The snapshot's media converted once: every scenario's cache starts from a copy. */
const warmMedia = () => path.join(root, 'warm-cache', 'media');

const build = (out: string, cache: string, ...extra: string[]): Promise<BuildReport> =>
  runBuild(parseOptions(['--out', path.join(root, out), '--cache', path.join(root, cache), '--now', NOW, ...extra], {}), true);
const failure = (promise: Promise<unknown>): Promise<Error | undefined> => promise.then(() => undefined, (error: Error) => error);

/** A scenario's cache: the warm media store, `forget` of its converted files removed (to be made again). */
function freshCache(cache: string, forget: (name: string) => boolean = () => false): void {
  rmSync(path.join(root, cache), { recursive: true, force: true });
  mkdirSync(path.join(root, cache), { recursive: true });
  cpSync(warmMedia(), path.join(root, cache, 'media'), { recursive: true });
  for (const name of readdirSync(path.join(root, cache, 'media', 'files'))) if (forget(name)) rmSync(path.join(root, cache, 'media', 'files', name));
}

/** Forgets the converted files of the first `count` images whose files the warm cache holds, by their names' order. */
function forgetting(count: number): (name: string) => boolean {
  const images = new Set(
    [...variantFiles(warmMedia()).values()]
      .filter((files) => files.length > 0)
      .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1))
      .slice(0, count)
      .flat(),
  );
  return (name) => images.has(name);
}

/** Counts the calls `matches` selects (renames, removals or both) and fails the `failAt`-th: returns the count so far. */
function injectAt(kind: 'rename' | 'remove' | 'both', failAt: number, matches: (...paths: string[]) => boolean): () => number {
  let calls = 0;
  const count = (...paths: string[]) => {
    if (!matches(...paths)) return false;
    calls += 1;
    return calls === failAt;
  };
  if (kind !== 'remove') faults.rename = count;
  if (kind !== 'rename') faults.remove = count;
  return () => calls;
}
const clearFaults = () => {
  faults.rename = undefined;
  faults.remove = undefined;
};

/**
 * A clean build of the same content into a folder of its own: what every other output must equal.
 * With the cache the output's run used (`cache`): --clean keeps the conversions, and an image's
 * variants made in two sets are other bytes than the same made in one (build/media/convert.ts).
 */
async function reference(content?: string, cache = 'reference-cache'): Promise<Record<string, string>> {
  rmSync(path.join(root, 'reference'), { recursive: true, force: true });
  if (!existsSync(path.join(root, cache))) freshCache(cache);
  await build('reference', cache, '--clean', ...(content ? ['--content', content] : []));
  return readTree(path.join(root, 'reference'));
}

async function expectSameSite(out: string, expected: Record<string, string>, because: string): Promise<void> {
  const tree = await readTree(path.join(root, out));
  expect(Object.keys({ ...tree, ...expected }).filter((file) => tree[file] !== expected[file]), because).toEqual([]);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-io-faults-'));
  // The run's own (tests/unit/warm-media-setup.ts): converted in one set, as a cold cache's first build converts them.
  cpSync(inject('warmMediaCache'), warmMedia(), { recursive: true });
});
afterAll(async () => {
  clearFaults();
  await rm(root, { recursive: true, force: true });
});

describe('a media cache that cannot be written', () => {
  const canChattr = process.getuid?.() === 0 && spawnSync('chattr', ['--help']).status !== 127;

  it.skipIf(!canChattr)('gives the posts their images at the next run once the cache can be written again (chattr +i media/sources)', async () => {
    // A first build with a cache missing three images, whose sources folder cannot take a file.
    freshCache('immutable-cache', forgetting(3));
    rmSync(path.join(root, 'immutable-cache', 'media', 'sources'), { recursive: true, force: true });
    mkdirSync(path.join(root, 'immutable-cache', 'media', 'sources'), { recursive: true });
    expect(spawnSync('chattr', ['+i', path.join(root, 'immutable-cache', 'media', 'sources')]).status).toBe(0);
    try {
      const first = await build('immutable', 'immutable-cache');
      expect(first.warnings.filter((entry) => entry.kind === 'image-left-out').length).toBeGreaterThan(2);
      expect(await brokenLinks(path.join(root, 'immutable'))).toEqual([]);
    } finally {
      spawnSync('chattr', ['-i', path.join(root, 'immutable-cache', 'media', 'sources')]);
    }
    const next = await build('immutable', 'immutable-cache');
    expect(next.warnings.filter((entry) => entry.kind === 'image-left-out')).toEqual([]);
    await expectSameSite('immutable', await reference(undefined, 'immutable-cache'), 'the run after the cache came back');
    // Nothing left to retry: the run after has nothing to do.
    const after = await build('immutable', 'immutable-cache');
    expect([after.run.posts, after.run.pagesRendered]).toEqual([{ total: 31, added: 0, changed: 0, removed: 0 }, 0]);
  });

  it("gives the posts their images at the next run after an EIO at one of the media store's first 15 renames", async () => {
    // Three images' converted files gone from the cache: the build makes them again (a dozen renames and more).
    const forget = forgetting(3);
    const inStore = (_from: string, to = '') => to.startsWith(path.join(root, 'store-cache', 'media'));
    // A sample of the probe's 15 renames (each trial is three builds): its first, one within, its last.
    for (const failAt of [1, 8, 15]) {
      freshCache('store-cache', forget);
      rmSync(path.join(root, 'store'), { recursive: true, force: true });
      const calls = injectAt('rename', failAt, inStore);
      const failed = await failure(build('store', 'store-cache'));
      clearFaults();
      if (calls() < failAt) break;
      // Either the build failed on one line naming the file (nothing published), or it published a complete site without the image.
      if (failed) expect(failed.message.split('\n'), `rename ${failAt}`).toEqual([expect.stringContaining(path.join(root, 'store-cache', 'media'))]);
      else expect(await brokenLinks(path.join(root, 'store')), `rename ${failAt}`).toEqual([]);
      await build('store', 'store-cache');
      await expectSameSite('store', await reference(undefined, 'store-cache'), `the run after an EIO at rename ${failAt} of the media store`);
      const article = readFileSync(path.join(root, 'store', 'actualites', 'article', '62', 'index.html'), 'utf8');
      expect(/property="og:image" content="([^"]+)"/.exec(article)?.[1], `rename ${failAt}`).not.toMatch(/og-default/);
    }
  }, 900_000);
});

/** The snapshot with one post more (id 65, newest), in a new tag 16; and with `removed` posts taken out. */
function writeContent(dir: string, { withNewPost, removed = [] }: { withNewPost: boolean; removed?: number[] }): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(SNAPSHOT, dir, { recursive: true });
  const posts = JSON.parse(readFileSync(path.join(SNAPSHOT, 'posts.json'), 'utf8')) as Record<string, unknown>[];
  const tags = JSON.parse(readFileSync(path.join(SNAPSHOT, 'tags.json'), 'utf8')) as Record<string, unknown>[];
  const kept = posts.filter((post) => !removed.includes(post.id as number));
  if (withNewPost) {
    const model = posts[0] as Record<string, unknown>;
    kept.unshift({ ...model, id: 65, slug: 'nouvel-article', date: '2026-01-14T10:00:00', date_gmt: '2026-01-14T09:00:00', modified: '2026-01-14T10:00:00', modified_gmt: '2026-01-14T09:00:00', title: { rendered: 'Un nouvel article' }, tags: [16] });
    tags.push({ ...(tags[0] as object), id: 16, name: 'Nouveau mot-clé', slug: 'nouveau-mot-cle', count: 1 });
  }
  writeFileSync(path.join(dir, 'posts.json'), JSON.stringify(kept));
  writeFileSync(path.join(dir, 'tags.json'), JSON.stringify(tags));
  return dir;
}

describe('a publish interrupted by an I/O error', () => {
  /** The output and cache of the site before, saved once; each trial starts from a copy. */
  async function saveBefore(name: string, content: string): Promise<() => void> {
    freshCache(`${name}-before-cache`);
    rmSync(path.join(root, `${name}-before`), { recursive: true, force: true });
    await build(`${name}-before`, `${name}-before-cache`, '--content', content);
    return () => {
      for (const [from, to] of [[`${name}-before`, name], [`${name}-before-cache`, `${name}-cache`]] as const) {
        rmSync(path.join(root, to), { recursive: true, force: true });
        cpSync(path.join(root, from), path.join(root, to), { recursive: true });
      }
    };
  }

  /** Fails the publishing step `failAt` of each trial, checks the site online, then the next run. */
  async function trials(name: string, steps: number[], kind: 'rename' | 'both', content: string, extra: string[], expected: Record<string, string>): Promise<number> {
    const restore = await saveBefore(name, writeContent(path.join(root, `${name}-content-before`), { withNewPost: false }));
    const out = path.join(root, name);
    // The renames and removals that change the output (not the staging folder's removal once it is done).
    const inOutput = (target: string, to?: string) => (to ?? target).startsWith(`${out}${path.sep}`) || (to ?? target).startsWith(`${out}.old-`);
    let tried = 0;
    for (const failAt of steps) {
      restore();
      const calls = injectAt(kind, failAt, (target, to) => inOutput(target as string, to));
      const failed = await failure(build(name, `${name}-cache`, '--content', content, ...extra));
      clearFaults();
      if (calls() < failAt) break;
      tried += 1;
      expect(failed?.message.split('\n'), `${kind} ${failAt}`).toEqual([expect.stringMatching(/^publishing \S+ failed: EIO/)]);
      expect(await brokenLinks(out), `after an EIO at ${kind} ${failAt}`).toEqual([]);
      await build(name, `${name}-cache`, '--content', content);
      await expectSameSite(name, expected, `the run after an EIO at ${kind} ${failAt}`);
    }
    return tried;
  }

  it('never puts a new post online before the new tag page it links to (a clean build over the old site)', async () => {
    const content = writeContent(path.join(root, 'new-post-content'), { withNewPost: true });
    const expected = await reference(content);
    expect(Object.keys(expected)).toContain('actualites/tag/16/index.html');
    // A sample of the steps (the probe's 7th rename among them); tests/unit/write.test.ts fails every step of smaller trees.
    expect(await trials('new-post', [1, 7, 12, 20], 'rename', content, ['--clean'], expected)).toBeGreaterThan(2);
  }, 900_000);

  it('never leaves a removed article online linking to one already deleted', async () => {
    const content = writeContent(path.join(root, 'removal-content'), { withNewPost: false, removed: [56, 54, 52, 50] });
    const expected = await reference(content);
    // The probe's 6th removal among them.
    expect(await trials('removal', [1, 6, 10, 20], 'both', content, [], expected)).toBeGreaterThan(1);
  }, 900_000);
});

describe('a run that fails once the site is complete', () => {
  it('exits with the site published and a warning when the staging folder cannot be removed, and the next run has nothing to do', async () => {
    const content = writeContent(path.join(root, 'late-content'), { withNewPost: true });
    const expected = await reference(content);
    freshCache('late-cache');
    await build('late', 'late-cache');
    // The staging folder's removal once published (not the clearing of a folder of that name before it is made).
    injectAt('remove', 1, (target) => /late\.published-\d+-\d+-\d+$/.test(target) && existsSync(target));
    const report = await build('late', 'late-cache', '--content', content).finally(clearFaults);
    expect(report.warnings.filter((entry) => /late\.(?:staging|published)-/.test(entry.message)).map((entry) => entry.message)).toEqual([
      expect.stringMatching(/^\S+late\.published-\d+-\d+-\d+ could not be removed after publishing \(EIO\): the next run removes it$/),
    ]);
    await expectSameSite('late', expected, 'the site once published');
    const next = await build('late', 'late-cache', '--content', content);
    expect([next.run.mode, next.run.pagesRendered]).toEqual(['incremental', 0]);
    expect(readdirSync(root).filter((entry) => /^late\.(?:staging|published)-/.test(entry))).toEqual([]);
  });

  it("exits with the site published and a warning when the report cannot be written, and the state is not left 'publishing'", async () => {
    const content = writeContent(path.join(root, 'report-content'), { withNewPost: true });
    const expected = await reference(content);
    freshCache('report-cache');
    await build('report', 'report-cache');
    injectAt('rename', 1, (_from, to = '') => to === path.join(root, 'report-report.json'));
    const report = await build('report', 'report-cache', '--content', content).finally(clearFaults);
    expect(report.warnings.filter((entry) => entry.message.includes('report-report.json')).map((entry) => entry.message)).toEqual([
      expect.stringMatching(/^writing \S+report-report\.json failed: EIO.*: the site is complete, its report is not saved$/),
    ]);
    await expectSameSite('report', expected, 'the site once published');
    expect(existsSync(path.join(root, 'report-report.json'))).toBe(false);
    const next = await build('report', 'report-cache', '--content', content);
    expect([next.run.mode, next.run.pagesRendered]).toEqual(['incremental', 0]);
  });
});
