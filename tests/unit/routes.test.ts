import { describe, expect, it } from 'vitest';
import { expandRoutes, pageRoutes, pathOf, ROUTES } from '../../src/routes.js';
import { fillPattern, pageOutputFile } from '../../src/routes/paths.js';
import { definePage } from '../../src/routes/types.js';
import { MENU } from '../../src/menu.js';
import { makeSite } from './site-fixture.js';

/** Spec section 2.3, static routes (dynamic ones are checked below with data). */
const SPEC_STATIC_ROUTES = [
  '/', '/club/histoire/saint-quentin', '/club/histoire/organisation', '/club/histoire/palmares',
  '/club/histoire/clubs-supportaires', '/club/vie-du-club/benevoles', '/club/vie-du-club/groupes-supporters',
  '/club/photos/cultes', '/club/photos/legendes', '/club/info-pratiques/general', '/club/info-pratiques/stade',
  '/stade', '/boutique', '/siege', '/accreditation', '/equipe/pro/joueurs', '/equipe/pro/joueurs/detail',
  '/equipe/pro/staff', '/equipe/competitions/betclics', '/equipe/competitions/cdf',
  '/equipe/competitions/leaders-cup', '/equipe/match/calendrier', '/equipe/match/resultats',
  '/partenaires/nos-partenaires', '/partenaires/devenir-partenaire', '/devenir-partenaire', '/evenement',
  '/guides/match', '/guides/acces-stade', '/contact', '/actualites', '/cashless',
];

describe('route table', () => {
  const site = makeSite();
  const instances = expandRoutes(site);
  const pagePaths = new Set(instances.filter((instance) => instance.route.kind === 'page').map((instance) => instance.path));

  it('holds every static route of the spec', () => {
    for (const path of SPEC_STATIC_ROUTES) expect(pagePaths, path).toContain(path);
  });

  it('expands article, category and tag pages from the content', () => {
    for (const post of site.news.posts) expect(pagePaths).toContain(`/actualites/article/${post.id}`);
    for (const term of site.news.categories) expect(pagePaths).toContain(`/actualites/category/${term.id}`);
    for (const term of site.news.tags) expect(pagePaths).toContain(`/actualites/tag/${term.id}`);
  });

  it('gives every route a unique id and every output a unique path', () => {
    const ids = ROUTES.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = instances.map((instance) => instance.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('writes only well-formed root-relative paths', () => {
    for (const { path } of instances) {
      expect(path).toMatch(/^\/([a-z0-9-]+(\.[a-z0-9]+)?\/?)*$/);
      expect(path).not.toContain('..');
    }
  });

  it('points aliases of the spec to their main route', () => {
    const alias = (pattern: string) => pageRoutes().find((route) => route.pattern === pattern)?.aliasOf;
    expect(pathOf(alias('/stade') ?? '')).toBe('/club/info-pratiques/stade/');
    expect(pathOf(alias('/devenir-partenaire') ?? '')).toBe('/partenaires/devenir-partenaire/');
  });

  it('resolves every internal menu entry to a route of the table', () => {
    const routeIds = MENU.flatMap((heading) =>
      'groups' in heading ? heading.groups.flatMap((group) => group.items) : [heading],
    ).flatMap((item) => ('route' in item ? [item.route] : []));
    expect(routeIds.length).toBeGreaterThan(15);
    for (const id of routeIds) expect(() => pathOf(id)).not.toThrow();
  });

  it('refuses two routes that write the same path', () => {
    const page = (id: string) => definePage({ id, pattern: '/x', pageType: 'text', load: () => ({ props: {}, head: { title: id, description: '' } }), Page: () => null });
    expect(() => expandRoutes(site, [page('a'), page('b')])).toThrow('routes "a" and "b" both write /x');
  });

  it('refuses parameters that could escape the output folder', () => {
    expect(() => fillPattern('news-article', '/actualites/article/:id', { id: '../../etc' })).toThrow(/unsafe parameter/);
    expect(() => fillPattern('news-article', '/actualites/article/:id', { id: '' })).toThrow(/unsafe parameter/);
    expect(fillPattern('news-article', '/actualites/article/:id', { id: '42' })).toBe('/actualites/article/42');
  });

  it('writes each page as <path>/index.html', () => {
    expect(pageOutputFile('/')).toBe('index.html');
    expect(pageOutputFile('/club/histoire/palmares')).toBe('club/histoire/palmares/index.html');
  });
});
