import type { ArticlePageProps } from '../../src/pages/news/ArticlePage.js';
import { escapeHtml } from '../../src/lib/html.js';
import { encodeRecord, indexRecordOf } from './doc-terms.js';
import { extractRecord, imageOf, readText, smallestCandidate, squash, type SearchRecord } from './extract.js';
import { searchedRoute } from './searchable.js';

/**
 * A rendered page's search record, made where the page is rendered (any render thread): '' when
 * the page must not be found (noindex), undefined when its route is not searched at all. An
 * article's is made from its post (the props it was rendered from): only its body is read, not
 * the page around it; the few other pages (players, the club's) are read from their HTML.
 */
export function searchRecordOf(routeId: string, file: string, html: string, props: unknown, basePath: string): string | undefined {
  const route = searchedRoute(routeId);
  if (!route) return undefined;
  const url = file.replace(/index\.html$/, '');
  const article = route.article && !(props as ArticlePageProps).unpublished ? articleRecord(props as ArticlePageProps, url, basePath) : undefined;
  const extracted = article ?? extractRecord(html, url, route.section);
  return extracted ? encodeRecord(indexRecordOf(extracted)) : '';
}

/**
 * The record extractRecord reads from an article's page, from what the page shows: its h1 (the
 * title), the day of its `<time>`, its categories (its NewsArticle data), its featured picture,
 * then the caption under it and its body (the banner, author box and sidebar are not searched).
 */
export function articleRecord(props: ArticlePageProps, url: string, basePath: string): SearchRecord {
  const body = readText(`${props.imageCaption ? `<figcaption>${escapeHtml(props.imageCaption)}</figcaption>` : ''}${props.contentHtml}`);
  const { image: picture } = props;
  const webp = picture?.sources.find((source) => source.type === 'image/webp');
  const image = (picture && imageOf(smallestCandidate(webp?.srcSet)?.src ?? picture.src, picture.width, picture.height)) ?? body.image;
  return {
    url,
    title: squash(props.titleText),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(props.dateIso) ? { date: props.dateIso } : {}),
    categories: props.categories.map((term) => term.name),
    // The page's paths carry SITE_URL's prefix (render/site-prefix.ts), and so did the record read from it.
    ...(image ? { image: { ...image, src: image.src.startsWith('//') ? image.src : `${basePath}${image.src}` } } : {}),
    headings: body.headings,
    text: body.text,
  };
}
