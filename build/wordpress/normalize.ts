import { isPositiveIntegerId } from '../../src/routes/paths.js';
import { sanitizeContent, sanitizeTitle, toPlainText } from '../../src/lib/sanitize.js';
import type { NewsContent, NewsImage, NewsPost, Term } from '../../src/types/news.js';
import type { RawWordPressContent } from './raw.js';

// The news issue owns this module: one normalizer for the live pull and the snapshot.

export function normalizeWordPress(raw: RawWordPressContent, warn: (message: string) => void): NewsContent {
  const posts: NewsPost[] = [];
  for (const item of raw.posts) {
    const post = normalizePost(item, warn);
    if (post) posts.push(post);
  }
  posts.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
  return { posts, categories: normalizeTerms(raw.categories, 'category', warn), tags: normalizeTerms(raw.tags, 'tag', warn) };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const rendered = (value: unknown): string => (isObject(value) && typeof value.rendered === 'string' ? value.rendered : '');

function normalizePost(item: unknown, warn: (message: string) => void): NewsPost | null {
  if (!isObject(item) || !isPositiveIntegerId(item.id)) {
    warn(`post skipped: id ${JSON.stringify(isObject(item) ? item.id : item)} is not a positive integer`);
    return null;
  }
  const embedded = isObject(item._embedded) ? item._embedded : {};
  const terms = Array.isArray(embedded['wp:term']) ? embedded['wp:term'] : [];
  const titleHtml = sanitizeTitle(rendered(item.title));
  return {
    id: item.id,
    date: typeof item.date === 'string' ? item.date : '1970-01-01T00:00:00',
    modified: typeof item.modified === 'string' ? item.modified : String(item.date ?? ''),
    slug: typeof item.slug === 'string' ? item.slug : '',
    titleHtml,
    titleText: toPlainText(titleHtml) || 'Sans titre',
    excerptText: toPlainText(rendered(item.excerpt)),
    contentHtml: sanitizeContent(rendered(item.content)),
    image: normalizeImage(Array.isArray(embedded['wp:featuredmedia']) ? embedded['wp:featuredmedia'][0] : undefined),
    author: Array.isArray(embedded.author) && isObject(embedded.author[0]) && typeof embedded.author[0].name === 'string' ? embedded.author[0].name : null,
    categories: normalizeTerms(Array.isArray(terms[0]) ? terms[0] : [], 'category', () => {}),
    tags: normalizeTerms(Array.isArray(terms[1]) ? terms[1] : [], 'tag', () => {}),
  };
}

function normalizeImage(media: unknown): NewsImage | null {
  if (!isObject(media) || typeof media.source_url !== 'string') return null;
  const details = isObject(media.media_details) ? media.media_details : {};
  const sizes = Object.values(isObject(details.sizes) ? details.sizes : {})
    .filter(isObject)
    .filter((size) => typeof size.source_url === 'string' && typeof size.width === 'number' && typeof size.height === 'number')
    .map((size) => ({ src: size.source_url as string, width: size.width as number, height: size.height as number }))
    .sort((a, b) => a.width - b.width);
  const largest = sizes.at(-1);
  return {
    src: media.source_url,
    width: typeof details.width === 'number' ? details.width : largest?.width ?? 1200,
    height: typeof details.height === 'number' ? details.height : largest?.height ?? 675,
    alt: typeof media.alt_text === 'string' ? media.alt_text : '',
    sizes,
  };
}

function normalizeTerms(items: unknown[], kind: string, warn: (message: string) => void): Term[] {
  const terms: Term[] = [];
  for (const item of items) {
    if (!isObject(item) || !isPositiveIntegerId(item.id)) {
      warn(`${kind} skipped: id is not a positive integer`);
      continue;
    }
    terms.push({ id: item.id, slug: typeof item.slug === 'string' ? item.slug : '', name: toPlainText(typeof item.name === 'string' ? item.name : '') });
  }
  return terms;
}
