import { createLimiter, DEFAULT_HTTP, getWithRetry, WordPressError, type HttpOptions } from './http.js';
import type { RawWordPressContent } from './raw.js';

export interface PullOptions {
  http?: Partial<HttpOptions>;
  /** Requests in flight across all resources; the club's WordPress is small. */
  concurrency?: number;
  /** One line per resource once it is complete. */
  onProgress?: (line: string) => void;
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
  const http: HttpOptions = { ...DEFAULT_HTTP, ...options.http };
  const limit = createLimiter(options.concurrency ?? 3);
  const report = options.onProgress ?? (() => {});
  const pull = async (resource: keyof typeof FULL_PULL) => {
    const started = performance.now();
    const { items, pages } = await fetchList(apiUrl, resource, FULL_PULL[resource], http, limit);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    report(`wordpress  ${resource}: ${items.length} in ${pages} page${pages === 1 ? '' : 's'} (${seconds} s)`);
    return items;
  };
  const [posts, categories, tags] = await Promise.all([pull('posts'), pull('categories'), pull('tags')]);
  return { posts, categories, tags };
}

export function resourceUrl(apiUrl: string, resource: string, page: number, extra: Readonly<Record<string, string>> = {}): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}/${resource}`);
  url.searchParams.set('per_page', String(PER_PAGE));
  url.searchParams.set('page', String(page));
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.href;
}

export interface ListPage {
  items: unknown[];
  /** X-WP-TotalPages, when WordPress sent a readable one. */
  totalPages?: number;
  /** X-WP-Total: how many items the query matches in all. */
  total?: number;
}

/** Every page of a collection query; `first` is page 1 when the caller already has it. */
export async function fetchList(
  apiUrl: string,
  resource: string,
  params: Readonly<Record<string, string>>,
  http: HttpOptions,
  limit: Limiter,
  first?: ListPage,
): Promise<{ items: unknown[]; pages: number; total?: number }> {
  const fetchPage = (page: number) => limit(() => fetchListPage(resourceUrl(apiUrl, resource, page, params), http));
  const head = first ?? (await fetchPage(1));
  const totalPages = head.totalPages ?? 1;
  if (totalPages > MAX_PAGES) throw new WordPressError(`${resource}: X-WP-TotalPages says ${totalPages}, more than the ${MAX_PAGES} we accept`);
  const rest = await Promise.all(Array.from({ length: Math.max(0, totalPages - 1) }, (_, index) => fetchPage(index + 2)));
  return { items: [head, ...rest].flatMap((page) => page.items), pages: Math.max(1, totalPages), total: head.total };
}

export async function fetchListPage(url: string, http: HttpOptions): Promise<ListPage> {
  const { headers, body } = await getWithRetry(url, http);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new WordPressError(`${url} did not answer JSON (is it the REST base, …/wp-json/wp/v2?)`);
  }
  if (!Array.isArray(parsed)) throw new WordPressError(`${url} did not answer a JSON list`);
  return { items: parsed, totalPages: countHeader(headers.get('x-wp-totalpages')), total: countHeader(headers.get('x-wp-total')) };
}

function countHeader(value: string | null): number | undefined {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}
