import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendBodies, bodyFingerprint, CacheDamagedError, readBody, type BodyRef } from '../../build/cache/body-pack.js';
import { deltaFile, markStateChanging, removeHead, stateFile } from '../../build/cache/build-cache.js';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/run.js';
import { readTree } from './read-tree.js';

/** A persistent cache is never trusted blindly: anything odd gives one warning and a clean build. */
describe('the build cache', () => {
  let root: string;
  let cleanTree: Record<string, string>;
  const options = (...extra: string[]) =>
    parseOptions(['--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--content', path.join(root, 'content'), '--now', '2026-01-15T12:00:00Z', ...extra], {});
  const build = (...extra: string[]) => runBuild(options(...extra), true);
  const cacheFile = () => stateFile(options());

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-cache-'));
    await cp(path.resolve('data/wordpress'), path.join(root, 'content'), { recursive: true });
    await build();
    cleanTree = await readTree(path.join(root, 'site'));
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  for (const [name, damage] of [
    ['truncated', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ['corrupt', (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 200), Buffer.from('x'), bytes.subarray(201)])],
    ['foreign', () => Buffer.from('{"not":"our cache"}')],
  ] as const) {
    it(`ignores a ${name} cache with one warning and builds clean, the same site`, async () => {
      const file = cacheFile();
      await writeFile(file, damage(await readFile(file)));
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'unreadable cache' });
      expect(report.warnings.filter((warning) => warning.kind === 'build-cache').map((warning) => warning.message)).toEqual([
        expect.stringMatching(/is corrupt, truncated or not ours: ignored, clean build$/),
      ]);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
      // Its result is the new cache.
      expect((await build()).run.mode).toBe('incremental');
    });
  }

  it('ignores a body pack that no longer holds what it held, with one warning: the same site, clean', async () => {
    const pack = async () => {
      const packs = (await readdir(path.join(root, 'cache'))).filter((name) => name.endsWith('.pack'));
      expect(packs).toHaveLength(1);
      return path.join(root, 'cache', packs[0] as string);
    };
    // Bodies are read only for the articles rendered again: an edited post makes the build read them.
    // One post's title, the file's other bytes as they are (the other posts stay unchanged).
    const edit = async (title: string) => {
      const file = path.join(root, 'content', 'posts.json');
      const text = await readFile(file, 'utf8');
      const old = (JSON.parse(text) as { title: { rendered: string } }[])[0]?.title.rendered ?? '';
      expect(text).toContain(JSON.stringify(old));
      await writeFile(file, text.replace(JSON.stringify(old), JSON.stringify(title)));
    };
    const original = await readFile(path.join(root, 'content', 'posts.json'));
    const categories = path.join(root, 'content', 'categories.json');
    const terms = await readFile(categories, 'utf8');
    try {
      await build();
      // A byte of every body flipped: whichever article renders again meets one.
      const bytes = await readFile(await pack());
      for (let index = 0; index < bytes.length; index += 50) bytes[index] = (bytes[index] as number) ^ 1;
      await writeFile(await pack(), bytes);
      // A new category name reaches every article of that category: their bodies are read.
      await writeFile(categories, terms.replace(/"name":\s*"([^"]+)"/, '"name": "$1 (renommée)"'));
      await edit('Un titre corrigé');
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'unreadable cache' });
      expect(report.warnings.filter((warning) => warning.kind === 'build-cache').map((warning) => warning.message)).toEqual([
        expect.stringMatching(/\.pack is damaged \(a body does not read back as it was written\): ignored, clean build$/),
      ]);
      await writeFile(categories, terms);
      await writeFile(path.join(root, 'content', 'posts.json'), original);
      expect((await build()).run.mode).toBe('incremental');
      // Cut short: the state is not read at all.
      const whole = await readFile(await pack());
      await writeFile(await pack(), whole.subarray(0, whole.length - 10));
      await edit('Encore un titre');
      expect((await build()).run).toMatchObject({ mode: 'clean', cleanReason: 'unreadable cache' });
    } finally {
      await writeFile(path.join(root, 'content', 'posts.json'), original);
      await writeFile(categories, terms);
    }
    expect((await build()).run.mode).toBe('incremental');
    expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
  });

  it('starts clean without a warning from a cache in an older format of ours (a new release)', async () => {
    const file = cacheFile();
    const bytes = await readFile(file);
    await writeFile(file, Buffer.concat([Buffer.from('SQBB-BUILD-CACHE 1\n'), bytes.subarray(bytes.indexOf(0x0a) + 1)]));
    const report = await build();
    expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'cache made by another version of the build' });
    expect(report.warnings.filter((warning) => warning.kind === 'build-cache')).toEqual([]);
    expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
  });

  it('starts clean by itself when the options that shape every page change', async () => {
    const report = await runBuild(parseOptions(['--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--content', path.join(root, 'content'), '--site-url', 'https://www.sqbb.fr', '--now', '2026-01-15T12:00:00Z'], {}), true);
    expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'site URL changed since the cache was made' });
    await build();
  });

  it('leaves the previous cache as it was when a build fails', async () => {
    const before = await readFile(cacheFile());
    const posts = path.join(root, 'content', 'posts.json');
    const good = await readFile(posts);
    await writeFile(posts, '[{"id": 1, "title": ');
    try {
      await expect(build()).rejects.toThrow(/posts\.json is not valid JSON/);
    } finally {
      await writeFile(posts, good);
    }
    expect(await readFile(cacheFile())).toEqual(before);
    expect((await build()).run).toMatchObject({ mode: 'incremental', pagesRendered: 0 });
  });

  it('renders every page again when the output folder is not the one the cache describes', async () => {
    await rm(path.join(root, 'site'), { recursive: true });
    const report = await build();
    expect(report.run.mode).toBe('incremental');
    expect(report.run.pagesRendered).toBe(report.pages + report.framePaths.length);
    expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
  });

  it('renders home and calendar again only when the build time passes a match (upcoming list, its score)', async () => {
    const at = (now: string) => runBuild(parseOptions(['--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--content', path.join(root, 'content'), '--now', now], {}), true);
    // 2026-01-15 and 2026-01-16: the next match is on 17 January either way, and no player has a birthday:
    // nothing to do, but the report's warnings name this run's "now".
    const next = await at('2026-01-16T12:00:00Z');
    expect(next.run.pagesRendered).toBe(0);
    expect(Object.keys(next.stages)).not.toContain('render');
    expect(next.warnings.filter((entry) => entry.kind === 'future-score').map((entry) => entry.message)).toEqual([expect.stringContaining("the build's now 2026-01-16T12:00:00.000Z")]);
    // 2026-01-18: the match of the 17th has been played: off the home carousel, its score on the calendar and in the feed.
    const later = await at('2026-01-18T12:00:00Z');
    expect(later.run.renderedPaths.sort()).toEqual(['/', '/equipe/match/calendrier/']);
    expect(later.changed).toBe(3);
    await at('2026-01-15T12:00:00Z');
  });

  it('stops after reading its inputs when nothing changed since the last build: no page rendered, no file touched', async () => {
    await build();
    const before = await outputStamps(path.join(root, 'site'));
    const report = await build();
    expect(report.run).toMatchObject({ mode: 'incremental', pagesRendered: 0, posts: { added: 0, changed: 0, removed: 0 } });
    expect(report.changed).toBe(0);
    // The pipeline never ran: no cache loaded, nothing rendered or written.
    expect(Object.keys(report.stages).sort()).toEqual(['check', 'data', 'fetch']);
    expect(await outputStamps(path.join(root, 'site'))).toEqual(before);
    expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
  });

  it('builds again when a club data file changed, rendering the pages that show it', async () => {
    const data = path.join(root, 'data');
    await cp(path.resolve('data'), data, { recursive: true, filter: (source) => !source.includes(`${path.sep}wordpress`) });
    const withData = () => runBuild(options('--data', data), true);
    await withData();
    expect(Object.keys((await withData()).stages)).not.toContain('render');
    const partners = path.join(data, 'partners.json');
    const text = await readFile(partners, 'utf8');
    await writeFile(partners, text.replace('"Desmarets Automobiles"', '"Desmarets Automobiles Saint-Quentin"'));
    const report = await withData();
    expect(report.run.mode).toBe('incremental');
    // The partners are in the layout and bundled into their island, whose file name every page links.
    expect(report.run.pagesRendered).toBe(report.pages + report.framePaths.length);
    await writeFile(partners, text);
    await build();
  });

  describe('saved as a base and a delta', () => {
    const posts = () => path.join(root, 'content', 'posts.json');
    let original: string;
    /** The first post's title set to `title`, the file's other bytes as they are. */
    const retitle = async (title: string) => {
      const text = await readFile(posts(), 'utf8');
      const old = (JSON.parse(text) as { title: { rendered: string } }[])[0]?.title.rendered ?? '';
      await writeFile(posts(), text.replace(JSON.stringify(old), JSON.stringify(title)));
    };
    beforeAll(async () => {
      original = await readFile(posts(), 'utf8');
    });
    afterAll(async () => {
      await writeFile(posts(), original);
      await build('--clean');
    });

    it('saves what a cron run changed beside the state, not the whole state again; the next build reads both', async () => {
      await build('--clean');
      const base = await readFile(cacheFile());
      expect(existsSync(deltaFile(options()))).toBe(false);
      await retitle('Un titre corrigé');
      expect((await build()).run).toMatchObject({ mode: 'incremental', posts: { changed: 1 } });
      expect(await readFile(cacheFile())).toEqual(base);
      expect((await stat(deltaFile(options()))).size).toBeLessThan(base.length / 2);
      // Back to the first title: only the delta says the article shows the other one.
      await writeFile(posts(), original);
      const back = await build();
      expect(back.run).toMatchObject({ mode: 'incremental', posts: { changed: 1 } });
      expect(back.run.renderedPaths.length).toBeGreaterThan(0);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
    });

    it('ignores a damaged delta with one warning and builds clean, the same site', async () => {
      await retitle('Un titre corrigé');
      await build();
      const delta = await readFile(deltaFile(options()));
      delta[delta.length - 3] = (delta[delta.length - 3] as number) ^ 1;
      await writeFile(deltaFile(options()), delta);
      await writeFile(posts(), original);
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'unreadable cache' });
      expect(report.warnings.filter((warning) => warning.kind === 'build-cache')).toHaveLength(1);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
    });

    it('ignores a delta left from before its base was written again (a crash in between)', async () => {
      await retitle('Un titre corrigé');
      await build();
      const leftover = await readFile(deltaFile(options()));
      await writeFile(posts(), original);
      await build('--clean');
      await writeFile(deltaFile(options()), leftover);
      // Applied, the leftover would say the post already has this title: nothing to render.
      await retitle('Un titre corrigé');
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'incremental', posts: { changed: 1 } });
      expect(report.warnings.filter((warning) => warning.kind === 'build-cache')).toEqual([]);
      await writeFile(posts(), original);
      await build();
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
    });

    it('writes the whole state again once the delta would reach half of it', async () => {
      await build('--clean');
      const base = await readFile(cacheFile());
      // Every post edited: the delta would hold them all.
      const all = JSON.parse(original) as { title: { rendered: string } }[];
      for (const post of all) post.title.rendered = `${post.title.rendered} (mis à jour)`;
      await writeFile(posts(), JSON.stringify(all));
      expect((await build()).run).toMatchObject({ mode: 'incremental', posts: { changed: all.length } });
      expect(await readFile(cacheFile())).not.toEqual(base);
      expect(existsSync(deltaFile(options()))).toBe(false);
      await writeFile(posts(), original);
      await build();
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
    });

    it('trusts no state after a build stopped while it changed the output in place: clean, the same site', async () => {
      // What a build does before it changes the output in place, then the crash.
      removeHead(options());
      markStateChanging(options());
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'the last build stopped while changing the output' });
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
      expect((await build()).run.mode).toBe('incremental');
    });
  });
});

/** Inode and modification time of every file of a folder: what rsync and a CDN upload look at. */
async function outputStamps(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const stamps: Record<string, string> = {};
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file);
    stamps[path.relative(dir, file)] = `${info.ino} ${info.mtimeMs}`;
  }
  return stamps;
}

/** Bodies are fingerprinted once, as normalize makes their posts' revision; the pack checks every read against it. */
describe('the body pack', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sqbb-pack-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads back a body appended with the fingerprint made from its text (accents, typographic quotes, emoji)', () => {
    const html = '<p>L’équipe s’impose « à domicile » 🏀 – 81-72…</p>';
    const { pack, refs } = appendBodies(dir, 'test-', undefined, [{ html, hash: bodyFingerprint(html) }, { html: '<p>sans empreinte</p>' }]);
    expect(refs[0]?.hash).toBe(bodyFingerprint(html));
    expect(readBody(dir, pack, refs[0] as BodyRef)).toBe(html);
    expect(readBody(dir, pack, refs[1] as BodyRef)).toBe('<p>sans empreinte</p>');
  });

  it('refuses a body whose bytes are not those its fingerprint names', () => {
    const { pack, refs } = appendBodies(dir, 'test-', undefined, [{ html: '<p>un</p>', hash: bodyFingerprint('<p>deux</p>') }]);
    expect(() => readBody(dir, pack, refs[0] as BodyRef)).toThrow(CacheDamagedError);
  });
});
