import { countOf } from '../format-count.js';
import { createLimiter, DEFAULT_HTTP, getWithRetry, WordPressError, type HttpOptions } from './http.js';

/** WordPress REST objects exactly as received: untrusted until normalize has read them. */
export interface RawWordPressContent {
  posts: unknown[];
  categories: unknown[];
  tags: unknown[];
}

export interface PullOptions {
  http?: Partial<HttpOptions>;
  /** Requests in flight across all resources; the club's WordPress is small. */
  concurrency?: number;
  onProgress?: (line: string) => void;
  /** A full pull: how many posts WordPress announces, as soon as its first page says so. */
  onPostCount?: (posts: number) => void;
}

/** One pull's REST base (e.g. https://host/wp-json/wp/v2), its requests' options and their limit in flight. */
export interface Pull {
  apiUrl: string;
  http: HttpOptions;
  limit: ReturnType<typeof createLimiter>;
}

/** WordPress caps per_page at 100. */
export const PER_PAGE = 100;
/** A misconfigured server announcing absurd page counts must not keep a build busy for hours. */
const MAX_PAGES = 500;

/** What a post's answer embeds: its featured image and its terms, all the build reads (not its author: WordPress spares a lookup per post). */
export const EMBED = 'wp:featuredmedia,wp:term';
/** A full pull's query of the posts (categories and tags have none). */
const ALL_POSTS = { _embed: EMBED, orderby: 'date', order: 'desc' } as const;

/** `npm run snapshot`'s pull: every post, category and tag, one progress line per resource. */
export async function pullWordPress(apiUrl: string, options: PullOptions = {}): Promise<RawWordPressContent> {
  return runPull(apiUrl, options, {}, (pull) => pullAll(pull, options));
}

/**
 * Runs `work` with a pull's requests, all or nothing: the first failure stops the others (no request
 * starts after it, those in flight are cancelled: a lying X-WP-TotalPages would send hundreds more).
 */
export async function runPull<T>(apiUrl: string, options: PullOptions, extra: Partial<HttpOptions>, work: (pull: Pull) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  // Every answer of the pull counts toward one cap (MAX_PULL_BYTES), as its bodies stream in. A
  // request queued behind the limit finds the signal aborted before it is sent (getWithRetry).
  const http: HttpOptions = { ...DEFAULT_HTTP, ...options.http, ...extra, signal: stop.signal, held: { bytes: 0 } };
  try {
    return await work({ apiUrl, http, limit: createLimiter(options.concurrency ?? 3) });
  } catch (error) {
    stop.abort(error);
    throw error;
  }
}

/** The live pull (DESIGN section 3): every post (its featured image and terms embedded), category and tag, 100 per page until X-WP-TotalPages. */
export async function pullAll(pull: Pull, { onProgress, onPostCount }: Pick<PullOptions, 'onProgress' | 'onPostCount'>): Promise<RawWordPressContent> {
  const list = async (resource: 'posts' | 'categories' | 'tags') => {
    const started = performance.now();
    const first = resource === 'posts' ? await firstPage(pull, resource, ALL_POSTS) : undefined;
    if (first) onPostCount?.(first.total ?? first.items.length);
    const { items, pages } = await fetchList(pull, resource, resource === 'posts' ? ALL_POSTS : {}, first);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    onProgress?.(`wordpress  ${resource}: ${items.length} in ${countOf(pages, 'page')} (${seconds} s)`);
    return items;
  };
  const [posts, categories, tags] = await Promise.all([list('posts'), list('categories'), list('tags')]);
  return { posts, categories, tags };
}

function resourceUrl(apiUrl: string, resource: string, page: number, extra: Readonly<Record<string, string>>): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${resource}`);
  url.searchParams.set('per_page', String(PER_PAGE));
  url.searchParams.set('page', String(page));
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.href;
}

/** A page of a collection query, with X-WP-TotalPages and X-WP-Total when readable. */
interface ListPage {
  items: unknown[];
  totalPages?: number;
  total?: number;
}

/** Page 1 of a query, within the pull's limit. */
export function firstPage({ apiUrl, http, limit }: Pull, resource: string, params: Readonly<Record<string, string>>): Promise<ListPage> {
  return limit(() => fetchListPage(resourceUrl(apiUrl, resource, 1, params), http));
}

/**
 * Every page of a collection query (`first`: page 1 when the caller has it), each with new items as
 * X-WP-TotalPages announced: a page empty before that end, or holding only another page's items (a
 * cache that ignores `page`), fails the list like any page's error, and no further page is asked.
 */
export async function fetchList(
  { apiUrl, http, limit }: Pull,
  resource: string,
  params: Readonly<Record<string, string>>,
  first?: ListPage,
): Promise<{ items: unknown[]; pages: number }> {
  let failure: unknown;
  const pageOf = new Map<unknown, number>();
  const fetchPage = (page: number, totalPages: number) =>
    limit(async () => {
      if (failure !== undefined) throw failure;
      try {
        const url = resourceUrl(apiUrl, resource, page, params);
        const result = await fetchListPage(url, http).catch((error: unknown) => {
          throw page > 1 && error instanceof WordPressError ? new WordPressError(`${resource}: page ${page} of the ${totalPages} X-WP-TotalPages announced: ${error.message}`) : error;
        });
        checkPage(resource, url, page, totalPages, result, pageOf);
        return result;
      } catch (error) {
        failure ??= error;
        throw error;
      }
    });
  const head = first ?? (await fetchPage(1, 1));
  const totalPages = head.totalPages ?? 1;
  if (totalPages > MAX_PAGES) throw new WordPressError(`${resource}: X-WP-TotalPages says ${totalPages}, more than the ${MAX_PAGES} we accept`);
  if (first) checkPage(resource, resourceUrl(apiUrl, resource, 1, params), 1, totalPages, head, pageOf);
  const rest = await Promise.all(Array.from({ length: Math.max(0, totalPages - 1) }, (_, index) => fetchPage(index + 2, totalPages)));
  return { items: [head, ...rest].flatMap((page) => page.items), pages: Math.max(1, totalPages) };
}

/** Fails a page that cannot be the one asked for (see fetchList); records its items' ids. */
function checkPage(resource: string, url: string, page: number, totalPages: number, result: ListPage, pageOf: Map<unknown, number>): void {
  if (page > 1 && result.items.length === 0) {
    throw new WordPressError(`${resource}: page ${page} is empty, though X-WP-TotalPages announced ${totalPages} (${url})`);
  }
  const ids = result.items.map((item) => fieldOf(item, 'id')).filter((id) => id !== undefined);
  const earlier = ids.map((id) => pageOf.get(id));
  if (page > 1 && ids.length > 0 && earlier.every((seen) => seen !== undefined)) {
    const pages = [...new Set(earlier)].sort((a, b) => (a as number) - (b as number));
    throw new WordPressError(`${resource}: page ${page} repeats the items of page ${pages.join(', ')}: WordPress, or a cache in front of it, ignores the page asked for (${url})`);
  }
  for (const id of ids) if (!pageOf.has(id)) pageOf.set(id, page);
}

/** A field of a REST item, whatever WordPress sent as the item. */
export function fieldOf(item: unknown, name: string): unknown {
  return typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[name] : undefined;
}

async function fetchListPage(url: string, http: HttpOptions): Promise<ListPage> {
  const { headers, body } = await getWithRetry(url, http);
  const parsed = parseJson(url, headers.get('content-type'), body);
  if (!Array.isArray(parsed)) throw new WordPressError(`${url} answered JSON that is not a list (${parsed === null ? 'null' : typeof parsed})`);
  return { items: parsed, totalPages: countHeader(headers.get('x-wp-totalpages')), total: countHeader(headers.get('x-wp-total')) };
}

/** A WordPress answer's JSON, or an error saying what came instead: an HTML page (a wrong REST base, a login page), broken JSON. */
function parseJson(url: string, contentType: string | null, body: Uint8Array): unknown {
  const text = new TextDecoder().decode(body);
  try {
    return JSON.parse(text);
  } catch (error) {
    const type = contentType?.split(';')[0]?.trim() || 'no content type';
    if (!/json/i.test(type) && /^\s*</.test(text)) throw new WordPressError(`${url} answered an HTML page (${type}), not JSON: is it the REST base, …/wp-json/wp/v2?`);
    const reason = (error instanceof Error ? error.message : String(error)).replace(/[\s\p{Cc}]+/gu, ' ').slice(0, 160);
    throw new WordPressError(`${url} answered ${body.byteLength} bytes of ${type} that are not valid JSON (${reason})`);
  }
}

function countHeader(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}
