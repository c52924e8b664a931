import { absoluteUrl } from '../../lib/html.js';
import { formatFrenchLongDate, isoDay } from '../../lib/dates.js';
import { CLUB } from '../../site.js';
import type { SiteData } from '../../site-data.js';
import type { PageHead } from '../../types/head.js';
import type { NewsContent, NewsPost, Term } from '../../types/news.js';
import type { ArticlePageProps } from './ArticlePage.js';
import type { NewsListPageProps } from './NewsListPage.js';
import type { RecentPost } from '../../islands/recent-posts/RecentPosts.js';
import { listPageHref, pageCount, pageOf, pictureOf, toCard, type NewsListKey } from '../../components/news/news-cards.js';
import { href } from '../../routes/route-paths.js';
import type { RouteInputs } from '../../routes/types.js';

interface NewsIndex {
  postsById: Map<string, NewsPost>;
  /** The news list's order: sticky posts ('Mis en avant') first, each part newest first. */
  front: NewsPost[];
  /** Each post's place among all posts by date (newest first; sticky posts are not moved here). */
  positions: Map<NewsPost, number>;
  /** Posts of each category (its sub-categories' included) and of each tag, newest first, by term id. */
  postsByTerm: Record<'category' | 'tag', Map<number, NewsPost[]>>;
  /** Term lists already made, keyed 'category:2' or 'tag:7'. */
  termLists: Map<string, NewsList>;
}

/**
 * Thousands of article and term pages look posts up by id and term: one index per content,
 * built on first use, instead of a scan of every post for every page.
 */
const indexes = new WeakMap<NewsContent, NewsIndex>();

function indexOf(news: NewsContent): NewsIndex {
  let index = indexes.get(news);
  if (!index) {
    index = { postsById: new Map(), positions: new Map(), front: news.posts, postsByTerm: { category: new Map(), tag: new Map() }, termLists: new Map() };
    // Every cron run indexes every post: no key or array made per post and term.
    const add = (byTerm: Map<number, NewsPost[]>, id: number, post: NewsPost) => {
      const list = byTerm.get(id);
      if (!list) byTerm.set(id, [post]);
      else if (list[list.length - 1] !== post) list.push(post);
    };
    // As WordPress's category archive: a category's posts include those of its sub-categories, at every depth.
    const ancestors = ancestorsOf(news.categories);
    let sticky = false;
    for (const [position, post] of news.posts.entries()) {
      index.postsById.set(String(post.id), post);
      index.positions.set(post, position);
      for (const term of post.categories) {
        add(index.postsByTerm.category, term.id, post);
        for (const parent of ancestors.get(term.id) ?? []) add(index.postsByTerm.category, parent, post);
      }
      for (const term of post.tags) add(index.postsByTerm.tag, term.id, post);
      if (post.sticky) sticky = true;
    }
    // As WordPress's home: sticky posts lead, then the others; each part newest first.
    if (sticky) index.front = [...news.posts.filter((post) => post.sticky), ...news.posts.filter((post) => !post.sticky)];
    indexes.set(news, index);
  }
  return index;
}

/** Each category's parents up to the top (a parent that is gone, or a loop, ends the chain). */
function ancestorsOf(categories: readonly Term[]): Map<number, number[]> {
  const parents = new Map(categories.map((term) => [term.id, term.parent ?? 0]));
  const chains = new Map<number, number[]>();
  for (const term of categories) {
    const chain: number[] = [];
    for (let parent = parents.get(term.id) ?? 0; parent > 0 && parents.has(parent) && parent !== term.id && !chain.includes(parent); parent = parents.get(parent) ?? 0) {
      chain.push(parent);
    }
    if (chain.length > 0) chains.set(term.id, chain);
  }
  return chains;
}

/**
 * The first posts of the news list (sticky ones first, see NewsIndex.front): what the home's slider
 * and 'Les Actus' show.
 */
export function leadingPosts(site: SiteData, count: number): NewsPost[] {
  return indexOf(site.news).front.slice(0, count);
}

/** Spec section 9: recent posts in the sidebar. */
const RECENT_COUNT = 4;

export function findPost(site: SiteData, id: string | undefined): NewsPost {
  const post = id === undefined ? undefined : indexOf(site.news).postsById.get(id);
  if (!post) throw new Error(`no post ${JSON.stringify(id)}`);
  return post;
}

/**
 * The 'Articles récents' an article page is rendered with: the latest posts up to its own (itself
 * and the three before it; the oldest articles share the four oldest). The page then depends on its
 * neighbours, not on the newest post: a new post rewrites its own article, not thousands (its
 * declared inputs name the window as a list, `recent:<id>`, whose order a cron run compares). In
 * the browser the list takes the site's 4 latest posts (recentPostsJson).
 */
export function recentAround(site: SiteData, post: NewsPost): NewsPost[] {
  const posts = site.news.posts;
  const position = indexOf(site.news).positions.get(post) ?? 0;
  const start = Math.max(0, Math.min(position, posts.length - RECENT_COUNT));
  return posts.slice(start, start + RECENT_COUNT);
}

function recentPost(post: NewsPost): RecentPost {
  return {
    id: post.id,
    href: href('news-article', { id: post.id }),
    titleHtml: post.titleHtml,
    date: formatFrenchLongDate(post.date),
    dateIso: isoDay(post.date),
    thumbnail: post.image ? pictureOf(post.image, 'thumb') : null,
  };
}

/** The site's 4 latest posts, as the 'Articles récents' island reads them in the browser. */
export function recentPostsJson(site: SiteData): string {
  return `${JSON.stringify(site.news.posts.slice(0, RECENT_COUNT).map(recentPost))}\n`;
}

export function loadArticle(site: SiteData, post: NewsPost): { props: ArticlePageProps; head: PageHead } {
  const image = post.image ? pictureOf(post.image, 'article') : null;
  // Social previews and JSON-LD take the fallback file (a JPEG of at most 1200 px for photos).
  const shareImage = image;
  const props: ArticlePageProps = {
    titleText: post.titleText,
    date: formatFrenchLongDate(post.date),
    dateIso: isoDay(post.date),
    image,
    ...(image && post.image?.caption ? { imageCaption: post.image.caption } : {}),
    contentHtml: post.contentHtml,
    categories: post.categories.map(({ id, name }) => ({ id, name })),
    tags: post.tags.map(({ id, name }) => ({ id, name })),
    recent: recentAround(site, post).map(recentPost),
  };
  const published = `${post.dateGmt ?? post.date}Z`;
  const head: PageHead = {
    title: post.titleText,
    description: articleDescription(post),
    ogType: 'article',
    contentStyles: true,
    publishedTime: published,
    ...(shareImage ? { image: { src: shareImage.src, width: shareImage.width, height: shareImage.height, alt: shareImage.alt } } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: post.titleText.slice(0, 110),
        description: post.excerptText,
        datePublished: published,
        dateModified: `${post.modified}`,
        mainEntityOfPage: absoluteUrl(site.siteUrl, href('news-article', { id: post.id })),
        ...(shareImage ? { image: [absoluteUrl(site.siteUrl, shareImage.src)] } : {}),
        author: { '@type': 'Organization', name: CLUB.name },
        publisher: { '@type': 'Organization', name: CLUB.name, logo: { '@type': 'ImageObject', url: absoluteUrl(site.siteUrl, '/images/og-default.png') } },
        ...(post.categories.length > 0 ? { articleSection: post.categories.map((term) => term.name) } : {}),
        ...(post.tags.length > 0 ? { keywords: post.tags.map((term) => term.name).join(', ') } : {}),
      },
    ],
  };
  return { props, head };
}

/** A post's revision, or the post itself where it has none (content made by hand in tests). */
export const revisionOf = (post: NewsPost): string => post.revision ?? JSON.stringify(post);

/** What an article page is made from (its route's inputs): the post, and the names of its terms, resolved each build. */
export function articleInputs(site: SiteData, id: string | undefined): RouteInputs {
  const post = findPost(site, id);
  return { posts: [post, ...recentAround(site, post).filter((other) => other !== post)], other: `[${termsJson(post.categories)},${termsJson(post.tags)}]`, list: recentListId(post.id) };
}

/** Posts share their term lists (one per combination): each list's JSON is made once per build. */
const termsJsonMemo = new WeakMap<readonly Term[], string>();
function termsJson(terms: readonly Term[]): string {
  let json = termsJsonMemo.get(terms);
  if (json === undefined) termsJsonMemo.set(terms, (json = JSON.stringify(terms)));
  return json;
}

/** What page n of a list is made from (its route's inputs): the list, its length and the posts on that page. */
export function listPageInputs(list: NewsList, page: number): RouteInputs {
  return { posts: pageOf(list.posts, page), other: JSON.stringify([list.key, list.title, list.subtitle ?? '', list.description(page), page, pageCount(list.posts.length)]), list: listId(list.key) };
}

/** What JSON page n of a list is made from: the posts on that page. */
export function jsonPageInputs(list: NewsList, page: number): RouteInputs {
  return { posts: pageOf(list.posts, page), other: '', list: listId(list.key) };
}

/** The list of an article's recent posts (recentAround), in declared inputs and in `listOrders`. */
const recentListId = (id: number) => `recent:${id}`;

/** A news list's name in declared inputs (RouteInputs.list) and in `listOrders`: 'news', 'category:2', 'tag:7'. */
export function listId(key: NewsListKey): string {
  return key.kind === 'news' ? 'news' : `${key.kind}:${key.id}`;
}

/**
 * The order of every news list, by list id: its posts' ids, newest first, as one string. Lists
 * whose order is the same hold the same posts in the same places, whatever else changed.
 */
export function listOrders(news: NewsContent): Map<string, string> {
  const { postsByTerm, front } = indexOf(news);
  const orders = new Map<string, string>([['news', idsOf(front)]]);
  for (const kind of ['category', 'tag'] as const) for (const [id, posts] of postsByTerm[kind]) orders.set(`${kind}:${id}`, idsOf(posts));
  // Each article's recent posts: a post published or dated in between changes the window of its neighbours.
  const { posts } = news;
  posts.forEach((post, position) => {
    const start = Math.max(0, Math.min(position, posts.length - RECENT_COUNT));
    orders.set(recentListId(post.id), idsOf(posts.slice(start, start + RECENT_COUNT)));
  });
  return orders;
}

function idsOf(posts: readonly NewsPost[]): string {
  let ids = '';
  for (const post of posts) ids += `${post.id},`;
  return ids;
}

/** Below this a search result shows almost nothing: a short or empty excerpt is completed with the title and date. */
export const MIN_DESCRIPTION_LENGTH = 50;

const sentence = (text: string) => (/[.!?…»]$/.test(text) ? text : `${text}.`);

/** The excerpt when it says enough; else the title, the excerpt and the date (one post a day rarely shares a title). */
function articleDescription(post: NewsPost): string {
  if (post.excerptText.length >= MIN_DESCRIPTION_LENGTH) return post.excerptText;
  return [sentence(post.titleText), post.excerptText ? sentence(post.excerptText) : '', `Article du ${CLUB.name} publié le ${formatFrenchLongDate(post.date)}.`]
    .filter(Boolean)
    .join(' ');
}

export interface NewsList {
  title: string;
  subtitle?: string;
  /** The head's description of page n: each page of a list has its own (search engines list them apart). */
  description: (page: number) => string;
  posts: NewsPost[];
  key: NewsListKey;
}

export function newsList(site: SiteData): NewsList {
  const description = (page: number) =>
    page > 1
      ? `Les actualités du ${CLUB.name}, page ${page} : résultats, équipe pro, vie du club, formation et partenaires.`
      : `Toutes les actualités du ${CLUB.name} : résultats, équipe pro, vie du club, formation et partenaires.`;
  return { title: 'Actualités', description, posts: indexOf(site.news).front, key: { kind: 'news' } };
}

/** Every HTML and JSON page of a term's list asks for it (thousands of pages, each a search of every term): made once per content. */
export function termList(site: SiteData, kind: 'category' | 'tag', id: string | undefined): NewsList {
  const lists = indexOf(site.news).termLists;
  const key = `${kind}:${id}`;
  let list = lists.get(key);
  if (!list) lists.set(key, (list = makeTermList(site, kind, id)));
  return list;
}

function makeTermList(site: SiteData, kind: 'category' | 'tag', id: string | undefined): NewsList {
  const terms: Term[] = kind === 'category' ? site.news.categories : site.news.tags;
  const term = terms.find((candidate) => String(candidate.id) === id);
  if (!term) throw new Error(`no ${kind} ${JSON.stringify(id)}`);
  const posts = indexOf(site.news).postsByTerm[kind].get(term.id) ?? [];
  const what = kind === 'category' ? `dans la catégorie «\u00a0${term.name}\u00a0»` : `avec l’étiquette «\u00a0${term.name}\u00a0»`;
  const description = (page: number) => `Les actualités du ${CLUB.name} ${what}${page > 1 ? `, page ${page}` : ''}, de la plus récente à la plus ancienne.`;
  return { title: term.name, subtitle: kind === 'category' ? 'Catégorie' : 'Étiquette', description, posts, key: { kind, id: term.id } };
}

/** Page n of a list as the page's props. */
export function loadListPage(list: NewsList, page: number): { props: NewsListPageProps; head: PageHead } {
  const totalPages = pageCount(list.posts.length);
  const title = page > 1 ? `${list.title} (page ${page})` : list.title;
  return {
    props: {
      title: list.title,
      ...(list.subtitle || page > 1 ? { subtitle: [list.subtitle, page > 1 ? `Page ${page}` : ''].filter(Boolean).join(' · ') } : {}),
      list: {
        posts: pageOf(list.posts, page).map(toCard),
        page,
        list: list.key,
        pagination: {
          page,
          totalPages,
          ...(page > 1 ? { previousHref: listPageHref(list.key, page - 1) } : {}),
          ...(page < totalPages ? { nextHref: listPageHref(list.key, page + 1) } : {}),
        },
      },
    },
    head: { title, description: list.description(page) },
  };
}
