import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../build/wordpress/http.js';
import { pullWordPress } from '../../build/wordpress/pull.js';

type Handler = (url: URL, request: IncomingMessage, response: ServerResponse) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A fake WordPress on loopback; returns its REST base. */
async function fakeWordPress(handler: Handler): Promise<string> {
  server = createServer((request, response) => handler(new URL(request.url ?? '/', 'http://x'), request, response));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}/wp-json/wp/v2`;
}

function sendList(response: ServerResponse, items: unknown[], totalPages: number, status = 200) {
  response.writeHead(status, { 'content-type': 'application/json', 'x-wp-totalpages': String(totalPages), 'x-wp-total': String(items.length) });
  response.end(JSON.stringify(items));
}

/** Serves `count` posts 100 per page and `terms` categories and tags, like WordPress does. */
function paged(count: number, terms = 3): Handler {
  return (url, _request, response) => {
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    const total = url.pathname.endsWith('/posts') ? count : terms;
    const totalPages = Math.ceil(total / perPage);
    const ids = Array.from({ length: total }, (_, index) => ({ id: index + 1 })).slice((page - 1) * perPage, page * perPage);
    if (page > Math.max(1, totalPages)) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'rest_post_invalid_page_number' }));
      return;
    }
    sendList(response, ids, totalPages);
  };
}

const instant = { sleep: async () => {}, backoffMs: 10 };

describe('pullWordPress', () => {
  it('follows X-WP-TotalPages, 100 per page, posts with their featured image and terms embedded by date descending', async () => {
    const requests: string[] = [];
    const handler = paged(250, 120);
    const apiUrl = await fakeWordPress((url, request, response) => {
      requests.push(`${url.pathname}?${url.searchParams.toString()}`);
      handler(url, request, response);
    });
    const content = await pullWordPress(apiUrl, { http: instant });
    expect(content.posts).toHaveLength(250);
    expect(content.posts.map((post) => (post as { id: number }).id)).toEqual(Array.from({ length: 250 }, (_, index) => index + 1));
    expect(content.categories).toHaveLength(120);
    expect(content.tags).toHaveLength(120);
    const postRequests = requests.filter((request) => request.includes('/posts')).sort();
    expect(postRequests).toEqual([1, 2, 3].map((page) => `/wp-json/wp/v2/posts?per_page=100&page=${page}&_embed=wp%3Afeaturedmedia%2Cwp%3Aterm&orderby=date&order=desc`));
    expect(requests.filter((request) => request.includes('/tags'))).toHaveLength(2);
  });

  it('reads an empty WordPress (X-WP-TotalPages 0) as no posts', async () => {
    const apiUrl = await fakeWordPress((_url, _request, response) => sendList(response, [], 0));
    expect(await pullWordPress(apiUrl, { http: instant })).toEqual({ posts: [], categories: [], tags: [] });
  });

  it('keeps at most three requests in flight', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const handler = paged(900, 450);
    const apiUrl = await fakeWordPress((url, request, response) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        handler(url, request, response);
      }, 15);
    });
    const content = await pullWordPress(apiUrl, { http: instant });
    expect(content.posts).toHaveLength(900);
    expect(maxInFlight).toBe(3);
  });

  it('retries 5xx and 429 with growing backoff and honours Retry-After', async () => {
    const failures = new Map<string, number>();
    const sleeps: number[] = [];
    const handler = paged(5);
    const apiUrl = await fakeWordPress((url, request, response) => {
      const seen = failures.get(url.pathname) ?? 0;
      failures.set(url.pathname, seen + 1);
      if (url.pathname.endsWith('/posts') && seen < 2) {
        response.writeHead(503).end('maintenance');
      } else if (url.pathname.endsWith('/tags') && seen === 0) {
        response.writeHead(429, { 'retry-after': '7' }).end();
      } else {
        handler(url, request, response);
      }
    });
    const content = await pullWordPress(apiUrl, { http: { backoffMs: 100, sleep: async (ms) => void sleeps.push(ms) } });
    expect(content.posts).toHaveLength(5);
    expect(failures.get('/wp-json/wp/v2/posts')).toBe(3);
    expect(sleeps.sort((a, b) => a - b)).toEqual([100, 200, 7000]);
  });

  it('gives up after the last retry with the reason on one line', async () => {
    let attempts = 0;
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (url.pathname.endsWith('/posts')) {
        attempts += 1;
        response.writeHead(502).end();
      } else paged(1)(url, request, response);
    });
    const error = await pullWordPress(apiUrl, { http: { ...instant, retries: 3 } }).catch((caught: Error) => caught);
    expect(attempts).toBe(4);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/posts\?.*: gave up after 4 attempts \(HTTP 502\)$/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('does not retry a 4xx answer and names the WordPress error code', async () => {
    let attempts = 0;
    const apiUrl = await fakeWordPress((_url, _request, response) => {
      attempts += 1;
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'rest_no_route', message: 'Aucune route' }));
    });
    const error = (await pullWordPress(apiUrl, { http: instant, concurrency: 1 }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toContain('answered HTTP 404 rest_no_route');
    expect(attempts).toBeLessThanOrEqual(3);
  });

  it('retries a refused connection, then reports it', async () => {
    const apiUrl = await fakeWordPress(() => {});
    server?.close();
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/gave up after 4 attempts \(ECONNREFUSED\)/);
  });

  it('times out a WordPress that never answers', async () => {
    const apiUrl = await fakeWordPress(() => {});
    const error = (await pullWordPress(apiUrl, { http: { ...instant, timeoutMs: 100, retries: 1 } }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/gave up after 2 attempts \(no answer within 0.1 s\)/);
  });

  it('rejects an answer that is not a JSON list (a wrong REST base)', async () => {
    const apiUrl = await fakeWordPress((_url, _request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    await expect(pullWordPress(apiUrl, { http: instant })).rejects.toThrow(/answered an HTML page \(text\/html\), not JSON: is it the REST base/);
  });

  it('prints one progress line per resource', async () => {
    const apiUrl = await fakeWordPress(paged(130, 4));
    const lines: string[] = [];
    await pullWordPress(apiUrl, { http: instant, onProgress: (line) => lines.push(line) });
    expect(lines.map((line) => line.replace(/\(\d+\.\d s\)/, '(t)')).sort()).toEqual([
      'wordpress  categories: 4 in 1 page (t)',
      'wordpress  posts: 130 in 2 pages (t)',
      'wordpress  tags: 4 in 1 page (t)',
    ]);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, ignores garbage', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:05 GMT', 1000)).toBe(4000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

describe('pullWordPress against a WordPress that misbehaves', () => {
  /** Answers the posts with `posts`; categories and tags with one small page each. */
  function withPosts(posts: Handler): Handler {
    return (url, request, response) => (url.pathname.endsWith('/posts') ? posts(url, request, response) : paged(0, 3)(url, request, response));
  }

  it('refuses an answer whose Content-Length is over the cap, naming the URL and the cap, without retrying', async () => {
    let attempts = 0;
    const apiUrl = await fakeWordPress(withPosts((_url, _request, response) => {
      attempts += 1;
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      response.write('[');
    }));
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/posts\?per_page=100&page=1&\S+ is larger than 67108864 bytes \(64 MB, the limit for one answer\)$/);
    expect(attempts).toBe(1);
  });

  it('stops reading an endless body at the cap', async () => {
    let sent = 0;
    let ended = false;
    const apiUrl = await fakeWordPress(withPosts((_url, _request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.from(`[${'{"id":1},'.repeat(100_000)}`);
      const pump = () => {
        while (!response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
      };
      response.on('error', () => {});
      response.on('close', () => (ended = true));
      pump();
    }));
    const error = (await pullWordPress(apiUrl, { http: { ...instant, maxBodyBytes: 8 * 1024 * 1024, retries: 0, timeoutMs: 60_000 } }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/posts\?\S+ is larger than 8388608 bytes \(8 MB, the limit for one answer\)$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toBe(true);
    // What was in the sockets' buffers when the client hung up, no more.
    expect(sent).toBeLessThan(8 * 1024 * 1024 + 16 * 1024 * 1024);
  });

  it('stops at the first error when X-WP-TotalPages lies: no request after it', async () => {
    const requests: number[] = [];
    const apiUrl = await fakeWordPress(withPosts((url, _request, response) => {
      const page = Number(url.searchParams.get('page'));
      requests.push(page);
      if (page > 2) return void response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'rest_post_invalid_page_number' }));
      sendList(response, Array.from({ length: 100 }, (_, index) => ({ id: (page - 1) * 100 + index + 1 })), 400);
    }));
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/^posts: page \d of the 400 X-WP-TotalPages announced: \S+ answered HTTP 400 rest_post_invalid_page_number$/);
    // Long enough for any request sent after the error to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Page 1, then only the three in flight when the first error came back: 4 of the 400.
    expect(requests.length).toBeLessThanOrEqual(4);
    expect(Math.max(...requests)).toBeLessThanOrEqual(4);
  });

  it('fails on a page that is empty before the announced end (categories and tags past their end answer [])', async () => {
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (!url.pathname.endsWith('/categories')) return paged(3, 3)(url, request, response);
      const page = Number(url.searchParams.get('page'));
      sendList(response, page === 1 ? [{ id: 1 }, { id: 2 }] : [], 400);
    });
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/^categories: page \d is empty, though X-WP-TotalPages announced 400 \(\S+page=\d\S*\)$/);
  });

  it('fails on a WordPress that answers page 1 whatever page is asked, after a few requests', async () => {
    let requests = 0;
    const apiUrl = await fakeWordPress(withPosts((_url, _request, response) => {
      requests += 1;
      sendList(response, Array.from({ length: 100 }, (_, index) => ({ id: index + 1 })), 12);
    }));
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/^posts: page \d+ repeats the items of page 1: WordPress, or a cache in front of it, ignores the page asked for \(\S+\)$/);
    expect(requests).toBeLessThanOrEqual(5);
  });

  it('accepts pages that overlap by a post (one published while the pull ran)', async () => {
    const apiUrl = await fakeWordPress(withPosts((url, _request, response) => {
      const page = Number(url.searchParams.get('page'));
      // Page 2 starts with the last post of page 1: everything moved down by one.
      sendList(response, Array.from({ length: page === 1 ? 100 : 30 }, (_, index) => ({ id: page === 1 ? index + 1 : index + 100 })), 2);
    }));
    const content = await pullWordPress(apiUrl, { http: instant });
    expect(content.posts).toHaveLength(130);
  });

  it('says what came instead of JSON: a body cut short', async () => {
    const apiUrl = await fakeWordPress(withPosts((_url, _request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end('[{"id":1},{"id":');
    }));
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/posts\?\S+ answered 16 bytes of application\/json that are not valid JSON \(.+\)$/);
  });
});

describe('pullWordPress and redirects', () => {
  /** A second server on another port: another origin, whose answers must never be published. */
  let elsewhere: Server | undefined;
  afterEach(async () => {
    elsewhere?.closeAllConnections();
    await new Promise((resolve) => elsewhere?.close(resolve) ?? resolve(undefined));
    elsewhere = undefined;
  });

  it('refuses a redirect to another origin on one line naming both URLs, and never asks that host', async () => {
    const asked: string[] = [];
    elsewhere = createServer((request, response) => {
      asked.push(request.url ?? '');
      sendList(response, [{ id: 666, title: { rendered: 'Contenu d’un autre site' } }], 1);
    });
    await new Promise<void>((resolve) => elsewhere?.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (url.pathname.endsWith('/posts')) return void response.writeHead(302, { location: `${other}/wp-json/wp/v2/posts${url.search}` }).end();
      paged(0, 3)(url, request, response);
    });
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(new RegExp(`^${apiUrl.replaceAll('.', '\\.')}/posts\\?\\S+ redirects to ${other.replaceAll('.', '\\.')}/wp-json/wp/v2/posts\\?\\S+: another origin than http://127\\.0\\.0\\.1:\\d+ \\(only redirects within it are followed`));
    expect(asked).toEqual([]);
  });

  it('refuses http to https on the same host too (another origin): the message says where WordPress answers', async () => {
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (url.pathname.endsWith('/tags')) return void response.writeHead(301, { location: `https://127.0.0.1/wp-json/wp/v2/tags${url.search}` }).end();
      paged(2, 3)(url, request, response);
    });
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/\/tags\?\S+ redirects to https:\/\/127\.0\.0\.1\/wp-json\/wp\/v2\/tags\?\S+: another origin than http:\/\/127\.0\.0\.1:\d+/);
  });

  it('follows a redirect within WordPress’s origin (a moved REST base, a trailing slash)', async () => {
    const handler = paged(150, 3);
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (url.pathname.startsWith('/wp-json/')) return void response.writeHead(307, { location: `/index.php?rest_route=${url.pathname.replace('/wp-json', '')}&${url.searchParams}` }).end();
      const moved = new URL(`http://x/wp-json${url.searchParams.get('rest_route') ?? ''}?${url.searchParams}`);
      handler(moved, request, response);
    });
    const content = await pullWordPress(apiUrl, { http: instant });
    expect(content.posts).toHaveLength(150);
    expect(content.tags).toHaveLength(3);
  });

  it('refuses a redirect whose target carries a user name and password, without printing them', async () => {
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (url.pathname.endsWith('/posts')) return void response.writeHead(302, { location: `http://editor:s3cr3t-pass@${request.headers.host}/wp-json/wp/v2/posts${url.search}` }).end();
      paged(0, 3)(url, request, response);
    });
    const error = (await pullWordPress(apiUrl, { http: instant }).catch((caught: Error) => caught)) as Error;
    expect(error.message).toMatch(/redirects to http:\/\/\*\*\*@127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/posts\?\S+: the target carries a user name or password$/);
    expect(error.message).not.toMatch(/editor|s3cr3t/);
  });
});

describe('pullWordPress and the bound on a whole pull', () => {
  it('stops many pages each under the per-answer cap once together they pass the pull’s cap, on one line, without asking the rest', async () => {
    const pageBytes = 900 * 1024;
    const filler = 'x'.repeat(pageBytes - 100);
    const asked: number[] = [];
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (!url.pathname.endsWith('/posts')) return paged(0, 3)(url, request, response);
      const page = Number(url.searchParams.get('page'));
      asked.push(page);
      // 20 pages of 0.9 MB, each under the 1 MB cap of one answer: 18 MB in all.
      sendList(response, [{ id: page, content: { rendered: filler } }], 20);
    });
    const http = { ...instant, maxBodyBytes: 1024 * 1024, maxPullBytes: 8 * 1024 * 1024 };
    const error = (await pullWordPress(apiUrl, { http }).catch((caught: Error) => caught)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/posts\?per_page=100&page=\d+\S*: the pull holds more than 8388608 bytes with it \(8 MB, the limit for a whole pull: MAX_PULL_BYTES in build\/wordpress\/http\.ts\)$/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // 8 MB is 9 pages of 0.9 MB; the three in flight when it failed, no more.
    expect(asked.length).toBeGreaterThanOrEqual(9);
    expect(asked.length).toBeLessThanOrEqual(12);
  });

  it('counts what the pull holds, not what it threw away: a body cut off and read again, error pages', async () => {
    const attempts = new Map<number, number>();
    const filler = 'x'.repeat(600 * 1024);
    const apiUrl = await fakeWordPress((url, request, response) => {
      if (!url.pathname.endsWith('/posts')) return paged(0, 3)(url, request, response);
      const page = Number(url.searchParams.get('page'));
      const seen = attempts.get(page) ?? 0;
      attempts.set(page, seen + 1);
      const body = JSON.stringify([{ id: page, content: { rendered: filler } }]);
      if (seen === 0 && page % 2 === 0) {
        // Half the body, then the connection dies: retried, its bytes given back.
        response.writeHead(200, { 'content-type': 'application/json', 'x-wp-totalpages': '10', 'content-length': String(body.length) });
        response.write(body.slice(0, body.length / 2));
        return void setTimeout(() => response.destroy(), 5);
      }
      if (seen === 0 && page % 3 === 0) return void response.writeHead(503, { 'content-type': 'text/html' }).end(filler);
      sendList(response, [{ id: page, content: { rendered: filler } }], 10);
    });
    // 10 pages of 0.6 MB held: 6 MB under the 7 MB cap, though 9 MB went over the wire.
    const content = await pullWordPress(apiUrl, { http: { ...instant, maxPullBytes: 7 * 1024 * 1024 } });
    expect(content.posts).toHaveLength(10);
    expect([...attempts.values()].filter((count) => count > 1).length).toBeGreaterThanOrEqual(6);
  });
});
