import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Raw, WordPressContent } from './content-mutations.js';

export interface FakeWordPress {
  apiUrl: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** A misbehaving WordPress: answers the requests it wants to (returning true), the others get WordPress's answer. */
  intercept?: (url: URL, request: IncomingMessage, response: ServerResponse) => boolean;
  close(): Promise<void>;
}

/**
 * The part of WordPress's REST API the build uses, over content held in memory, with WordPress's
 * semantics: 100 per page at most, X-WP-Total and X-WP-TotalPages, a 400 past the last page,
 * `_embed` (the objects carry their `_embedded`), `_fields`, `include`, `orderby` date or modified,
 * `modified_after` (strictly after, compared with the post's site-time `modified`), and the media
 * endpoint with the attachments' modification dates.
 */
/** `port`: listen on that one (a WordPress coming back at its address after a failure test); a free one by default. */
export async function startFakeWordPress(content: WordPressContent, { port: wanted = 0 }: { port?: number } = {}): Promise<FakeWordPress> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://wordpress.test');
    requests.push(`${url.pathname}${url.search}`);
    if (fake.intercept?.(url, request, response)) return;
    const resource = url.pathname.replace(/^\/wp-json\/wp\/v2\//, '');
    const items = listOf(content, resource, url.searchParams);
    if (!items) return void response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'rest_no_route' }));
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    if (perPage < 1 || perPage > 100) return void response.writeHead(400).end(JSON.stringify({ code: 'rest_invalid_param' }));
    const totalPages = Math.ceil(items.length / perPage);
    if (page > Math.max(1, totalPages)) return void response.writeHead(400).end(JSON.stringify({ code: 'rest_post_invalid_page_number' }));
    const slice = items.slice((page - 1) * perPage, page * perPage).map((item) => shape(item, url.searchParams));
    response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': String(items.length), 'x-wp-totalpages': String(totalPages) });
    response.end(JSON.stringify(slice));
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeWordPress = {
    apiUrl: `http://127.0.0.1:${port}/wp-json/wp/v2`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** WordPress's answer for one page of a list, as the fake would give it (for an intercept to tamper with). */
export function listAnswer(content: WordPressContent, url: URL): { items: Raw[]; total: number } {
  const resource = url.pathname.replace(/^\/wp-json\/wp\/v2\//, '');
  const items = listOf(content, resource, url.searchParams) ?? [];
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  const page = Number(url.searchParams.get('page') ?? 1);
  return { items: items.slice((page - 1) * perPage, page * perPage).map((item) => shape(item, url.searchParams)), total: items.length };
}

function listOf(content: WordPressContent, resource: string, query: URLSearchParams): Raw[] | undefined {
  const after = query.get('modified_after');
  if (resource === 'categories') return content.categories;
  if (resource === 'tags') return content.tags;
  if (resource === 'media') {
    return [...content.media.entries()].filter(([, modified]) => !after || modified > after).map(([id, modified]) => ({ id, modified }));
  }
  if (resource !== 'posts') return undefined;
  const include = query.get('include')?.split(',').map(Number);
  const key = query.get('orderby') === 'modified' ? 'modified' : 'date';
  return content.posts
    .filter((post) => (!after || post.modified > after) && (!include || include.includes(post.id)))
    .sort((a, b) => (a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : b.id - a.id));
}

function shape(item: Raw, query: URLSearchParams): Raw {
  const fields = query.get('_fields')?.split(',');
  if (fields) return Object.fromEntries(fields.filter((field) => field in item).map((field) => [field, item[field]]));
  if (query.has('_embed')) return item;
  const { _embedded: _, ...rest } = item;
  return rest;
}
