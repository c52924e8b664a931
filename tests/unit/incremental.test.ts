import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseOptions, type BuildOptions } from '../../build/options.js';
import { runBuild, type WarmState } from '../../build/pipeline.js';
import { formatRunLine, type BuildReport } from '../../build/report.js';
import { BuildState } from '../../build/state/build-state.js';
import { load } from 'cheerio';
import { createRandom, MUTATIONS, mutationSequence, snapshotContent, touch, type Raw, type WordPressContent } from './content-mutations.js';
import { startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';
import { brokenLinks, readTree } from './read-tree.js';
import { warmMedia } from './warm-media.js';

// Each step builds clean: the islands and styles bundled once for the file (tests/unit/bundle-once.ts).
vi.mock('../../build/bundle.js', async (original) => (await import('./bundle-once.js')).bundleOnce(original));

const NOW = '2026-01-15T12:00:00Z';

/**
 * DESIGN section 3: an incremental build's output is always byte-identical to a clean build of the
 * same content. Each step edits the content as a press officer would, then builds it twice: once
 * from the cache of the previous step, once with --clean, and compares the two outputs file by file.
 */
async function buildBoth(root: string, source: string[], warm?: WarmState, told: Partial<BuildOptions> = {}): Promise<{ incremental: BuildReport; clean: BuildReport }> {
  const build = (name: string, extra: string[], kept?: WarmState, more: Partial<BuildOptions> = {}) =>
    runBuild({ ...parseOptions([...source, '--out', path.join(root, name), '--cache', path.join(root, `${name}-cache`), '--now', NOW, ...extra], {}), ...more }, true, kept);
  const before: Record<string, string> = await readTree(path.join(root, 'incremental')).catch(() => ({}));
  const incremental = await build('incremental', [], warm, told);
  // What a publish step is told: exactly the files whose bytes changed, appeared or went.
  const after = await readTree(path.join(root, 'incremental'));
  const differing = Object.keys({ ...before, ...after }).filter((file) => before[file] !== after[file]);
  expect(incremental.changedPaths).toEqual(differing.map((file) => `/${file}`).sort());
  const clean = await build('clean', ['--clean']);
  return { incremental, clean };
}

/**
 * A state's tables as its reads give them (closing the state when asked), in any order. A post's
 * terms and revision are set on it by each run (resolvePosts), not read: left out.
 */
function keptTables(state: BuildState, close = false) {
  try {
    const posts = state.posts().map((cached) => {
      const post: Record<string, unknown> = { ...cached.post };
      for (const key of ['categories', 'tags', 'revision']) delete post[key];
      return { ...cached, post };
    });
    return JSON.parse(JSON.stringify({ posts, outputs: [...state.outputs()].sort(), lists: [...state.lists()].sort(), sync: state.sync(), content: state.meta('content'), marker: state.meta('marker'), generation: state.meta('generation') })) as unknown;
  } finally {
    if (close) state.close();
  }
}

async function expectSameOutputs(root: string, step: string): Promise<void> {
  const [incremental, clean] = await Promise.all([readTree(path.join(root, 'incremental')), readTree(path.join(root, 'clean'))]);
  const differing = Object.keys({ ...incremental, ...clean }).filter((file) => incremental[file] !== clean[file]);
  expect(differing, `after "${step}"`).toEqual([]);
}

/** The article ids a built list page links to, in order. */
async function cardIds(root: string, page: string, selector = '.news-card-link'): Promise<number[]> {
  const $ = load(await readFile(path.join(root, 'incremental', page, 'index.html'), 'utf8'));
  return $(selector).map((_, link) => Number(/\/article\/(\d+)/.exec($(link).attr('href') ?? '')?.[1])).get();
}

/** WordPress's 'Mis en avant' ticked in the editor: the post is saved (a new `modified`). */
function makeSticky(content: WordPressContent): Raw {
  const post = [...content.posts].sort((a, b) => String(a.date).localeCompare(String(b.date)))[0];
  if (!post) throw new Error('no post');
  post.sticky = true;
  touch(content, post);
  return post;
}

describe('incremental builds from a snapshot folder', () => {
  let root: string;
  const content = snapshotContent();
  const random = createRandom(12);
  const save = async () => {
    await mkdir(path.join(root, 'content'), { recursive: true });
    for (const name of ['posts', 'categories', 'tags'] as const) {
      await writeFile(path.join(root, 'content', `${name}.json`), JSON.stringify(content[name], null, 2));
    }
  };
  const source = () => ['--content', path.join(root, 'content')];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-incremental-'));
    await save();
    // Both caches start with the snapshot's images converted (tests/unit/warm-media.ts): these tests are about posts.
    for (const name of ['incremental', 'clean']) await warmMedia(path.join(root, `${name}-cache`));
    await buildBoth(root, source());
  }, 600_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('renders nothing and rewrites no file when nothing changed', async () => {
    const { incremental } = await buildBoth(root, source());
    expect(incremental.run).toMatchObject({ mode: 'incremental', pagesRendered: 0, posts: { added: 0, changed: 0, removed: 0 } });
    expect(incremental.changed).toBe(0);
    await expectSameOutputs(root, 'nothing changed');
  });

  it('keeps every post when the media cache was purged, the snapshot unchanged', async () => {
    await rm(path.join(root, 'incremental-cache', 'media'), { recursive: true, force: true });
    const { incremental, clean } = await buildBoth(root, source());
    expect(incremental.run.posts).toEqual({ total: clean.run.posts.total, added: 0, changed: 0, removed: 0 });
    await expectSameOutputs(root, 'media cache purged');
  });

  it('renders only the pages a new post changes: its article, the lists, home, not the other articles', async () => {
    mutationSequence(1, 0).find((mutation) => mutation.name === 'new post')?.apply(content, random);
    await save();
    const { incremental, clean } = await buildBoth(root, source());
    expect(incremental.run.posts).toMatchObject({ added: 1, changed: 0, removed: 0 });
    const newPost = Math.max(...content.posts.map((post) => post.id));
    const rendered = incremental.run.renderedPaths;
    // The other articles show the recent posts around their own (the island shows the latest): they stay as they were.
    expect(rendered.filter((page) => page.startsWith('/actualites/article/'))).toEqual([`/actualites/article/${newPost}/`]);
    expect(rendered).toEqual(expect.arrayContaining(['/', '/actualites/']));
    expect(rendered.length).toBeLessThan(clean.run.pagesRendered / 2);
    await expectSameOutputs(root, 'new post');
  });

  it('makes the pages a run left one post behind in the next run, even one that finds nothing new', async () => {
    MUTATIONS['new post']?.(content, random);
    await save();
    const { incremental: first } = await buildBoth(root, source(), undefined, { later: true });
    expect(first.run.pagesLater).toBeGreaterThan(0);
    const { incremental: next } = await buildBoth(root, source());
    expect(next.run.posts).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(next.run.pagesRendered).toBeGreaterThan(0);
    await expectSameOutputs(root, 'the pages left for later made by a run with nothing new');
  });

  it('reads a snapshot whose posts do not begin with their id (written by another tool) the same way', async () => {
    // Keys in reverse order: the id comes last in every post's bytes.
    const reversed = (post: object) => Object.fromEntries(Object.entries(post).reverse());
    const write = () => writeFile(path.join(root, 'content', 'posts.json'), JSON.stringify(content.posts.map(reversed)));
    await write();
    await buildBoth(root, source());
    await expectSameOutputs(root, 'posts with their id last');
    mutationSequence(1, 0).find((mutation) => mutation.name === 'new post')?.apply(content, random);
    await write();
    const { incremental } = await buildBoth(root, source());
    expect(incremental.run).toMatchObject({ mode: 'incremental', posts: { added: 1, changed: 0, removed: 0 } });
    await expectSameOutputs(root, 'a new post, ids last');
    await save();
  });

  it('gives the output of a clean build after a post is tagged with no new modified date (as wp_set_post_terms leaves it)', async () => {
    // Its revision (which leaves its terms out) is the same: the article showing its tags must be made again all the same.
    const post = content.posts.find((candidate) => content.tags.some((tag) => !candidate.tags.includes(tag.id)));
    const tag = content.tags.find((candidate) => post && !post.tags.includes(candidate.id));
    if (!post || !tag) throw new Error('the snapshot has no post to tag');
    post.tags = [...post.tags, tag.id];
    if (post._embedded?.['wp:term']) post._embedded['wp:term'][1] = [...(post._embedded['wp:term'][1] ?? []), { id: tag.id, name: tag.name, slug: tag.slug, taxonomy: 'post_tag' }];
    await save();
    const { incremental } = await buildBoth(root, source());
    expect(incremental.run.renderedPaths).toContain(`/actualites/article/${post.id}/`);
    await expectSameOutputs(root, 'post tagged');
  });

  it("updates a parent category's pages when a post is added to its sub-category, with no new modified date", async () => {
    // Club (3) and its sub-category Jeunes & formation (4): a post of neither is put in 4 (as wp_set_post_terms leaves it).
    const post = content.posts.find((candidate) => !candidate.categories.includes(3) && !candidate.categories.includes(4));
    const child = content.categories.find((term) => term.parent === 3);
    if (!post || !child) throw new Error('the snapshot has no sub-category, or every post is in Club');
    expect(await cardIds(root, 'actualites/category/3')).not.toContain(post.id);
    post.categories = [child.id];
    if (post._embedded?.['wp:term']) post._embedded['wp:term'][0] = [{ id: child.id, name: child.name, slug: child.slug, taxonomy: 'category' }];
    await save();
    const { incremental } = await buildBoth(root, source());
    expect(incremental.run.renderedPaths).toEqual(expect.arrayContaining(['/actualites/category/3/', `/actualites/category/${child.id}/`]));
    expect(await cardIds(root, 'actualites/category/3')).toContain(post.id);
    await expectSameOutputs(root, 'post added to a sub-category');
  });

  it('moves a post made sticky to the front of the home and the news list', async () => {
    const post = makeSticky(content);
    await save();
    const { incremental } = await buildBoth(root, source());
    expect(incremental.run.renderedPaths).toEqual(expect.arrayContaining(['/', '/actualites/']));
    expect((await cardIds(root, 'actualites'))[0]).toBe(post.id);
    expect((await cardIds(root, ''))[0]).toBe(post.id);
    await expectSameOutputs(root, 'post made sticky');
  });

  for (const mutation of mutationSequence(7, 16)) {
    it(`gives the output of a clean build after: ${mutation.name}`, async () => {
      mutation.apply(content, random);
      await save();
      await buildBoth(root, source());
      await expectSameOutputs(root, mutation.name);
    });
  }
});

describe('incremental builds from a live WordPress', () => {
  let root: string;
  let wordpress: FakeWordPress;
  const content: WordPressContent = snapshotContent();
  const random = createRandom(99);
  const source = () => ['--wp', wordpress.apiUrl];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-incremental-live-'));
    wordpress = await startFakeWordPress(content);
    await buildBoth(root, source());
  }, 600_000);
  afterAll(async () => {
    builder.state?.close();
    await wordpress.close();
    await rm(root, { recursive: true, force: true });
  });

  it('asks WordPress only what changed: 5 light requests when nothing did, and renders nothing', async () => {
    wordpress.requests.length = 0;
    const { incremental } = await buildBoth(root, source());
    const incrementalRequests = wordpress.requests.splice(0).filter((request) => !/_embed=[^&]*&orderby=date/.test(request));
    expect(incremental.run.wordpress?.requests).toBeLessThanOrEqual(5);
    expect(incrementalRequests.length).toBeGreaterThanOrEqual(incremental.run.wordpress?.requests ?? 0);
    expect(incremental.run).toMatchObject({ mode: 'incremental', pagesRendered: 0, posts: { added: 0, changed: 0, removed: 0 } });
    expect(incremental.changed).toBe(0);
    await expectSameOutputs(root, 'nothing changed');
  });

  it('keeps every post when the media cache was purged, nothing changed online', async () => {
    await rm(path.join(root, 'incremental-cache', 'media'), { recursive: true, force: true });
    const { incremental, clean } = await buildBoth(root, source());
    expect(incremental.run.posts).toEqual({ total: clean.run.posts.total, added: 0, changed: 0, removed: 0 });
    await expectSameOutputs(root, 'media cache purged');
  });

  it('moves a post made sticky to the front of the home and the news list', async () => {
    const post = makeSticky(content);
    await buildBoth(root, source());
    expect((await cardIds(root, 'actualites'))[0]).toBe(post.id);
    expect((await cardIds(root, ''))[0]).toBe(post.id);
    await expectSameOutputs(root, 'post made sticky');
  });

  // The builder's builds keep the state between them (WarmState); a cron run on the same output
  // now and then saves it behind the builder's back, which must then read it again.
  const builder: WarmState = {};
  mutationSequence(3, 18).forEach((mutation, step) => {
    const by = step % 4 === 3 ? 'a cron run' : 'the builder';
    it(`gives the output of a clean build after: ${mutation.name} (${by})`, async () => {
      mutation.apply(content, random);
      const kept = builder.state;
      await buildBoth(root, source(), by === 'the builder' ? builder : undefined);
      await expectSameOutputs(root, mutation.name);
      if (by === 'a cron run' || !kept) return;
      // The builder read the state again only after a cron run saved it, and what it keeps is what the file holds.
      expect(builder.state === kept).toBe(step % 4 !== 0);
      expect(keptTables(builder.state as BuildState)).toEqual(keptTables(BuildState.open({ outDir: path.join(root, 'incremental'), cacheDir: path.join(root, 'incremental-cache') }), true));
    });
  });

  it("builds the posts the builder is told were published or edited from one request for them alone, and cron's next run finds nothing new", async () => {
    for (const name of ['new post', 'edited body'] as const) {
      MUTATIONS[name]?.(content, random);
      const post = [...content.posts].sort((a, b) => String(b.modified).localeCompare(String(a.modified)))[0] as Raw;
      wordpress.requests.length = 0;
      const { incremental } = await buildBoth(root, source(), builder, { notifiedPosts: [post.id] });
      expect(incremental.run.wordpress?.requests, name).toBe(1);
      // Its one request (the clean build's follow it).
      expect(wordpress.requests[0], name).toContain(`include=${post.id}&`);
      expect(incremental.run.pagesRendered, name).toBeGreaterThan(0);
      await expectSameOutputs(root, `${name}, notified post`);
      // The full sync that follows (its marker was left where it was) checks what the notified one did not.
      const { incremental: cron } = await buildBoth(root, source());
      expect(cron.run.wordpress?.requests, name).toBeGreaterThanOrEqual(5);
      expect(cron.changed, name).toBe(0);
      await expectSameOutputs(root, `${name}, cron after the notified post`);
    }
  });

  it("puts a notified new post online with the first page of its lists, leaves their later pages one post behind (every link still leads to a page), and the next run makes them: a clean build's output", async () => {
    MUTATIONS['new post']?.(content, random);
    const post = content.posts[0] as Raw;
    const before = await readTree(path.join(root, 'incremental'));
    const { incremental: first, clean } = await buildBoth(root, source(), builder, { notifiedPosts: [post.id], later: true });
    const after = await readTree(path.join(root, 'incremental'));
    const expected = await readTree(path.join(root, 'clean'));
    expect(first.run.pagesLater).toBeGreaterThan(0);
    expect(formatRunLine(first.run, first.pages)).toContain(`(${first.run.pagesLater} list pages left one post behind for the next run)`);
    // The post and the first pages are those of a clean build.
    for (const file of [`actualites/article/${post.id}/index.html`, 'actualites/index.html', 'index.html', 'sitemap.xml']) expect(after[file], file).toBe(expected[file]);
    // The later pages are as they were, and differ from the clean build's by the shift alone.
    const later = Object.keys(after).filter((file) => after[file] !== expected[file]);
    expect(later.length).toBeGreaterThan(0);
    for (const file of later) {
      expect(file).toMatch(/^actualites\/(?:(?:category|tag)\/\d+\/)?page\/\d+(?:\/index\.html|\.json)$/);
      expect(after[file], file).toBe(before[file]);
    }
    // Every link of every page leads to a file of the output, as in the clean build (the double serves no document).
    expect(await brokenLinks(path.join(root, 'incremental'))).toEqual(await brokenLinks(path.join(root, 'clean')));
    expect(clean.run.pagesLater).toBeUndefined();
    // The builder's next build (the same notified post, nothing new in it) makes them.
    const { incremental: next } = await buildBoth(root, source(), builder, { notifiedPosts: [post.id] });
    expect(next.run.pagesRendered).toBeGreaterThanOrEqual(later.filter((file) => file.endsWith('.html')).length);
    expect(next.run.pagesLater).toBeUndefined();
    await expectSameOutputs(root, 'the later pages made by the next run');
  });

  it('leaves no page for later when the build also edits or removes a post', async () => {
    MUTATIONS['edited title']?.(content, random);
    const edited = [...content.posts].sort((a, b) => String(b.modified).localeCompare(String(a.modified)))[0] as Raw;
    const { incremental: edit } = await buildBoth(root, source(), builder, { notifiedPosts: [edited.id], later: true });
    expect(edit.run.pagesLater).toBeUndefined();
    await expectSameOutputs(root, 'edited title, in a build that may leave pages for later');
    // A new post and a trashed one: pages a removed post leaves would shift the other way.
    MUTATIONS['new post']?.(content, random);
    content.trash.push(...content.posts.splice(5, 1));
    const { incremental: both } = await buildBoth(root, source(), builder, { later: true });
    expect(both.run.posts).toMatchObject({ added: 1, removed: 1 });
    expect(both.run.pagesLater).toBeUndefined();
    await expectSameOutputs(root, 'a post added and one trashed, in a build that may leave pages for later');
  });

  it('falls back to the full sync when a notified post is not published any more', async () => {
    const gone = content.posts.shift() as Raw;
    content.trash.push(gone);
    const { incremental } = await buildBoth(root, source(), builder, { notifiedPosts: [gone.id] });
    expect(incremental.run.wordpress?.requests).toBeGreaterThanOrEqual(6);
    expect(incremental.run.posts.removed).toBe(1);
    await expectSameOutputs(root, 'notified post gone');
  });

  it('refuses a pull that lists far fewer posts than are online, unless --allow-shrink', async () => {
    const kept = content.posts.splice(3);
    try {
      await expect(
        runBuild(parseOptions(['--wp', wordpress.apiUrl, '--out', path.join(root, 'incremental'), '--cache', path.join(root, 'incremental-cache'), '--now', NOW], {}), true),
      ).rejects.toThrow(/WordPress returned 3 posts but \d+ are online/);
    } finally {
      content.posts.push(...kept);
    }
  });
});
