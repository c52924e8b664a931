import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Island } from '../../src/components/Island.js';
import { EmbedFrame } from '../../src/islands/embed/EmbedFrame.js';
import type { EmbedProps } from '../../src/lib/embed-providers.js';
import { isPositiveIntegerId } from '../../src/routes/paths.js';
import { sanitizeTitle, toPlainText } from '../../src/lib/sanitize.js';
import { articleContent } from '../../src/lib/wp-leftovers.js';
import { replaceEmbeds } from '../../src/lib/embeds.js';
import { frenchHtml, frenchText } from '../../src/lib/typography.js';
import { excerptText, lettersOf } from '../../src/lib/excerpt-text.js';
import type { NewsPost, NewsPostBase, Term } from '../../src/types/news.js';
import { isObject, rendered } from '../json-values.js';
import { collectPostImages, mediaRequestsOf } from '../media/collect-images.js';
import type { MediaRequest } from '../media/prepare.js';
import { postWarning, warning, type BuildWarning } from '../warnings.js';

/**
 * The one normalizer for the live pull and the snapshot: raw REST objects in, our own types out.
 * A missing or odd field degrades its post and adds a warning; a post without a usable id or date
 * is skipped (an id shapes an output path, so only positive integers pass). Two steps, so that a
 * cron build sanitizes only the posts that changed: a post's REST object gives a NormalizedPost
 * (cached), then its term ids are resolved against this build's lists (a renamed term reaches all).
 */
export interface NormalizedPost {
  post: NewsPostBase;
  categoryIds: number[];
  tagIds: number[];
  /** The images its pages show: until build/normalize-media.ts attaches them, the post has no image and its body names WordPress's files. */
  media: {
    /** The featured image's file, alt text and caption (a photo credit; plain text, '' when none). */
    featured?: { source: string; alt: string; caption: string };
    requests: MediaRequest[];
    /** URLs the REST API returned as media: they may be fetched outside the uploads folder. */
    vouched: string[];
    /** Public /media/ paths of the files its pages show, once attached. */
    files: string[];
    /** The origin of the posts' `link`: links to it are links to WordPress, whatever address the build reads the API at. */
    siteOrigin?: string;
  };
  /** This post's own warnings, given again on every build that uses the cached result. */
  warnings: BuildWarning[];
}

export type PostResult = { normalized: NormalizedPost } | { skipped: BuildWarning };

/** Terms resolved against this build's lists (set on the posts themselves), newest first; each post's own warnings are given again. */
export function resolvePosts(
  entries: readonly (Pick<NormalizedPost, 'post' | 'categoryIds' | 'tagIds' | 'warnings'> & { revision?: string })[],
  terms: { categories: Term[]; tags: Term[] },
  warn: (warning: BuildWarning) => void,
): NewsPost[] {
  const byId = { categories: rankedById(terms.categories), tags: rankedById(terms.tags) };
  // Each combination of terms is resolved once (its posts share the list), found through a tree of ids, not a string key per post.
  const resolved: Record<'categories' | 'tags', TermsNode> = { categories: {}, tags: {} };
  const resolve = (ids: readonly number[], kind: 'categories' | 'tags') => {
    let node = resolved[kind];
    for (const id of ids) {
      const next = (node.next ??= new Map()).get(id);
      node = next ?? (node.next.set(id, {}).get(id) as TermsNode);
    }
    return (node.terms ??= resolveTerms(ids, byId[kind]));
  };
  const posts = entries.map(({ post, categoryIds, tagIds, warnings, revision }): NewsPost => {
    for (const warning of warnings) warn(warning);
    const categories = resolve(categoryIds, 'categories');
    if (categories.length === 0) warn(postWarning(post.id, 'no-category', 'no category'));
    // The post itself becomes the site's: a copy of 5,000 posts on every cron run would cost more
    // than all else normalize does then, and a body read lazily from the build cache stays so.
    const site = post as NewsPost;
    site.categories = categories;
    site.tags = resolve(tagIds, 'tags');
    if (revision) site.revision = revision;
    return site;
  });
  return posts.sort(newestFirst);
}

interface TermsNode {
  terms?: Term[];
  next?: Map<number, TermsNode>;
}

/** Each term with its place in the list sorted by name: posts' terms are put in that order by a number, not by collation each time. */
function rankedById(terms: readonly Term[]): Map<number, { term: Term; rank: number }> {
  return new Map([...terms].sort(byName).map((term, rank) => [term.id, { term, rank }]));
}

/** A term deleted in WordPress is dropped from its posts, whatever their cached REST object said. */
function resolveTerms(ids: readonly number[], known: Map<number, { term: Term; rank: number }>): Term[] {
  // A loop, not Set, flatMap and sort: a cron run resolves thousands of combinations, most of one or two ids.
  const found: { term: Term; rank: number }[] = [];
  for (const id of ids) {
    const entry = known.get(id);
    if (entry && !found.includes(entry)) found.push(entry);
  }
  if (found.length > 1) found.sort((a, b) => a.rank - b.rank);
  return found.map((entry) => entry.term);
}

/** Newest first; the id breaks ties so the order never depends on the source's order. */
export function newestFirst(a: NewsPost, b: NewsPost): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id;
}

function byName(a: Term, b: Term): number {
  return a.name.localeCompare(b.name, 'fr') || a.id - b.id;
}

const WP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const dateOrUndefined = (value: unknown) => (typeof value === 'string' && WP_DATE.test(value) && !Number.isNaN(Date.parse(`${value}Z`)) ? value : undefined);
/** Title tags outside the spec's allow-list: worth a warning, the editor probably pasted markup. */
const FOREIGN_TITLE_MARKUP = /<(?!\/?(strong|image|iframe|link)\b)[a-z!/]/i;
/** sanitize-html writes an allowed iframe as one element with a closing tag and no nested markup. */
const TITLE_FRAME = /<iframe\b[^>]*>[^<]*<\/iframe>/gi;
const EXCERPT_LENGTH = 200;
/** Letters that tell an excerpt WordPress made from the content (its start) from one an editor wrote. */
const SAME_START = 60;

/** The warning for the `index`th REST object of a list, whose id is not a positive integer. */
function badId(kind: 'post' | 'category' | 'tag', item: unknown, index: number): BuildWarning {
  return warning(`${kind}-skipped`, `${kind} #${index + 1} skipped: id ${JSON.stringify(isObject(item) ? item.id : typeof item)} is not a positive integer`);
}

/**
 * The `embed` island's server markup for a placeholder in a content (src/lib/embeds.ts): the
 * component the browser hydrates, its props escaped by React. A span: it may sit in a paragraph.
 */
export function renderEmbedPlaceholder(props: EmbedProps): string {
  return renderToStaticMarkup(createElement(Island<EmbedProps>, { name: 'embed', component: EmbedFrame, props, as: 'span' }));
}

/** One post from its REST object alone; `index` names a post whose id cannot be read. */
export function normalizePost(item: unknown, index: number): PostResult {
  if (!isObject(item) || !isPositiveIntegerId(item.id)) return { skipped: badId('post', item, index) };
  const id = item.id;
  const warnings: BuildWarning[] = [];
  const note = (kind: BuildWarning['kind'], message: string) => warnings.push(postWarning(id, kind, message));
  const date = dateOrUndefined(item.date) ?? dateOrUndefined(item.modified);
  if (!date) return { skipped: postWarning(id, 'post-skipped', `skipped, no usable date (${JSON.stringify(item.date)})`) };
  if (date !== item.date) note('post-date-replaced', 'no usable date, the modification date is used');
  const embedded = isObject(item._embedded) ? item._embedded : {};

  const rawTitle = rendered(item.title);
  if (FOREIGN_TITLE_MARKUP.test(rawTitle)) note('title-markup-removed', 'markup removed from the title');
  // The spec's allow-list keeps iframes in titles, but a title shows on cards and lists where no
  // click-to-load placeholder fits (issue 16: no third-party request before the fan asks): dropped.
  const allowedTitle = sanitizeTitle(rawTitle);
  const withoutFrames = allowedTitle.replace(TITLE_FRAME, ' ');
  const titleHtml = withoutFrames === allowedTitle ? allowedTitle : withoutFrames.replace(/\s{2,}/g, ' ').trim();
  if (titleHtml !== allowedTitle) note('title-frame-removed', 'frame removed from the title (frames load only on a click, in contents)');
  // French non-breaking spaces, once per post here (cached with it), never on whole pages.
  const plainTitle = frenchText(toPlainText(titleHtml));
  if (!plainTitle) note('empty-title', 'empty title, shown as "Sans titre"');
  const titleText = plainTitle || 'Sans titre';
  // Its only notes are the shortcodes it removed. Videos, social posts and maps then wait for the
  // fan's click (issue 16): placeholders made here, on sanitized HTML.
  const contentHtml = frenchHtml(
    replaceEmbeds(
      articleContent(rendered(item.content), (message) => note('shortcode-removed', message)),
      renderEmbedPlaceholder,
      (message) => note('embed-removed', message),
    ),
  );
  if (!contentHtml) note('empty-content', 'empty content');

  const featuredMedia = Array.isArray(embedded['wp:featuredmedia']) ? embedded['wp:featuredmedia'][0] : undefined;
  if (featuredMedia === undefined) note('no-featured-image', 'no featured image');
  else if (!isObject(featuredMedia) || typeof featuredMedia.code === 'string') note('featured-image-unavailable', 'featured image unavailable');
  const images = collectPostImages(item);
  const alt = (isObject(featuredMedia) && typeof featuredMedia.alt_text === 'string' ? toPlainText(featuredMedia.alt_text) : '') || `Illustration : ${titleText}`;
  // The attachment's caption is often the photo credit ('Photo : SQBB / J. Lefèvre'): editors' HTML,
  // untrusted like the rest, kept as text (its <p> and any link dropped).
  const caption = isObject(featuredMedia) ? frenchText(toPlainText(rendered(featuredMedia.caption))) : '';

  const termLists = Array.isArray(embedded['wp:term']) ? embedded['wp:term'] : undefined;
  const modified = dateOrUndefined(item.modified) ?? date;
  return {
    normalized: {
      post: {
        id,
        date,
        dateGmt: dateOrUndefined(item.date_gmt) ?? date,
        modified,
        slug: typeof item.slug === 'string' && /^[a-z0-9-]*$/.test(item.slug) ? item.slug : '',
        titleHtml: titleHtml ? frenchHtml(titleHtml) : titleText,
        titleText,
        excerptText: frenchText(excerptOf(rendered(item.excerpt), rendered(item.content), contentHtml)),
        contentHtml,
        image: null,
        // 'Mis en avant': only `true` counts (the field is absent from a post read with _fields).
        ...(item.sticky === true ? { sticky: true } : {}),
      },
      categoryIds: termIds(termLists?.[0], item.categories),
      tagIds: termIds(termLists?.[1], item.tags),
      media: {
        ...(images.featured ? { featured: { source: images.featured.source, alt, caption } } : {}),
        requests: mediaRequestsOf(id, images),
        vouched: images.vouched,
        files: [],
        ...siteOriginOf(item.link),
      },
      warnings,
    },
  };
}

/** `{ siteOrigin }` from a post's `link` when it is an http(s) address. */
function siteOriginOf(link: unknown): { siteOrigin?: string } {
  const url = typeof link === 'string' ? URL.parse(link) : null;
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? { siteOrigin: url.origin } : {};
}

/** The ids of the embedded terms when present, else the post's own id list. */
function termIds(embedded: unknown, ids: unknown): number[] {
  const list = Array.isArray(embedded) ? embedded.map((term) => (isObject(term) ? term.id : undefined)) : Array.isArray(ids) ? ids : [];
  return list.filter(isPositiveIntegerId);
}

/**
 * The card's summary. WordPress writes an excerpt the editor left empty from the content with its
 * tags stripped, so the cells of a table or two blocks run together ('RangÉquipeJoués'): such an
 * excerpt (its words are the start of the content's) is made again from the content, block by
 * block and without tables (src/lib/excerpt-text.ts). An excerpt the editor wrote is kept.
 */
function excerptOf(excerptHtml: string, rawContentHtml: string, contentHtml: string): string {
  const given = excerptText(excerptHtml).replace(/\s*\[(…|&hellip;|\.\.\.)\]\s*$/, '…');
  // WordPress made it when it begins with the content's words: its first letters tell, read from
  // the content's start until that holds as many (then the first of the collapsed text's too).
  const givenLetters = lettersOf(given.slice(0, 2 * SAME_START)).slice(0, SAME_START);
  const enough = (text: string) => text.length >= 16 * SAME_START || lettersOf(text.slice(0, 8 * SAME_START)).length >= givenLetters.length;
  const written = givenLetters !== '' && !lettersOf(toPlainText(rawContentHtml, enough).slice(0, 8 * SAME_START)).startsWith(givenLetters);
  // Twice the excerpt's length of text: white space collapsed, it still holds the excerpt whole.
  const text = written ? given : excerptText(contentHtml, 2 * EXCERPT_LENGTH + 100) || given;
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH / 2)).replace(/[\s,;:.]+$/, '')}…`;
}

export function normalizeTermList(items: unknown[], kind: 'category' | 'tag', warn: (warning: BuildWarning) => void): Term[] {
  const terms = new Map<number, Term>();
  items.forEach((item, index) => {
    if (!isObject(item) || !isPositiveIntegerId(item.id)) return warn(badId(kind, item, index));
    const name = frenchText(toPlainText(typeof item.name === 'string' ? item.name : ''));
    if (!name) warn(warning(`${kind}-without-name`, `${kind} ${item.id}: no name, shown as "Sans nom"`, item.id));
    if (terms.has(item.id)) return;
    if (kind === 'category' && isWordPressDefaultCategory(item.slug, name)) return;
    terms.set(item.id, {
      id: item.id,
      slug: typeof item.slug === 'string' ? item.slug : '',
      name: name || 'Sans nom',
      ...(kind === 'category' ? { parent: isPositiveIntegerId(item.parent) ? item.parent : 0 } : {}),
    });
  });
  return [...terms.values()].sort(byName);
}

/**
 * WordPress's default category ('Non classé', 'Uncategorized') as WordPress made it: every post
 * saved without a category lands in it, so it tells a fan nothing and no page shows it (a post only
 * in it shows 'Pas de catégories'). Renamed, the club uses it as a real category: shown like any other.
 */
function isWordPressDefaultCategory(slug: unknown, name: string): boolean {
  return (slug === 'non-classe' && name === 'Non classé') || (slug === 'uncategorized' && name === 'Uncategorized');
}
