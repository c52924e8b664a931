import { realData, TEST_NOW } from './data-fixture.js';
import type { SiteData } from '../../src/site-data.js';
import type { NewsPost } from '../../src/types/news.js';

/** A small, fixed site for render and route tests: the real data files (at TEST_NOW), three hand-made posts. */
export function makeSite(overrides: Partial<SiteData> = {}): SiteData {
  const post = (id: number, date: string, title: string): NewsPost => ({
    id,
    date,
    modified: date,
    slug: `article-${id}`,
    titleHtml: title,
    titleText: title,
    excerptText: `Résumé de ${title}`,
    contentHtml: `<p>${title}</p>`,
    image: null,
    categories: [{ id: 2, slug: 'equipe-pro', name: 'Équipe pro' }],
    tags: [{ id: 7, slug: 'victoire', name: 'Victoire' }],
  });
  const data = realData();
  return {
    builtAt: TEST_NOW,
    siteUrl: 'http://localhost:8080',
    news: {
      posts: [post(3, '2025-11-16T18:00:00', 'Victoire contre Cholet'), post(2, '2025-11-02T10:00:00', 'Le programme du mois'), post(1, '2025-10-01T09:00:00', 'Ouverture de la billetterie')],
      categories: [{ id: 2, slug: 'equipe-pro', name: 'Équipe pro' }],
      tags: [{ id: 7, slug: 'victoire', name: 'Victoire' }],
    },
    club: data.club,
    team: data.team,
    season: data.season,
    legal: data.legal,
    ...overrides,
  };
}
