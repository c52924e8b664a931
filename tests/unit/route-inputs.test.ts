import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAssets, type BuiltAssets } from '../../build/bundle.js';
import { reachedBy, type OutputRecord } from '../../build/state/build-state.js';
import { changedLists, changedPosts, listFingerprints } from '../../build/render/input-reach.js';
import { renderRoutes, type EmittedFile } from '../../build/render/render-routes.js';
import { sharedIslandProps } from '../../build/shared-island-props.js';
import { expandRoutes, type RouteInstance } from '../../src/routes.js';
import { pageOutputFile } from '../../src/routes/paths.js';
import type { RouteParams } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import type { NewsPost } from '../../src/types/news.js';
import { makeSite } from './site-fixture.js';

const categories = [
  { id: 2, slug: 'equipe-pro', name: 'Équipe pro' },
  { id: 3, slug: 'formation', name: 'Formation' },
];
const tags = [{ id: 7, slug: 'derby', name: 'Derby' }];

/** Post `id` as a build makes it: in category 2 or 3 by its parity, tagged 7 when odd (15 posts: two pages). */
function postOf(template: NewsPost, id: number): NewsPost {
  const date = `2025-10-${String(id).padStart(2, '0')}T10:00:00`;
  return {
    ...template,
    id,
    date,
    modified: date,
    slug: `article-${id}`,
    titleText: `Article ${id}`,
    titleHtml: `Article ${id}`,
    categories: [categories[id % 2] as NewsPost['categories'][number]],
    tags: id % 2 === 1 ? [tags[0] as NewsPost['tags'][number]] : [],
    revision: `r${id}`,
  };
}

/** 30 posts, newest first (three pages of news), in two categories and one tag, with revisions as a build sets them. */
function siteOf30(): SiteData {
  const base = makeSite();
  const template = base.news.posts[0] as NewsPost;
  const posts = Array.from({ length: 30 }, (_, index) => postOf(template, 30 - index));
  return { ...base, news: { posts, categories, tags } };
}

/**
 * The same site a cron run later: post 31 is new (category 3, untagged), post 4 is gone, and post
 * 10 moved from category 2 to 3 (its revision is the same: a post's terms are not in it).
 */
function siteAfterChanges(site: SiteData): SiteData {
  const newest = { ...postOf(site.news.posts[0] as NewsPost, 31), tags: [] };
  const moved = (post: NewsPost): NewsPost => (post.id === 10 ? { ...post, categories: [categories[1] as NewsPost['categories'][number]] } : post);
  return { ...site, news: { ...site.news, posts: [newest, ...site.news.posts.filter((post) => post.id !== 4).map(moved)] } };
}
/** What input-reach.ts's changedPosts gives for siteAfterChanges (the new post, the gone one, the moved one): a test holds it. */
const CHANGED_BY_SITE_AFTER = new Set([31, 4, 10]);

/** A post as the cache keeps it, for changedPosts: its revision and WordPress's term ids. */
const reachOf = (post: NewsPost) => ({ post: { id: post.id }, revision: post.revision ?? '', categoryIds: post.categories.map((term) => term.id), tagIds: post.tags.map((term) => term.id) });

const fileOf = (instance: RouteInstance) => (instance.route.kind === 'page' ? `/${instance.route.outputFile ?? pageOutputFile(instance.path)}` : instance.path);

/**
 * Routes of thousands of pages declare what they are made from (src/routes/types.ts, RouteInputs):
 * the posts they show, compared by revision, and the rest. A cron run with an edited post makes
 * the inputs of the pages that named it, from the records of the last build, and of no other.
 */
describe('declared route inputs', () => {
  const site = siteOf30();

  it('read a post only as one of the posts they name, and never the build\'s now', () => {
    const declared = expandRoutes(site).filter((instance) => instance.route.inputs);
    expect(declared.length).toBeGreaterThan(30);
    // Every field of every post changed but its id, its terms and its place; another now.
    const other = (post: NewsPost): NewsPost => ({
      ...post,
      date: post.date.replace('2025', '2024'),
      modified: '2020-01-01T00:00:00',
      slug: 'autre',
      titleHtml: '<strong>Autre</strong>',
      titleText: 'Autre',
      excerptText: 'Autre',
      contentHtml: '<p>Autre</p>',
      revision: 'autre',
    });
    const altered: SiteData = { ...site, builtAt: new Date(site.builtAt.getTime() + 400 * 86_400_000), news: { ...site.news, posts: site.news.posts.map(other) } };
    for (const instance of declared) {
      const inputs = instance.route.inputs?.(site, instance.params);
      const again = instance.route.inputs?.(altered, instance.params);
      expect(again?.other, instance.path).toBe(inputs?.other);
      expect(again?.posts.map((post) => post.id), instance.path).toEqual(inputs?.posts.map((post) => post.id));
    }
  });

  it('stay the same while the posts they name and the order of the list they show are', () => {
    const after = siteAfterChanges(site);
    const [ordersBefore, ordersAfter] = [listFingerprints(site), listFingerprints(after)];
    const before = new Map(expandRoutes(site).filter((instance) => instance.route.inputs).map((instance) => [instance.path, instance]));
    const unreached: string[] = [];
    for (const instance of expandRoutes(after)) {
      const was = before.get(instance.path);
      const inputs = was?.route.inputs?.(site, was.params);
      if (!inputs || inputs.posts.some((post) => CHANGED_BY_SITE_AFTER.has(post.id))) continue;
      if (inputs.list !== undefined && ordersBefore.get(inputs.list) !== ordersAfter.get(inputs.list)) continue;
      unreached.push(instance.path);
      const again = instance.route.inputs?.(after, instance.params);
      expect(again && { ...again, posts: again.posts.map((post) => post.id) }, instance.path).toEqual({ ...inputs, posts: inputs.posts.map((post) => post.id) });
    }
    // Not a vacuous rule: the articles of unchanged posts, and the pages of the tag no change touched.
    expect(unreached).toEqual(expect.arrayContaining(['/actualites/article/30', '/actualites/article/9', '/actualites/tag/7', '/actualites/tag/7/page/2', '/actualites/tag/7/page/2.json']));
    expect(unreached.filter((path) => path.includes('/category/') || !path.includes('/tag/') && !path.includes('/article/'))).toEqual([]);
  });

  it("count a sub-category's posts in its parent's list, and sticky posts first in the news: a change to either reaches those lists", () => {
    const child = { id: 4, slug: 'u15', name: 'U15', parent: 3 };
    const withChild: SiteData = { ...site, news: { ...site.news, categories: [...categories, child] } };
    const intoChild: SiteData = {
      ...withChild,
      news: { ...withChild.news, posts: withChild.news.posts.map((post) => (post.id === 12 ? { ...post, categories: [child] } : post)) },
    };
    expect([...changedLists(listFingerprints(withChild), listFingerprints(intoChild))].filter((id) => !id.startsWith('recent:')).sort()).toEqual(['category:2', 'category:3', 'category:4']);
    const parentPage = expandRoutes(intoChild).find((instance) => instance.path === '/actualites/category/3');
    expect(parentPage?.route.inputs?.(intoChild, parentPage.params).posts.map((post) => post.id)).toContain(12);
    const sticky: SiteData = { ...site, news: { ...site.news, posts: site.news.posts.map((post) => (post.id === 2 ? { ...post, sticky: true, revision: 'r2-sticky' } : post)) } };
    expect([...changedLists(listFingerprints(site), listFingerprints(sticky))]).toEqual(['news']);
    const newsPage = expandRoutes(sticky).find((instance) => instance.path === '/actualites');
    expect(newsPage?.route.inputs?.(sticky, newsPage.params).posts[0]?.id).toBe(2);
  });

  it('name the list whose order they show: every list page and JSON page its list, an article its recent posts', () => {
    for (const instance of expandRoutes(site)) {
      const inputs = instance.route.inputs?.(site, instance.params);
      if (!inputs) continue;
      const article = /\/article\/(\d+)/.exec(instance.path)?.[1];
      const expected = article ? `recent:${article}` : /\/(category|tag)\/(\d+)/.exec(instance.path)?.slice(1, 3).join(':') ?? 'news';
      expect(inputs.list, instance.path).toBe(expected);
    }
  });

  describe('in a cron run', () => {
    let assets: BuiltAssets;
    let records: Map<string, OutputRecord>;
    beforeAll(async () => {
      assets = await bundleAssets(sharedIslandProps(site.club));
      records = new Map();
      renderRoutes(expandRoutes(site), site, assets, (file) => void records.set(file.path, file.record));
    }, 30_000);

    const edit = (id: number): SiteData => ({
      ...site,
      news: { ...site.news, posts: site.news.posts.map((post) => (post.id === id ? { ...post, titleText: 'Titre corrigé', titleHtml: 'Titre corrigé', revision: `r${id}-2` } : post)) },
    });
    /** The route table of `edited`, each declared inputs counting the files they are made for. */
    const counted = (edited: SiteData, asked: string[]) =>
      expandRoutes(edited).map((instance) => {
        const { inputs } = instance.route;
        return inputs ? { ...instance, route: { ...instance.route, inputs: (on: SiteData, params: RouteParams) => (asked.push(fileOf(instance)), inputs(on, params)) } } : instance;
      }) as RouteInstance[];

    it('makes the inputs of the pages that showed the edited post, and of no other', () => {
      const edited = edit(17);
      const asked: string[] = [];
      const emitted: EmittedFile[] = [];
      const counts = renderRoutes(counted(edited, asked), edited, assets, (file) => void emitted.push(file), { previous: { outputs: records, reached: reachedBy(records, new Set([17]), new Set()) } });
      const showing = [...records].filter(([, record]) => record.posts?.includes(17)).map(([file]) => file);
      // Its article, the news page and JSON page it is on, its category's page.
      expect(showing).toEqual(expect.arrayContaining(['/actualites/article/17/index.html', '/actualites/page/2/index.html', '/actualites/page/2.json', '/actualites/category/3/index.html']));
      expect(asked.sort()).toEqual(showing.sort());
      // Made again: those files, and the files without declared inputs that show it (the feed).
      const made = emitted.filter((file) => !('keep' in file)).map((file) => file.path);
      expect(made.filter((file) => records.get(file)?.posts !== undefined).sort()).toEqual(showing.sort());
      expect(counts.rendered).toBe(showing.filter((file) => file.endsWith('.html')).length);
    });

    it('with a new post, a gone one and a moved one, makes the inputs of the lists they change and of no other page', () => {
      const after = siteAfterChanges(site);
      const changed = { posts: CHANGED_BY_SITE_AFTER, lists: changedLists(listFingerprints(site), listFingerprints(after)) };
      // The news and both categories; the recent posts of the articles whose neighbours changed: the
      // new post's, the three newer than the gone post 4, and the oldest three (they share the oldest four).
      expect([...changed.lists].sort()).toEqual(['category:2', 'category:3', 'news', ...[1, 2, 3, 31, 5, 6, 7, 4].map((id) => `recent:${id}`)].sort());
      const asked: string[] = [];
      const keys = new Map<string, string>();
      renderRoutes(counted(after, asked), after, assets, (file) => void keys.set(file.path, file.record.key), { previous: { outputs: records, reached: reachedBy(records, changed.posts, changed.lists) } });
      // Every page of the news and of both categories; the new post's article (no record yet), the
      // moved one's (it shows its category), those whose recent posts lost the gone one (1, 2, 3, 5,
      // 6, 7) or show the moved one (11, 12, 13); not the tag's pages, nor any other article.
      expect(asked.filter((file) => file.includes('/article/')).sort()).toEqual([1, 10, 11, 12, 13, 2, 3, 31, 5, 6, 7].map((id) => `/actualites/article/${id}/index.html`));
      expect(asked.filter((file) => file.includes('/tag/'))).toEqual([]);
      expect(asked).toEqual(expect.arrayContaining(['/actualites/index.html', '/actualites/page/3.json', '/actualites/category/2/index.html', '/actualites/category/3/page/2.json']));
      const everyKey = new Map<string, string>();
      renderRoutes(expandRoutes(after), after, assets, (file) => void everyKey.set(file.path, file.record.key), { previous: { outputs: records } });
      expect(keys).toEqual(everyKey);
    });

    it('gives every file the key a run making every route\'s inputs gives it', () => {
      const edited = edit(17);
      const keys = (changedPosts?: ReadonlySet<number>) => {
        const found = new Map<string, string>();
        renderRoutes(expandRoutes(edited), edited, assets, (file) => void found.set(file.path, file.record.key), { previous: { outputs: records, ...(changedPosts ? { reached: reachedBy(records, changedPosts, new Set()) } : {}) } });
        return found;
      };
      expect(keys(new Set([17]))).toEqual(keys());
    });
  });
});

describe('the posts a cron run counts as changed', () => {
  it('are the new ones, the gone ones, and those whose terms changed though their revision did not', () => {
    const site = siteOf30();
    expect(changedPosts(site.news.posts.map(reachOf), siteAfterChanges(site).news.posts.map(reachOf))).toEqual(CHANGED_BY_SITE_AFTER);
  });

  it('are none when nothing changed', () => {
    const site = siteOf30();
    expect(changedPosts(site.news.posts.map(reachOf), site.news.posts.map(reachOf))).toEqual(new Set());
  });
});
