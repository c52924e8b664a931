import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { snapshotContent, type WordPressContent } from './content-mutations.js';
import { startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';

/**
 * Issue 39: a club sets its site up before writing its first post. A WordPress with no post builds
 * a site (the refusal to shrink protects a site that is online, and none is yet); once articles are
 * online, an empty answer is refused as before.
 */
const NOW = '2026-01-15T12:00:00Z';

describe('a WordPress with no post yet', () => {
  let root: string;
  let wordpress: FakeWordPress;
  const content: WordPressContent = { ...snapshotContent(), posts: [], media: new Map() };
  const build = (extra: string[] = []) =>
    runBuild(parseOptions(['--wp', wordpress.apiUrl, '--out', path.join(root, 'dist'), '--cache', path.join(root, 'cache'), '--now', NOW, ...extra], {}), true);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-empty-'));
    wordpress = await startFakeWordPress(content);
  });
  afterAll(async () => {
    await wordpress?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('builds the site on a first build: the home, the club pages and a news list with no card', async () => {
    const report = await build();
    expect(report.run.posts.total).toBe(0);
    const home = load(await readFile(path.join(root, 'dist/index.html'), 'utf8'));
    expect(home('h1').length).toBe(1);
    const news = load(await readFile(path.join(root, 'dist/actualites/index.html'), 'utf8'));
    expect(news('.news-card')).toHaveLength(0);
    expect(await readFile(path.join(root, 'dist/club/histoire/palmares/index.html'), 'utf8')).toContain('<h1');
  });

  it('refuses an empty answer once articles are online', async () => {
    const full = snapshotContent();
    content.posts.push(...full.posts);
    content.media = full.media;
    content.clock = full.clock;
    await build(['--clean']);
    content.posts.length = 0;
    await expect(build()).rejects.toThrow(/WordPress returned 0 posts but \d+ are online/);
  });
});
