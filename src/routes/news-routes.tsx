import { ArticlePage } from '../pages/news/ArticlePage.js';
import { articleInputs, findPost, jsonPageInputs, listPageInputs, loadArticle, loadListPage, newsList, recentPostsJson, termList, type NewsList } from '../pages/news/load-news.js';
import { jsonPageNumbers, pageCount, pageOf, toCard } from '../components/news/news-cards.js';
import { renderNewsFeed } from '../pages/news/news-feed.js';
import { NewsListPage } from '../pages/news/NewsListPage.js';
import type { SiteData } from '../site-data.js';
import { defineFile, definePage, type Route, type RouteParams } from './types.js';

/**
 * Spec 2.13 and DESIGN section 4: the list, every article, category and tag page, 12 posts per page
 * with JSON pages for 'load more' and linked HTML pages for visitors without JavaScript.
 */

/** Pages 2..n of a list as HTML (page 1 is the list's own route). */
const htmlPages = (list: NewsList) => Array.from({ length: pageCount(list.posts.length) - 1 }, (_, index) => String(index + 2));
const jsonPage = (list: NewsList, params: RouteParams) => `${JSON.stringify(pageOf(list.posts, Number(params.n)).map(toCard))}\n`;

const termRoutes = (kind: 'category' | 'tag'): Route[] => {
  const terms = (site: SiteData) => (kind === 'category' ? site.news.categories : site.news.tags);
  return [
    definePage({
      id: `news-${kind}`,
      pageType: 'list',
      paths: (site) => terms(site).map((term) => ({ id: String(term.id) })),
      inputs: (site, params) => listPageInputs(termList(site, kind, params.id), 1),
      load: (site, params) => loadListPage(termList(site, kind, params.id), 1),
      Page: NewsListPage,
    }),
    definePage({
      id: `news-${kind}-page`,
      later: true,
      pageType: 'list',
      paths: (site) => terms(site).flatMap((term) => htmlPages(termList(site, kind, String(term.id))).map((n) => ({ id: String(term.id), n }))),
      inputs: (site, params) => listPageInputs(termList(site, kind, params.id), Number(params.n)),
      load: (site, params) => loadListPage(termList(site, kind, params.id), Number(params.n)),
      Page: NewsListPage,
    }),
    defineFile({
      id: `news-${kind}-page-json`,
      later: true,
      paths: (site) =>
        terms(site).flatMap((term) => jsonPageNumbers(termList(site, kind, String(term.id)).posts.length).map((n) => ({ id: String(term.id), n: String(n) }))),
      inputs: (site, params) => jsonPageInputs(termList(site, kind, params.id), Number(params.n)),
      content: (site, params) => jsonPage(termList(site, kind, params.id), params),
    }),
  ];
};

export const newsRoutes: Route[] = [
  definePage({
    id: 'news',
    pageType: 'list',
    inputs: (site) => listPageInputs(newsList(site), 1),
    load: (site) => loadListPage(newsList(site), 1),
    lastModified: (site) => site.news.posts[0]?.modified,
    Page: NewsListPage,
  }),
  definePage({
    id: 'news-page',
    later: true,
    pageType: 'list',
    paths: (site) => htmlPages(newsList(site)).map((n) => ({ n })),
    inputs: (site, params) => listPageInputs(newsList(site), Number(params.n)),
    load: (site, params) => loadListPage(newsList(site), Number(params.n)),
    Page: NewsListPage,
  }),
  defineFile({
    id: 'news-page-json',
    later: true,
    paths: (site) => jsonPageNumbers(site.news.posts.length).map((n) => ({ n: String(n) })),
    inputs: (site, params) => jsonPageInputs(newsList(site), Number(params.n)),
    content: (site, params) => jsonPage(newsList(site), params),
  }),
  definePage({
    id: 'news-article',
    pageType: 'article',
    paths: (site) => site.news.posts.map((post) => ({ id: String(post.id) })),
    inputs: (site, params) => articleInputs(site, params.id),
    load: (site, params) => loadArticle(site, findPost(site, params.id)),
    lastModified: (site, params) => findPost(site, params.id).modified,
    Page: ArticlePage,
  }),
  defineFile({
    id: 'news-recent',
    content: recentPostsJson,
  }),
  ...termRoutes('category'),
  ...termRoutes('tag'),
  defineFile({
    id: 'news-feed',
    content: renderNewsFeed,
  }),
];
