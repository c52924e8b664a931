import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAssets, type BuiltAssets } from '../../build/bundle.js';
import type { OutputRecord } from '../../build/cache/build-cache.js';
import { renderRoutes, type EmittedFile } from '../../build/render/render-routes.js';
import { sharedIslandProps } from '../../build/shared-island-props.js';
import { expandRoutes, type RouteInstance } from '../../src/routes.js';
import { pageOutputFile } from '../../src/routes/paths.js';
import type { RouteParams } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import type { NewsPost } from '../../src/types/news.js';
import { makeSite } from './site-fixture.js';

/** 30 posts, newest first (three pages of news), in two categories, with revisions as a build sets them. */
function siteOf30(): SiteData {
  const base = makeSite();
  const template = base.news.posts[0] as NewsPost;
  const categories = [
    { id: 2, slug: 'equipe-pro', name: 'Équipe pro' },
    { id: 3, slug: 'formation', name: 'Formation' },
  ];
  const posts = Array.from({ length: 30 }, (_, index): NewsPost => {
    const id = 30 - index;
    const date = `2025-10-${String(id).padStart(2, '0')}T10:00:00`;
    return { ...template, id, date, modified: date, slug: `article-${id}`, titleText: `Article ${id}`, titleHtml: `Article ${id}`, categories: [categories[id % 2] as NewsPost['categories'][number]], tags: [], revision: `r${id}` };
  });
  return { ...base, news: { posts, categories, tags: [] } };
}

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
      const counts = renderRoutes(counted(edited, asked), edited, assets, (file) => void emitted.push(file), { previous: { outputs: records, changedPosts: new Set([17]) } });
      const showing = [...records].filter(([, record]) => record.posts?.includes(',17,')).map(([file]) => file);
      // Its article, the news page and JSON page it is on, its category's page.
      expect(showing).toEqual(expect.arrayContaining(['/actualites/article/17/index.html', '/actualites/page/2/index.html', '/actualites/page/2.json', '/actualites/category/3/index.html']));
      expect(asked.sort()).toEqual(showing.sort());
      // Made again: those files, and the files without declared inputs that show it (the feed).
      const made = emitted.filter((file) => !('reuse' in file)).map((file) => file.path);
      expect(made.filter((file) => records.get(file)?.posts !== undefined).sort()).toEqual(showing.sort());
      expect(counts.rendered).toBe(showing.filter((file) => file.endsWith('.html')).length);
    });

    it('gives every file the key a run making every route\'s inputs gives it', () => {
      const edited = edit(17);
      const keys = (changedPosts?: ReadonlySet<number>) => {
        const found = new Map<string, string>();
        renderRoutes(expandRoutes(edited), edited, assets, (file) => void found.set(file.path, file.record.key), { previous: { outputs: records, ...(changedPosts ? { changedPosts } : {}) } });
        return found;
      };
      expect(keys(new Set([17]))).toEqual(keys());
    });
  });
});
