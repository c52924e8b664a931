import { formatFrenchLongDate, isoDay } from '../../lib/dates.js';
import { href } from '../../routes/route-paths.js';
import type { ImageSlotName } from '../../lib/image-layout.js';
import { pictureFor, type PictureData } from '../../lib/picture.js';
import type { NewsImage, NewsPost } from '../../types/news.js';
import { NEWS_PAGE_SIZE } from './page-size.js';

export { NEWS_PAGE_SIZE };

/** What a news card shows; also the item shape of the /actualites/page/{n}.json files. */
export interface NewsCardData {
  id: number;
  /** Root-relative article URL (data, not computed in the card, so JSON pages can carry the site prefix). */
  href: string;
  titleHtml: string;
  titleText: string;
  /** French long date, '3 novembre 2025'. */
  date: string;
  dateIso: string;
  excerpt: string;
  image: PictureData | null;
}

/** A post's featured image as a `<picture>` for one place of the layout (src/lib/image-layout.ts). */
export function pictureOf(image: NewsImage, slot: ImageSlotName): PictureData | null {
  return pictureFor(image, slot, image.alt) ?? null;
}

/**
 * One card per post, made once: a post appears on a dozen list pages and their JSON twins (news,
 * each category, each tag), and formatting its date and image each time was a tenth of the
 * build's render time at 5,000 posts. Cards are plain data that nothing mutates.
 */
const cards = new WeakMap<NewsPost, NewsCardData>();

export function toCard(post: NewsPost): NewsCardData {
  let card = cards.get(post);
  if (!card) {
    card = makeCard(post);
    cards.set(post, card);
  }
  return card;
}

function makeCard(post: NewsPost): NewsCardData {
  return {
    id: post.id,
    href: href('news-article', { id: post.id }),
    titleHtml: post.titleHtml,
    titleText: post.titleText,
    date: formatFrenchLongDate(post.date),
    dateIso: isoDay(post.date),
    excerpt: post.excerptText,
    image: post.image ? pictureOf(post.image, 'card') : null,
  };
}

/** Which news list: all posts, or the posts of one category or tag. */
export type NewsListKey = { kind: 'news' } | { kind: 'category' | 'tag'; id: number };

/** Page n of a list as HTML: page 1 is the list's own route ('/actualites/category/3/'), then '…/page/n/'. */
export function listPageHref(list: NewsListKey, page: number): string {
  if (list.kind === 'news') return page === 1 ? href('news') : href('news-page', { n: page });
  if (list.kind === 'category') return page === 1 ? href('news-category', { id: list.id }) : href('news-category-page', { id: list.id, n: page });
  return page === 1 ? href('news-tag', { id: list.id }) : href('news-tag-page', { id: list.id, n: page });
}

/** Page n of a list as JSON, for 'load more'. */
export function listJsonHref(list: NewsListKey, page: number): string {
  if (list.kind === 'news') return href('news-page-json', { n: page });
  return list.kind === 'category' ? href('news-category-page-json', { id: list.id, n: page }) : href('news-tag-page-json', { id: list.id, n: page });
}

/** Page n (1-based) of a newest-first list. */
export function pageOf<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
}

/**
 * Pages 'load more' may ask for, from 2 on. When the total is a multiple of 12 the last full page
 * sets the 'more' flag, so the next (empty) page must exist too: the state machine ends on it
 * instead of on a 404.
 */
export function jsonPageNumbers(total: number): number[] {
  const last = total > 0 && total % NEWS_PAGE_SIZE === 0 ? total / NEWS_PAGE_SIZE + 1 : pageCount(total);
  return Array.from({ length: Math.max(0, last - 1) }, (_, index) => index + 2);
}
