import { describe, expect, it } from 'vitest';
import { expandRoutes, ROUTES } from '../../src/routes.js';
import { fillPattern, pageOutputFile } from '../../src/routes/paths.js';
import { href, ROUTE_PATHS } from '../../src/routes/route-paths.js';
import { definePage } from '../../src/routes/types.js';
import { realData } from './data-fixture.js';
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
    const alias = (pattern: string) => ROUTES.flatMap((route) => (route.kind === 'page' && route.pattern === pattern && route.aliasOf ? [route.aliasOf] : []))[0];
    expect(href(alias('/stade') ?? 'home')).toBe('/club/info-pratiques/stade/');
    expect(href(alias('/devenir-partenaire') ?? 'home')).toBe('/partenaires/devenir-partenaire/');
  });

  it('resolves every internal menu entry to a route of the table', () => {
    const routeIds = realData().club.menu.flatMap((heading) =>
      'groups' in heading ? heading.groups.flatMap((group) => group.items) : [heading],
    ).flatMap((item) => ('route' in item ? [item.route] : []));
    expect(routeIds.length).toBeGreaterThan(15);
    for (const id of routeIds) expect(ROUTES.map((route) => route.id)).toContain(id);
  });

  it('refuses two routes with one id, and two outputs of one path', () => {
    const page = (paths?: () => { id?: string }[]) =>
      definePage({ id: 'contact', pageType: 'text', ...(paths ? { paths } : {}), load: () => ({ props: {}, head: { title: 'x', description: '' } }), Page: () => null });
    expect(() => expandRoutes(site, [page(), page()])).toThrow('two routes share the id "contact"');
    expect(() => expandRoutes(site, [page(() => [{}, {}])])).toThrow('routes "contact" and "contact" both write /contact');
  });

  it('defines every route of the path table exactly once, in its order', () => {
    expect(ROUTES.map((route) => route.id)).toEqual(Object.keys(ROUTE_PATHS));
    expect(new Set(Object.values(ROUTE_PATHS)).size).toBe(Object.keys(ROUTE_PATHS).length);
  });

  it('links pages with a trailing slash and files as they are, parameters checked', () => {
    expect(href('contact')).toBe('/contact/');
    expect(href('home')).toBe('/');
    expect(href('news-article', { id: 42 })).toBe('/actualites/article/42/');
    expect(href('news-tag-page-json', { id: 7, n: 2 })).toBe('/actualites/tag/7/page/2.json');
    expect(href('calendar-ics')).toBe('/calendrier.ics');
    expect(() => href('news-article', { id: '../x' })).toThrow(/unsafe parameter/);
  });

  it('refuses parameters that could escape the output folder', () => {
    expect(() => fillPattern('news-article', '/actualites/article/:id', { id: '../../etc' })).toThrow(/unsafe parameter/);
    expect(() => fillPattern('news-article', '/actualites/article/:id', { id: '' })).toThrow(/unsafe parameter/);
    expect(fillPattern('news-article', '/actualites/article/:id', { id: '42' })).toBe('/actualites/article/42');
  });

  it('fills a pattern the same way on every call, parameters anywhere in a segment', () => {
    for (let run = 0; run < 2; run += 1) {
      expect(fillPattern('news-tag-page-json', '/actualites/tag/:id/page/:n.json', { id: '7', n: '2' })).toBe('/actualites/tag/7/page/2.json');
      expect(fillPattern('feed', '/flux.xml', {})).toBe('/flux.xml');
      expect(() => fillPattern('news-tag-page-json', '/actualites/tag/:id/page/:n.json', { id: '7' })).toThrow('missing parameter "n"');
    }
  });

  it('refuses a malformed pattern, naming the path it would make', () => {
    for (let run = 0; run < 2; run += 1) {
      expect(() => fillPattern('bad', '/a//:id', { id: '1' })).toThrow('route bad: malformed path "/a//1"');
      expect(() => fillPattern('bad', 'a/:id', { id: '1' })).toThrow('malformed path "a/1"');
      expect(() => fillPattern('bad', '/a/../:id', { id: '1' })).toThrow('malformed path');
      expect(() => fillPattern('bad', '/a//:id', { id: '../x' })).toThrow(/unsafe parameter/);
    }
  });

  it('writes each page as <path>/index.html', () => {
    expect(pageOutputFile('/')).toBe('index.html');
    expect(pageOutputFile('/club/histoire/palmares')).toBe('club/histoire/palmares/index.html');
  });
});
