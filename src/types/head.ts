/** What a route's load() returns for the document head; plain text only, never HTML. */
export interface PageHead {
  title: string;
  description: string;
  /** Root-relative path of the canonical page (aliases point to their main route). */
  canonicalPath?: string;
  image?: { src: string; width?: number; height?: number; alt?: string };
  ogType?: 'website' | 'article';
  /** Extra JSON-LD objects, serialized into <script type="application/ld+json">. */
  jsonLd?: object[];
  /** Extra resources for this page only (e.g. the cashless widget script). */
  scripts?: { src: string; async?: boolean }[];
  /**
   * Third-party origins ('https://host') this page may show in a frame (the contact map, after the
   * fan's click): the hosting files' Content-Security-Policy allows them on this page only.
   */
  frameOrigins?: readonly string[];
  /** The page shows WordPress post contents: it links the block styles' sheet (src/styles/content/). */
  contentStyles?: boolean;
  publishedTime?: string;
  modifiedTime?: string;
  noindex?: boolean;
}
