import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { normalizeContent } from './normalize-content.js';
import { expandRoutes } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import { renderDocument } from '../../templates/document.js';
import { makeSite } from './site-fixture.js';

/** The committed snapshot (31 posts), normalized as the build does. */
const SNAPSHOT = path.resolve('data/wordpress');
const readSnapshot = (name: string) => JSON.parse(readFileSync(path.join(SNAPSHOT, `${name}.json`), 'utf8')) as unknown[];
const news = normalizeContent({ posts: readSnapshot('posts'), categories: readSnapshot('categories'), tags: readSnapshot('tags') }, () => {}, { images: true });
const site = makeSite({ news, siteUrl: 'https://www.sqbb.fr' });

function instanceAt(target: SiteData, urlPath: string) {
  const instance = expandRoutes(target).find((candidate) => candidate.path === urlPath);
  if (!instance) throw new Error(`no route writes ${urlPath}`);
  return instance;
}

/** A page as the browser gets it (document shell included, layout left out). */
function render(target: SiteData, urlPath: string) {
  const { route, params } = instanceAt(target, urlPath);
  if (route.kind !== 'page') throw new Error(`${urlPath} is a file`);
  const { element, head } = route.render(target, params);
  const bodyHtml = renderToString(element);
  return { $: load(renderDocument({ head, bodyHtml, path: urlPath, siteUrl: target.siteUrl, basePath: '', cssHref: '/a.css', scripts: [], preloads: [] })), head };
}

function renderFile(target: SiteData, urlPath: string): string {
  const { route, params } = instanceAt(target, urlPath);
  if (route.kind !== 'file') throw new Error(`${urlPath} is a page`);
  return String(route.content(target, params));
}

describe('article page', () => {
  it('has the spec title, social tags, canonical link, JSON-LD and the RSS link', () => {
    const { $ } = render(site, '/actualites/article/39');
    expect($('title').text()).toBe('SQBB | Retour en images sur la soirée des partenaires');
    expect($('h1')).toHaveLength(1);
    expect($('meta[property="og:type"]').attr('content')).toBe('article');
    expect($('meta[name="twitter:card"]').attr('content')).toBe('summary_large_image');
    expect($('meta[property="og:title"]').attr('content')).toBe('Retour en images sur la soirée des partenaires');
    expect($('meta[name="description"]').attr('content')).toMatch(/^Retour en images sur la soirée des partenaires\. Merci à nos partenaires/);
    expect($('meta[property="og:image"]').attr('content')).toBe('https://www.sqbb.fr/media/post-39-1024.jpg');
    expect($('link[rel="canonical"]').attr('href')).toBe('https://www.sqbb.fr/actualites/article/39');
    expect($('link[type="application/rss+xml"]').attr('href')).toBe('/actualites/feed.xml');
    const jsonLd = JSON.parse($('script[type="application/ld+json"]').text()) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: 'Retour en images sur la soirée des partenaires', datePublished: '2025-08-30T16:36:00Z' });
  });

  it('shows content, the Admin box, categories, the recent posts in the page itself, and tags', () => {
    const { $ } = render(site, '/actualites/article/39');
    expect($('.article-content blockquote').text()).toBe('Sans nos partenaires, rien ne serait possible.');
    expect($('.article-author-name').text()).toBe('Admin');
    expect($('.sidebar-terms a').map((_, link) => `${$(link).text()} ${$(link).attr('href')}`).get()).toEqual(['Partenaires /actualites/category/6/']);
    expect($('iframe')).toHaveLength(0);
    const recent = $('h2:contains("Articles récents") + [data-island="recent-posts"] .sidebar-recent a');
    expect(recent).toHaveLength(4);
    expect(recent.filter('[target]')).toHaveLength(0);
    expect($('.sidebar-tags a').map((_, link) => $(link).text()).get()).toEqual(['Kop', 'Vidéo']);
    const image = $('picture img.article-image');
    expect([image.attr('src'), image.attr('width'), image.attr('height'), image.attr('fetchpriority'), image.attr('loading')]).toEqual(['/media/post-39-1024.jpg', '1024', '576', 'high', undefined]);
    expect($('picture').has('img.article-image').find('source').map((_, source) => `${$(source).attr('type')} ${$(source).attr('srcset')}`).get()).toEqual([
      'image/avif /media/post-39-400.avif 400w, /media/post-39-1024.avif 1024w',
      'image/webp /media/post-39-400.webp 400w, /media/post-39-1024.webp 1024w',
    ]);
  });

  it("shows the featured image's credit under it, and no empty caption where WordPress holds none", () => {
    const { $ } = render(site, '/actualites/article/39');
    const figure = $('.article figure').has('img.article-image');
    expect(figure.children().map((_, child) => child.tagName).get()).toEqual(['picture', 'figcaption']);
    expect(figure.find('figcaption').text()).toBe('Photo\u00a0: SQBB / J. Lefèvre');
    const other = render(site, '/actualites/article/62').$;
    expect(other('img.article-image')).toHaveLength(1);
    expect(other('.article figcaption')).toHaveLength(0);
  });

  it('renders the newest article with the 4 latest posts (thumbnail, title, French date), opening in the same tab', () => {
    const { $ } = render(site, '/actualites/article/62');
    const recent = $('.sidebar-recent a');
    expect(recent.map((_, link) => $(link).attr('href')).get()).toEqual([62, 60, 58, 56].map((id) => `/actualites/article/${id}/`));
    expect(recent.first().find('time').text()).toBe('16 novembre 2025');
    expect(recent.first().find('img').attr('alt')).toBeTruthy();
  });

  it('renders an older article with the latest posts up to its own, which the island replaces with the site\'s latest', () => {
    const { $ } = render(site, '/actualites/article/39');
    const ids = site.news.posts.map((post) => post.id);
    const at = ids.indexOf(39);
    expect($('.sidebar-recent a').map((_, link) => $(link).attr('href')).get()).toEqual(ids.slice(at, at + 4).map((id) => `/actualites/article/${id}/`));
    expect(JSON.parse($('[data-island="recent-posts"]').attr('data-props') ?? '{}')).toMatchObject({ latestHref: '/actualites/recents.json' });
  });

  it("says 'Pas de catégories' when a post has none, and keeps markup out of <title>", () => {
    const bare = makeSite();
    const first = bare.news.posts[0];
    if (!first) throw new Error('fixture has posts');
    first.categories = [];
    first.titleHtml = 'Victoire <strong>nette</strong>';
    first.titleText = 'Victoire nette </title><script>alert(1)</script>';
    const { $ } = render(bare, `/actualites/article/${first.id}`);
    expect($('.article-sidebar').text()).toContain('Pas de catégories');
    expect($('title').text()).toBe('SQBB | Victoire nette </title><script>alert(1)</script>');
    expect($('script:not([type])')).toHaveLength(0);
  });

  it('completes a short or empty excerpt with the title and the date in the description', () => {
    const bare = makeSite();
    const [first, second] = bare.news.posts;
    if (!first || !second) throw new Error('fixture has two posts');
    first.titleText = 'Victoire';
    first.excerptText = 'Bravo !';
    second.titleText = 'Défaite à Cholet';
    second.excerptText = '';
    const short = render(bare, `/actualites/article/${first.id}`).head.description;
    const empty = render(bare, `/actualites/article/${second.id}`).head.description;
    expect(short).toMatch(/^Victoire\. Bravo ! Article du Saint-Quentin Basket-Ball publié le \d+ \p{L}+ \d{4}\.$/u);
    expect(empty).toMatch(/^Défaite à Cholet\. Article du Saint-Quentin Basket-Ball publié le /);
    for (const description of [short, empty]) expect(description.length).toBeGreaterThanOrEqual(50);
  });
});

describe('categories and sticky posts, as WordPress means them', () => {
  type RawPost = { id: number; categories: number[]; date: string };
  const rawPosts = readSnapshot('posts') as RawPost[];
  const cardIds = ($: ReturnType<typeof render>['$'], selector: string) =>
    $(selector).map((_, link) => Number(/\/article\/(\d+)/.exec($(link).attr('href') ?? '')?.[1])).get();

  it("lists a parent category's posts with those of its sub-categories, newest first, as WordPress's category archive does", () => {
    // Club (3) has a sub-category, Jeunes & formation (4, parent 3).
    const inClub = rawPosts.filter((post) => post.categories.includes(3) || post.categories.includes(4));
    const onlyChild = rawPosts.filter((post) => post.categories.includes(4) && !post.categories.includes(3));
    expect(onlyChild.length).toBeGreaterThan(0);
    const { $ } = render(site, '/actualites/category/3');
    expect($('h1').text()).toBe('Club');
    const ids = cardIds($, '.news-grid .news-card-link');
    expect(ids).toEqual([...inClub].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id).map((post) => post.id).slice(0, 12));
    expect(ids).toEqual(expect.arrayContaining(onlyChild.map((post) => post.id)));
    // The sub-category's own page keeps to its own posts.
    expect(cardIds(render(site, '/actualites/category/4').$, '.news-grid .news-card-link').sort()).toEqual(rawPosts.filter((post) => post.categories.includes(4)).map((post) => post.id).sort());
  });

  it("never shows WordPress's default category 'Non classé': no page, no link; its post is in the news without a category", () => {
    expect(site.news.categories.map((term) => term.name)).not.toContain('Non classé');
    expect(expandRoutes(site).map((instance) => instance.path)).not.toContain('/actualites/category/1');
    const onlyDefault = rawPosts.find((post) => post.categories.length === 1 && post.categories[0] === 1);
    if (!onlyDefault) throw new Error('the snapshot has a post only in Non classé');
    const { $ } = render(site, `/actualites/article/${onlyDefault.id}`);
    expect($('.article-sidebar').text()).toContain('Pas de catégories');
    expect($('body').text()).not.toContain('Non classé');
    expect(render(site, '/recherche').$('body').text()).not.toContain('Non classé');
    expect(JSON.stringify(site.news.posts.map((post) => post.categories))).not.toContain('Non classé');
    expect(news.posts.map((post) => post.id)).toContain(onlyDefault.id);
  });

  it("shows a renamed default category as any other (the club uses it)", () => {
    const renamed = readSnapshot('categories').map((term) => ((term as { id: number }).id === 1 ? { ...(term as object), name: 'Divers', slug: 'divers' } : term));
    const withDivers = normalizeContent({ posts: readSnapshot('posts'), categories: renamed, tags: readSnapshot('tags') });
    expect(withDivers.categories.map((term) => term.name)).toContain('Divers');
  });

  it("puts sticky posts ('Mis en avant') first on the home, in the news list and its JSON pages; not in the recent posts or the feed", () => {
    const posts = readSnapshot('posts') as (RawPost & { sticky: boolean })[];
    const older = [...posts].sort((a, b) => a.date.localeCompare(b.date)).slice(0, 2).map((post) => post.id);
    for (const post of posts) post.sticky = older.includes(post.id);
    const stickyNews = normalizeContent({ posts, categories: readSnapshot('categories'), tags: readSnapshot('tags') }, () => {}, { images: true });
    const stickySite = makeSite({ news: stickyNews, siteUrl: 'https://www.sqbb.fr' });
    const byDate = stickyNews.posts.map((post) => post.id);
    const expected = [...[...older].reverse(), ...byDate.filter((id) => !older.includes(id))];
    expect(expected.slice(0, 2)).toEqual(byDate.filter((id) => older.includes(id)));
    const home = render(stickySite, '/').$;
    expect(cardIds(home, '.home-news .news-card-link')).toEqual(expected.slice(0, 4));
    const slides = JSON.parse(home('[data-island="news-slider"]').attr('data-props') ?? '{}') as { slides: { id: number }[] };
    expect(slides.slides.map((slide) => slide.id)).toEqual(expected.slice(0, 4));
    expect(cardIds(render(stickySite, '/actualites').$, '.news-grid .news-card-link')).toEqual(expected.slice(0, 12));
    expect((JSON.parse(renderFile(stickySite, '/actualites/page/3.json')) as { id: number }[]).map((post) => post.id)).toEqual(expected.slice(24));
    // Category and tag pages, recent posts and the feed stay by date, as WordPress's.
    expect(cardIds(render(stickySite, '/actualites/category/2').$, '.news-grid .news-card-link')[0]).toBe(byDate.find((id) => stickyNews.posts.find((post) => post.id === id)?.categories.some((term) => term.id === 2)));
    expect((JSON.parse(renderFile(stickySite, '/actualites/recents.json')) as { id: number }[]).map((post) => post.id)).toEqual(byDate.slice(0, 4));
    expect(load(renderFile(stickySite, '/actualites/feed.xml'), { xml: true })('item link').first().text()).toBe(`https://www.sqbb.fr/actualites/article/${byDate[0]}/`);
  });
});

describe('news list, JSON pages and feed', () => {
  it('shows 12 posts with links to the next HTML page, and JSON pages for the rest', () => {
    const { $ } = render(site, '/actualites');
    expect($('.news-grid .news-card')).toHaveLength(12);
    expect($('.load-more-button').text()).toBe("Charger plus d’articles");
    expect($('.news-pagination a').attr('href')).toBe('/actualites/page/2/');
    const page3 = JSON.parse(renderFile(site, '/actualites/page/3.json')) as { id: number }[];
    expect(page3.map((post) => post.id)).toEqual(news.posts.slice(24).map((post) => post.id));
    expect(page3).toHaveLength(7);
    expect(render(site, '/actualites/page/3').$('.news-card')).toHaveLength(7);
  });

  it('writes a valid RSS 2.0 feed of the 20 latest posts with absolute URLs', () => {
    const xml = renderFile(site, '/actualites/feed.xml');
    const $ = load(xml, { xml: true });
    expect($('rss').attr('version')).toBe('2.0');
    expect($('item')).toHaveLength(20);
    expect($('item link').first().text()).toBe('https://www.sqbb.fr/actualites/article/62/');
    expect($('item pubDate').first().text()).toBe('Sun, 16 Nov 2025 17:18:00 GMT');
    expect($('item title').map((_, title) => $(title).text()).get()).toContain('Défaite sans appel contre Monaco');
    $('enclosure').each((_, element) => expect($(element).attr('url')).toMatch(/^https:\/\/www\.sqbb\.fr\/media\//));
  });
});
