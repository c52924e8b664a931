import { Parser } from 'htmlparser2';
import { parseSrcset } from '../media/collect-images.js';
import type { SearchDoc } from '../../src/islands/search/index-format.js';

/** What the index keeps of one page (doc-terms.ts makes it an IndexRecord). */
export interface SearchRecord {
  /** Root-relative URL with its trailing slash, without SITE_URL's path prefix. */
  url: string;
  title: string;
  date?: string;
  categories: string[];
  image?: SearchDoc['image'];
  /** Section headings, FAQ questions: weighted above the text. */
  headings: string;
  text: string;
}

/** Elements whose text is not the page's: the article's sidebar and author box, menus, frames, controls. */
const SKIPPED = new Set(['aside', 'nav', 'script', 'style', 'noscript', 'template', 'svg', 'iframe', 'button', 'select', 'form']);
const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'summary', 'dt']);
/**
 * Classes of text that is not the page's own, the same words on many pages: text for screen readers
 * only ("(nouvel onglet)"), the embeds' provider notice, links drawn as buttons ("Retour", a
 * player's tabs: they say where to go, not what the page says).
 */
const SKIPPED_CLASS = /^(?:visually-hidden|embed-provider|embed-button|btn|player-back|player-tab)$/;
/** A placeholder for missing data ("Aucune information…"), and the heading right above it ("Palmarès"), say nothing of the page. */
const PLACEHOLDER_CLASS = /^[\w-]+-(?:fallback|empty)$/;
/**
 * Elements whose text joins the next word ("1<sup>er</sup>"). Any other element boundary after a
 * word is a word boundary: "U18.<small>28 juillet</small>", a team and its score in two cells.
 */
const JOINING = new Set(['sup', 'sub', 'wbr']);
/** Elements that end a run of text: their words never run into the next ones. */
const BLOCKS = new Set(['p', 'div', 'li', 'td', 'th', 'dd', 'dt', 'section', 'article', 'figcaption', 'blockquote', 'br', 'h1', ...HEADINGS]);

/**
 * A page's search record from its `<main>` (its h1, not the banner around it), undefined for a page
 * marked noindex. A post's date and categories come from its NewsArticle data. An article a build
 * renders takes its record from its post instead (page-record.ts).
 */
export function extractRecord(html: string, url: string, section?: string): SearchRecord | undefined {
  const headEnd = html.indexOf('</head>');
  const head = headEnd === -1 ? '' : html.slice(0, headEnd);
  if (/<meta name="robots" content="[^"]*noindex/.test(head)) return undefined;
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  if (start === -1 || end === -1) return undefined;
  const article = newsArticleOf(head);
  const { title, firstHeading, date, image, headings, text } = readText(html.slice(start, end + '</main>'.length));
  return {
    url,
    title: title || firstHeading,
    ...(article && date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { date } : article?.date ? { date: article.date } : {}),
    categories: article ? article.categories : section ? [section] : [],
    ...(image ? { image } : {}),
    headings,
    text,
  };
}

/** The page's own text in `html` (a `<main>` or a post's body): first h1, `<time>` and picture, headings and text. */
export function readText(html: string) {
  let title = '';
  const headings: string[] = [];
  const text: string[] = [];
  let image: SearchRecord['image'];
  let smallest: string | undefined;
  // Element stack: whether each open element is skipped, and what its text goes to.
  const stack: { name: string; skip: boolean; into: 'title' | 'heading' | 'text' | 'none' }[] = [];
  const top = () => stack[stack.length - 1];
  let heading = '';
  // The day the page shows (Paris time), not the UTC day of its structured data.
  let date: string | undefined;
  // An element opened or closed since the last text: a word boundary (JOINING aside).
  let boundary = false;
  // The last thing read was a heading: a placeholder right after it takes it away.
  let headingLast = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = top();
        const banner = /\bpage-banner\b/.test(attributes.class ?? '');
        const placeholder = hasClass(attributes.class, PLACEHOLDER_CLASS);
        if (placeholder && !(parent?.skip ?? false) && headingLast) headings.pop();
        const skip = (parent?.skip ?? false) || SKIPPED.has(name) || attributes['aria-hidden'] === 'true' || placeholder || hasClass(attributes.class, SKIPPED_CLASS);
        if (!JOINING.has(name)) boundary = true;
        let into: 'title' | 'heading' | 'text' | 'none' = parent?.into ?? 'text';
        if (name === 'h1' && !title) into = 'title';
        else if (banner) into = 'none';
        else if (HEADINGS.has(name) && into === 'text') into = 'heading';
        stack.push({ name, skip, into });
        if (skip) return;
        if (name === 'time' && !date) date = attributes.dateTime ?? attributes.datetime;
        if (name === 'source' && !smallest && attributes.type === 'image/webp') smallest = smallestCandidate(attributes.srcSet ?? attributes.srcset);
        if (name === 'img' && !image && into !== 'none') image = imageOf(smallest ?? attributes.src, Number(attributes.width), Number(attributes.height));
        // A linked logo (the partners') says its name only in its alt text.
        if (name === 'img' && attributes.alt && into === 'text' && stack.some((open) => open.name === 'a')) text.push(` ${attributes.alt} `);
        if (BLOCKS.has(name)) text.push(' ');
      },
      ontext(data) {
        const current = top();
        if (!current || current.skip) return;
        const glued = boundary && GLUED_START.test(data);
        boundary = false;
        if (current.into === 'title') title += glued && GLUED_END.test(title) ? ` ${data}` : data;
        else if (current.into === 'heading') heading += glued && GLUED_END.test(heading) ? ` ${data}` : data;
        else if (current.into === 'text') text.push(glued && GLUED_END.test(text[text.length - 1] ?? '') ? ` ${data}` : data);
        if (current.into !== 'none' && /\S/.test(data)) headingLast = false;
      },
      onclosetag(name) {
        const closed = stack.pop();
        if (!JOINING.has(name)) boundary = true;
        if (!closed || closed.skip) return;
        if (closed.into === 'heading' && top()?.into !== 'heading') {
          headings.push(heading);
          heading = '';
          headingLast = true;
        }
        if (BLOCKS.has(name)) text.push(' ');
        if (name === 'picture') smallest = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  return {
    title: squash(title),
    firstHeading: squash(headings[0] ?? ''),
    ...(date === undefined ? {} : { date }),
    ...(image ? { image } : {}),
    headings: squash(headings.join(' · ')),
    text: squash(text.join('')),
  };
}

/** A thumbnail: one of the site's own files (a root path) drawn at a known size. */
export function imageOf(src: string | undefined, width: number, height: number): SearchRecord['image'] {
  return src && src.startsWith('/') && width > 0 && height > 0 ? { src, width, height } : undefined;
}

/** Text that would run into the next word: it ends with a letter, a digit or a sentence's last mark. */
const GLUED_END = /[\p{L}\p{N}.,;:!?)»]$/u;
const GLUED_START = /^[\p{L}\p{N}]/u;

function hasClass(names: string | undefined, pattern: RegExp): boolean {
  return names !== undefined && names.split(/\s+/).some((name) => pattern.test(name));
}

/** Each run of white space as one space: a lone space, between most words, is left as it is. */
export function squash(text: string): string {
  return text.replace(/\s\s+|[^\S ]/g, ' ').trim();
}

/** 'a-400.webp 400w, a-600.webp 600w' → 'a-400.webp'. */
export function smallestCandidate(srcset: string | undefined): string | undefined {
  const sized = parseSrcset(srcset ?? '').filter((candidate) => candidate.width);
  return sized.sort((a, b) => (a.width ?? 0) - (b.width ?? 0))[0]?.url;
}

/** A post page's date and categories, from its NewsArticle JSON-LD (the page's own structured data). */
function newsArticleOf(head: string): { date?: string; categories: string[] } | undefined {
  for (const match of head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) {
    // The site's other structured data (its organisation, breadcrumbs) is not parsed: JSON.stringify wrote it, every letter as it is.
    if (!match[1]?.includes('"NewsArticle"')) continue;
    let data: unknown;
    try {
      data = JSON.parse(match[1] ?? '');
    } catch {
      continue;
    }
    if (!data || typeof data !== 'object' || (data as { '@type'?: unknown })['@type'] !== 'NewsArticle') continue;
    const { datePublished, articleSection } = data as { datePublished?: unknown; articleSection?: unknown };
    const date = typeof datePublished === 'string' && /^\d{4}-\d{2}-\d{2}/.test(datePublished) ? datePublished.slice(0, 10) : undefined;
    const categories = Array.isArray(articleSection) ? articleSection.filter((name): name is string => typeof name === 'string') : [];
    return { ...(date ? { date } : {}), categories };
  }
  return undefined;
}
