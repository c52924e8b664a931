/** News as the pages see it, after normalize + sanitize (components never see raw WordPress JSON). */
export interface Term {
  id: number;
  slug: string;
  /** Plain text (WordPress sends names HTML-escaped; normalize decodes them). */
  name: string;
  /** Categories only: the parent category's id, 0 at the top level. */
  parent?: number;
}

export interface ImageSize {
  src: string;
  width: number;
  height: number;
}

export interface NewsImage extends ImageSize {
  alt: string;
  /** Every size with the original's proportions, smallest first, for srcset. */
  sizes: ImageSize[];
  /** The smallest square-ish size for sidebar thumbnails, when WordPress made one. */
  thumbnail?: ImageSize;
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
  /** Sorted by name (then id), so the order never depends on what WordPress embedded. */
  categories: Term[];
  tags: Term[];
}

/** A post as far as its own REST object tells: everything but its terms, which are resolved by id each build. */
export type NewsPostBase = Omit<NewsPost, 'categories' | 'tags'>;

export interface NewsContent {
  /** Newest first. */
  posts: NewsPost[];
  categories: Term[];
  tags: Term[];
}
