import type { PreparedImage } from '../lib/picture.js';

/** News as the pages see it, after normalize + sanitize (components never see raw WordPress JSON). */
export interface Term {
  id: number;
  slug: string;
  /** Plain text (WordPress sends names HTML-escaped; normalize decodes them). */
  name: string;
  /** Categories only: the parent category's id, 0 at the top level. */
  parent?: number;
}

/** A featured image as the site serves it (converted files under /media/, see build/media), with its alt text. */
export interface NewsImage extends PreparedImage {
  alt: string;
  /** The attachment's caption as plain text (often the photo credit), shown under the article's image; absent when WordPress holds none. */
  caption?: string;
}

export interface NewsPost {
  id: number;
  /** ISO date-time as WordPress gives it (site time, no zone). */
  date: string;
  /** The same instant in UTC (date_gmt; equal to date when WordPress sent none), for feeds and JSON-LD. */
  dateGmt?: string;
  modified: string;
  slug: string;
  /** Sanitized with the spec's title allow-list; render with dangerouslySetInnerHTML. */
  titleHtml: string;
  /** Plain text for <title>, meta tags, alt texts. */
  titleText: string;
  /** Plain-text summary (the WordPress excerpt, else the start of the content) for cards and meta tags. */
  excerptText: string;
  /** Sanitized article body. */
  contentHtml: string;
  image: NewsImage | null;
  /** 'Mis en avant' in WordPress (REST `sticky`): leads the home and the news list. Absent: not sticky. */
  sticky?: boolean;
  /** Sorted by name (then id), so the order never depends on what WordPress embedded. */
  categories: Term[];
  tags: Term[];
  /**
   * Fingerprint of everything the post is made from but its terms (its REST object as normalized,
   * its images): equal revisions, equal post. Incremental builds key the post's pages by it; absent
   * (tests), they key them by the post itself.
   */
  revision?: string;
}

/** A post as far as its own REST object tells: everything but its terms, which are resolved by id each build. */
export type NewsPostBase = Omit<NewsPost, 'categories' | 'tags' | 'revision'>;

export interface NewsContent {
  /** Newest first. */
  posts: NewsPost[];
  categories: Term[];
  tags: Term[];
}
