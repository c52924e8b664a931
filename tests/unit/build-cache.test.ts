import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { rowChecksum, stateFile } from '../../build/state/database.js';
import { readTree } from './read-tree.js';
import { warmMedia } from './warm-media.js';

// Most tests end in a clean build: the islands and styles bundled once for the file (bundle-once.ts).
vi.mock('../../build/bundle.js', async (original) => (await import('./bundle-once.js')).bundleOnce(original));

/** A persistent cache is never trusted blindly: anything odd gives one warning and a clean build. */
describe('the build cache', () => {
  let root: string;
  let cleanTree: Record<string, string>;
  const options = (...extra: string[]) =>
    parseOptions(['--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--content', path.join(root, 'content'), '--now', '2026-01-15T12:00:00Z', ...extra], {});
  const build = (...extra: string[]) => runBuild(options(...extra), true);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-cache-'));
    await cp(path.resolve('data/wordpress'), path.join(root, 'content'), { recursive: true });
    // The images converted already: the state database is what is tried here.
    await warmMedia(path.join(root, 'cache'));
    await build();
    cleanTree = await readTree(path.join(root, 'site'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  for (const [name, damage] of [
    ['truncated', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    ['corrupt', (bytes: Buffer) => bytes.map((byte, at) => (at >= 4096 && at % 509 === 0 ? byte ^ 0x5a : byte))],
    ['foreign', () => Buffer.from('{"not":"our cache"}')],
  ] as const) {
    it(`ignores a ${name} state database with one warning and builds clean, the same site`, async () => {
      const file = stateFile(options());
      await writeFile(file, damage(await readFile(file)));
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'unreadable cache' });
      expect(report.warnings.filter((warning) => warning.kind === 'build-cache').map((warning) => warning.message)).toEqual([
        expect.stringMatching(/^build state .*\.sqlite(?: is damaged | cannot be read |: .* is damaged).*: ignored, clean build$/),
      ]);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
      // Its result is the new state.
      expect((await build()).run.mode).toBe('incremental');
    });
  }

  it('ignores a post body that does not read back as it was written, with one warning: the same site, clean', async () => {
    const categories = path.join(root, 'content', 'categories.json');
    const terms = await readFile(categories, 'utf8');
    try {
      await build();
      // One byte of every body's text changed, its checksum as it was (SQLite does not check values).
      const db = new DatabaseSync(stateFile(options()));
      expect(db.prepare("UPDATE bodies SET html = replace(html, '</p>', '</P>') WHERE html LIKE '%</p>%'").run().changes).toBeGreaterThan(10);
      db.close();
      // A new category name reaches every article of that category: their bodies are read.
      await writeFile(categories, terms.replace(/"name":\s*"([^"]+)"/, '"name": "$1 (renommée)"'));
      const report = await build();
      expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'unreadable cache' });
      expect(report.warnings.filter((warning) => warning.kind === 'build-cache').map((warning) => warning.message)).toEqual([
        expect.stringMatching(/^build state .*: the body of post \d+ is damaged: ignored, clean build$/),
      ]);
    } finally {
      await writeFile(categories, terms);
    }
    expect((await build()).run.mode).toBe('incremental');
    expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
  });

  it('starts clean without a warning from a state of another version of the build (a new release)', async () => {
    const db = new DatabaseSync(stateFile(options()));
    db.exec('PRAGMA user_version = 999');
    db.close();
    // An older release kept the search index in a database of its own beside the state.
    const oldSearchStore = path.join(root, 'cache', `search-${createHash('sha256').update(path.resolve(root, 'site')).digest('hex').slice(0, 16)}.sqlite`);
    await writeFile(oldSearchStore, 'an older release’s search index');
    await writeFile(`${oldSearchStore}-wal`, '');
    const report = await build();
    expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'cache made by another version of the build' });
    expect(report.warnings.filter((warning) => warning.kind === 'build-cache')).toEqual([]);
    expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
    expect((await readdir(path.join(root, 'cache'))).filter((name) => name.startsWith('search-'))).toEqual([]);
  });

  it('starts clean by itself when the options that shape every page change', async () => {
    const report = await runBuild(parseOptions(['--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--content', path.join(root, 'content'), '--site-url', 'https://www.sqbb.fr', '--now', '2026-01-15T12:00:00Z'], {}), true);
    expect(report.run).toMatchObject({ mode: 'clean', cleanReason: 'site URL changed since the cache was made' });
    await build();
  });

  it('leaves the previous state as it was when a build fails', async () => {
    const before = await readFile(stateFile(options()));
    const posts = path.join(root, 'content', 'posts.json');
    const good = await readFile(posts);
    await writeFile(posts, '[{"id": 1, "title": ');
    try {
      await expect(build()).rejects.toThrow(/posts\.json is not valid JSON/);
    } finally {
      await writeFile(posts, good);
    }
    expect(await readFile(stateFile(options()))).toEqual(before);
    expect((await build()).run).toMatchObject({ mode: 'incremental', pagesRendered: 0 });
  });

  it('renders every page again when the output folder is not the one the cache describes', async () => {
    await rm(path.join(root, 'site'), { recursive: true });
    const report = await build();
    expect(report.run.mode).toBe('incremental');
    expect(report.run.pagesRendered).toBe(report.pages);
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
    // The pipeline never ran: no post read from the state, nothing rendered or written.
    expect(Object.keys(report.stages).sort()).toEqual(['cache', 'check', 'data', 'fetch']);
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
    expect(report.run.pagesRendered).toBe(report.pages);
    await writeFile(partners, text);
    await build();
  });

  describe('saved in one transaction per run', () => {
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

    it('reads back what a cron run saved: an edited post, then its first title again', async () => {
      await build('--clean');
      await retitle('Un titre corrigé');
      expect((await build()).run).toMatchObject({ mode: 'incremental', posts: { changed: 1 } });
      await writeFile(posts(), original);
      const back = await build();
      expect(back.run).toMatchObject({ mode: 'incremental', posts: { changed: 1 } });
      expect(back.run.renderedPaths.length).toBeGreaterThan(0);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
    });

    it('commits the state once in a run that changes the site, and not at all in one that finds nothing new', async () => {
      const begun: string[] = [];
      const exec = DatabaseSync.prototype.exec;
      const spy = vi.spyOn(DatabaseSync.prototype, 'exec').mockImplementation(function (this: DatabaseSync, sql: string) {
        if (/^\s*BEGIN/i.test(sql)) begun.push(this.location() ?? '');
        return exec.call(this, sql);
      });
      try {
        await retitle('Un titre corrigé une fois');
        expect((await build()).run).toMatchObject({ mode: 'incremental', posts: { changed: 1 } });
        expect(begun.filter((file) => file === stateFile(options()))).toHaveLength(1);
        begun.length = 0;
        expect((await build()).run).toMatchObject({ mode: 'incremental', pagesRendered: 0 });
        expect(begun.filter((file) => file === stateFile(options()))).toHaveLength(0);
      } finally {
        spy.mockRestore();
        await writeFile(posts(), original);
      }
    });

    /**
     * A build of a retitled post, then what a run does before it changes the output and a kill: the
     * state is saved and names the run's staging folder, left beside the output half changed (one
     * article back to old bytes); the content is the original again.
     */
    const killedWhilePublishing = async (title: string) => {
      await retitle(title);
      await build();
      const db = new DatabaseSync(stateFile(options()));
      db.prepare("INSERT OR REPLACE INTO meta (key, value, crc) VALUES ('publishing', '\"site.staging-killed\"', ?)").run(rowChecksum('publishing', '"site.staging-killed"'));
      db.close();
      await mkdir(path.join(root, 'site.staging-killed', 'actualites'), { recursive: true });
      const article = Object.keys(cleanTree).find((file) => file.startsWith('actualites/article/'));
      await writeFile(path.join(root, 'site', article as string), 'half published');
      await writeFile(posts(), original);
    };

    it('compares every file after a run stopped while it changed the output, and says so: the same site, without a clean build', async () => {
      await killedWhilePublishing('Un titre corrigé');
      const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      const lines: string[] = [];
      const report = await runBuild(options(), false).finally(() => {
        lines.push(...printed.mock.calls.map(([line]) => String(line)));
        printed.mockRestore();
      });
      expect(lines).toContain('build cache: the last run stopped while publishing (it left site.staging-killed): every page is rendered again (a file with the same bytes is kept)\n');
      expect(report.run.mode).toBe('incremental');
      expect(report.run.pagesRendered).toBe(report.pages);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
      expect((await build()).run).toMatchObject({ mode: 'incremental', pagesRendered: 0 });
    });

    it('keeps the staging folder of an unfinished publish until a run saved a state that no longer names it: a run that fails before its save does not make the next one trust the output', async () => {
      await killedWhilePublishing('Un titre corrigé deux fois');
      // A run that stops before its save (a club data file broken by hand).
      const data = path.join(root, 'broken-data');
      await cp(path.resolve('data'), data, { recursive: true });
      await writeFile(path.join(data, 'settings.json'), '{');
      await expect(build('--data', data)).rejects.toThrow(/settings\.json/);
      expect(existsSync(path.join(root, 'site.staging-killed'))).toBe(true);
      const report = await build();
      expect(report.run.pagesRendered).toBe(report.pages);
      expect(await readTree(path.join(root, 'site'))).toEqual(cleanTree);
      // Saved by that run, the state names its own folder: the unfinished one is gone.
      expect(existsSync(path.join(root, 'site.staging-killed'))).toBe(false);
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
