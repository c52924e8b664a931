import { createLimiter, DEFAULT_HTTP, getWithRetry, WordPressError, type HttpOptions } from './http.js';
import type { RawWordPressContent } from './raw.js';

export interface PullOptions {
  http?: Partial<HttpOptions>;
  /** Requests in flight across all resources; the club's WordPress is small. */
  concurrency?: number;
  /** One line per resource once it is complete. */
  onProgress?: (line: string) => void;
  /** A full pull: how many posts WordPress announces, as soon as its first page says so. */
  onPostCount?: (posts: number) => void;
}

/** WordPress caps per_page at 100. */
export const PER_PAGE = 100;
/** A misconfigured server announcing absurd page counts must not keep a build busy for hours. */
const MAX_PAGES = 500;

/** Query parameters of a full pull, per resource. */
export const FULL_PULL = {
  posts: { _embed: '1', orderby: 'date', order: 'desc' },
  categories: {},
  tags: {},
} as const;

export type Limiter = ReturnType<typeof createLimiter>;

/**
 * The live pull (DESIGN section 3): every post (embedded media, author, terms), category and tag,
 * 100 per page until X-WP-TotalPages. `apiUrl` is the REST base, e.g. https://host/wp-json/wp/v2.
 */
export async function pullWordPress(apiUrl: string, options: PullOptions = {}): Promise<RawWordPressContent> {
  const session = startSession(options);
  const { http, limit } = session;
  const report = options.onProgress ?? (() => {});
  const pull = async (resource: keyof typeof FULL_PULL) => {
    const started = performance.now();
    const { items, pages } = await fetchList(apiUrl, resource, FULL_PULL[resource], http, limit);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    report(`wordpress  ${resource}: ${items.length} in ${pages} page${pages === 1 ? '' : 's'} (${seconds} s)`);
    return items;
  };
  const [posts, categories, tags] = await session.run(() => Promise.all([pull('posts'), pull('categories'), pull('tags')]));
  return { posts, categories, tags };
}

/**
 * The requests of one pull, and `run`, which runs it. A pull is all or nothing: its first failure
 * stops the others, since what they would bring is thrown away: no request starts after it, those in
 * flight are cancelled (a lying X-WP-TotalPages would otherwise send hundreds after the first error).
 */
export function startSession(options: PullOptions, extra: Partial<HttpOptions> = {}) {
  const stop = new AbortController();
  // Every answer of the pull counts toward one cap (MAX_PULL_BYTES), as its bodies stream in.
  const http: HttpOptions = { ...DEFAULT_HTTP, ...options.http, ...extra, signal: stop.signal, held: { bytes: 0 } };
  const limited = createLimiter(options.concurrency ?? 3);
  const limit: Limiter = (task) =>
    limited(async () => {
      stop.signal.throwIfAborted();
      return task();
    });
  return {
    http,
    limit,
    run: async <T>(pull: () => Promise<T>): Promise<T> => {
      try {
        return await pull();
      } catch (error) {
        stop.abort(error);
        throw error;
      }
    },
  };
}

export function resourceUrl(apiUrl: string, resource: string, page: number, extra: Readonly<Record<string, string>> = {}): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${resource}`);
  url.searchParams.set('per_page', String(PER_PAGE));
  url.searchParams.set('page', String(page));
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.href;
}

interface ListPage {
  items: unknown[];
  /** X-WP-TotalPages, when WordPress sent a readable one. */
  totalPages?: number;
  /** X-WP-Total: how many items the query matches in all. */
  total?: number;
}

/**
 * Every page of a collection query; `first` is page 1 when the caller already has it. The pages
 * must be what X-WP-TotalPages announced: each one new items. A page that is empty before the
 * announced end, or that holds only items of another page (a server or a cache in front of it
 * that ignores `page` answers page 1 every time), fails the list; so does any page's error, and
 * the pages not yet requested then never are.
 */
export async function fetchList(
  apiUrl: string,
  resource: string,
  params: Readonly<Record<string, string>>,
  http: HttpOptions,
  limit: Limiter,
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

export async function fetchListPage(url: string, http: HttpOptions): Promise<ListPage> {
  const { headers, body } = await getWithRetry(url, http);
  const parsed = parseJson(url, headers.get('content-type'), body);
  if (!Array.isArray(parsed)) throw new WordPressError(`${url} answered JSON that is not a list (${parsed === null ? 'null' : typeof parsed})`);
  return { items: parsed, totalPages: countHeader(headers.get('x-wp-totalpages')), total: countHeader(headers.get('x-wp-total')) };
}

/**
 * A WordPress answer's JSON, or an error saying what came instead: an HTML page (a wrong REST base,
 * a login or maintenance page) or JSON cut short or malformed, with where it broke.
 */
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
