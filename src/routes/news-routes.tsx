import { BannerOnlyPage } from '../pages/BannerOnlyPage.js';
import { bannerPage } from './simple-page.js';
import { definePage, type Route } from './types.js';

// Owned by the news issue; every route of spec 2.3 exists from the foundation on.
export const newsRoutes: Route[] = [
  bannerPage({ id: 'news', pattern: '/actualites', title: 'Actualités', description: 'Toutes les actualités du SQBB.', pageType: 'list' }),
  definePage({
    id: 'news-article',
    pattern: '/actualites/article/:id',
    pageType: 'article',
    paths: (site) => site.news.posts.map((post) => ({ id: String(post.id) })),
    load: (site, params) => {
      const post = site.news.posts.find((candidate) => String(candidate.id) === params.id);
      const title = post?.titleText ?? 'Article';
      return { props: { title }, head: { title, description: post?.excerptText ?? '' } };
    },
    Page: BannerOnlyPage,
  }),
  definePage({
    id: 'news-category',
    pattern: '/actualites/category/:id',
    pageType: 'list',
    paths: (site) => site.news.categories.map((term) => ({ id: String(term.id) })),
    load: (site, params) => {
      const term = site.news.categories.find((candidate) => String(candidate.id) === params.id);
      const title = term?.name ?? 'Catégorie';
      return { props: { title }, head: { title, description: `Les actualités de la catégorie ${title}.` } };
    },
    Page: BannerOnlyPage,
  }),
  definePage({
    id: 'news-tag',
    pattern: '/actualites/tag/:id',
    pageType: 'list',
    paths: (site) => site.news.tags.map((term) => ({ id: String(term.id) })),
    load: (site, params) => {
      const term = site.news.tags.find((candidate) => String(candidate.id) === params.id);
      const title = term?.name ?? 'Étiquette';
      return { props: { title }, head: { title, description: `Les actualités avec l'étiquette ${title}.` } };
    },
    Page: BannerOnlyPage,
  }),
];
