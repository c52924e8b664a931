import { isPositiveIntegerId } from '../../src/routes/paths.js';
import { sanitizeTitle, toPlainText } from '../../src/lib/sanitize.js';
import { articleContent } from '../../src/lib/wp-leftovers.js';
import type { NewsContent, NewsPost, Term } from '../../src/types/news.js';
import { normalizeImage } from './normalize-image.js';
import type { RawWordPressContent } from './raw.js';

/**
 * The one normalizer for the live pull and the snapshot: raw REST objects in, our own types out.
 * A missing or odd field degrades its post and adds a warning; a post without a usable id or date
 * is skipped (an id shapes an output path, so only positive integers pass).
 */
export function normalizeWordPress(raw: RawWordPressContent, warn: (message: string) => void): NewsContent {
  const categories = normalizeTermList(raw.categories, 'category', warn);
  const tags = normalizeTermList(raw.tags, 'tag', warn);
  const lookup = { categories: new Map(categories.map((term) => [term.id, term])), tags: new Map(tags.map((term) => [term.id, term])) };
  const posts: NewsPost[] = [];
  const seen = new Set<number>();
  raw.posts.forEach((item, index) => {
    const post = normalizePost(item, index, lookup, warn);
    if (!post) return;
    if (seen.has(post.id)) {
      warn(`post ${post.id}: skipped, the id appears twice`);
      return;
    }
    seen.add(post.id);
    posts.push(post);
  });
  posts.sort(newestFirst);
  return { posts, categories, tags };
}

/** Newest first; the id breaks ties so the order never depends on the source's order. */
export function newestFirst(a: NewsPost, b: NewsPost): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const rendered = (value: unknown): string => (isObject(value) && typeof value.rendered === 'string' ? value.rendered : '');
const WP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const dateOrUndefined = (value: unknown) => (typeof value === 'string' && WP_DATE.test(value) && !Number.isNaN(Date.parse(`${value}Z`)) ? value : undefined);
/** Title tags outside the spec's allow-list: worth a warning, the editor probably pasted markup. */
const FOREIGN_TITLE_MARKUP = /<(?!\/?(strong|image|iframe|link)\b)[a-z!/]/i;
const EXCERPT_LENGTH = 200;

interface TermLookup {
  categories: Map<number, Term>;
  tags: Map<number, Term>;
}

function normalizePost(item: unknown, index: number, lookup: TermLookup, warn: (message: string) => void): NewsPost | null {
  if (!isObject(item) || !isPositiveIntegerId(item.id)) {
    warn(`post #${index + 1} skipped: id ${JSON.stringify(isObject(item) ? item.id : typeof item)} is not a positive integer`);
    return null;
  }
  const id = item.id;
  const note = (message: string) => warn(`post ${id}: ${message}`);
  const date = dateOrUndefined(item.date) ?? dateOrUndefined(item.modified);
  if (!date) {
    note(`skipped, no usable date (${JSON.stringify(item.date)})`);
    return null;
  }
  if (date !== item.date) note('no usable date, the modification date is used');
  const embedded = isObject(item._embedded) ? item._embedded : {};

  const rawTitle = rendered(item.title);
  if (FOREIGN_TITLE_MARKUP.test(rawTitle)) note('markup removed from the title');
  const titleHtml = sanitizeTitle(rawTitle);
  let titleText = toPlainText(titleHtml);
  if (!titleText) {
    note('empty title, shown as "Sans titre"');
    titleText = 'Sans titre';
  }
  const contentHtml = articleContent(rendered(item.content), note);
  if (!contentHtml) note('empty content');

  const media = Array.isArray(embedded['wp:featuredmedia']) ? embedded['wp:featuredmedia'][0] : undefined;
  const image = media === undefined ? null : normalizeImage(media, titleText, note);
  if (media === undefined) note('no featured image');

  const author = Array.isArray(embedded.author) && isObject(embedded.author[0]) && typeof embedded.author[0].name === 'string'
    ? toPlainText(embedded.author[0].name) || null
    : null;
  if (!author) note('no author');

  const termLists = Array.isArray(embedded['wp:term']) ? embedded['wp:term'] : undefined;
  const categories = postTerms(termLists?.[0], item.categories, lookup.categories);
  const tags = postTerms(termLists?.[1], item.tags, lookup.tags);
  if (categories.length === 0) note('no category');

  return {
    id,
    date,
    dateGmt: dateOrUndefined(item.date_gmt) ?? date,
    modified: dateOrUndefined(item.modified) ?? date,
    slug: typeof item.slug === 'string' && /^[a-z0-9-]*$/.test(item.slug) ? item.slug : '',
    titleHtml: titleHtml || titleText,
    titleText,
    excerptText: excerptOf(rendered(item.excerpt), contentHtml),
    contentHtml,
    image,
    author,
    categories,
    tags,
  };
}

/** Embedded terms when present, else the post's id list resolved against the full term lists. */
function postTerms(embedded: unknown, ids: unknown, known: Map<number, Term>): Term[] {
  if (Array.isArray(embedded)) return normalizeTermList(embedded, 'term', () => {}).map((term) => known.get(term.id) ?? term);
  if (!Array.isArray(ids)) return [];
  return ids.filter(isPositiveIntegerId).flatMap((id) => known.get(id) ?? []);
}

function excerptOf(excerptHtml: string, contentHtml: string): string {
  const text = toPlainText(excerptHtml).replace(/\s*\[(…|&hellip;|\.\.\.)\]\s*$/, '…') || toPlainText(contentHtml);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH / 2)).replace(/[\s,;:.]+$/, '')}…`;
}

function normalizeTermList(items: unknown[], kind: string, warn: (message: string) => void): Term[] {
  const terms = new Map<number, Term>();
  items.forEach((item, index) => {
    if (!isObject(item) || !isPositiveIntegerId(item.id)) {
      warn(`${kind} #${index + 1} skipped: id ${JSON.stringify(isObject(item) ? item.id : typeof item)} is not a positive integer`);
      return;
    }
    const name = toPlainText(typeof item.name === 'string' ? item.name : '');
    if (!name) warn(`${kind} ${item.id}: no name, shown as "Sans nom"`);
    if (terms.has(item.id)) return;
    terms.set(item.id, {
      id: item.id,
      slug: typeof item.slug === 'string' ? item.slug : '',
      name: name || 'Sans nom',
      ...(kind === 'category' ? { parent: isPositiveIntegerId(item.parent) ? item.parent : 0 } : {}),
    });
  });
  return [...terms.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id - b.id);
}
