import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMediaDownloader, type Download } from '../../build/media/source.js';
import { MediaProblem } from '../../build/media/problem.js';

type Handler = (url: URL, request: IncomingMessage, response: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server on loopback; returns its origin and the paths it was asked for. */
async function serve(handler: Handler): Promise<{ origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handler(new URL(request.url ?? '/', 'http://x'), request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const instant = { sleep: async () => {}, backoffMs: 1, timeoutMs: 15_000 };

function sendImage(response: ServerResponse, headers: Record<string, string> = {}) {
  response.writeHead(200, { 'content-type': 'image/jpeg', etag: '"v1"', 'last-modified': 'Mon, 03 Nov 2025 10:00:00 GMT', ...headers });
  response.end(JPEG_BYTES);
}

async function problemOf(promise: Promise<Download>): Promise<MediaProblem> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaProblem);
  return error as MediaProblem;
}

describe('media downloader', () => {
  it('downloads a file of the uploads folder with its validators', async () => {
    const wp = await serve((_url, _request, response) => sendImage(response));
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    const result = await downloader.download(`${wp.origin}/wp-content/uploads/2025/11/photo.jpg`);
    expect(result).toEqual({ kind: 'fetched', bytes: JPEG_BYTES, contentType: 'image/jpeg', etag: '"v1"', lastModified: 'Mon, 03 Nov 2025 10:00:00 GMT' });
    expect(wp.requests).toEqual(['/wp-content/uploads/2025/11/photo.jpg']);
  });

  it('answers not-modified to a conditional request WordPress answers 304', async () => {
    const seen: (string | undefined)[] = [];
    const wp = await serve((_url, request, response) => {
      seen.push(request.headers['if-none-match'], request.headers['if-modified-since']);
      if (request.headers['if-none-match'] === '"v1"') response.writeHead(304).end();
      else sendImage(response);
    });
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    const url = `${wp.origin}/wp-content/uploads/photo.jpg`;
    expect(await downloader.download(url, { etag: '"v1"', lastModified: 'Mon, 03 Nov 2025 10:00:00 GMT' })).toEqual({ kind: 'not-modified' });
    expect(seen).toEqual(['"v1"', 'Mon, 03 Nov 2025 10:00:00 GMT']);
    expect((await downloader.download(url, { etag: '"v0"' })).kind).toBe('fetched');
  });

  it('reports a 404 at once, without retrying', async () => {
    const wp = await serve((_url, _request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'));
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    const problem = await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/gone.jpg`));
    expect(problem.kind).toBe('http');
    expect(problem.message).toContain('answered HTTP 404');
    expect(wp.requests).toHaveLength(1);
  });

  it('retries a 500 with backoff, then reports it', async () => {
    const sleeps: number[] = [];
    const wp = await serve((_url, _request, response) => response.writeHead(500).end());
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: { ...instant, backoffMs: 50, retries: 2, sleep: async (ms) => void sleeps.push(ms) } });
    const problem = await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/a.jpg`));
    expect(problem.kind).toBe('http');
    expect(problem.message).toMatch(/gave up after 3 attempts \(HTTP 500\)/);
    expect(sleeps).toEqual([50, 100]);
  });

  it('waits as long as Retry-After says before asking again', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const wp = await serve((_url, _request, response) => {
      calls += 1;
      if (calls === 1) response.writeHead(503, { 'retry-after': '4' }).end();
      else sendImage(response);
    });
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: { ...instant, sleep: async (ms) => void sleeps.push(ms) } });
    expect((await downloader.download(`${wp.origin}/wp-content/uploads/a.jpg`)).kind).toBe('fetched');
    expect(sleeps).toEqual([4000]);
  });

  it('gives up on a server that never answers', async () => {
    const wp = await serve(() => {});
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: { ...instant, timeoutMs: 100, retries: 1 } });
    const problem = await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/slow.jpg`));
    expect(problem.kind).toBe('unreachable');
    expect(problem.message).toMatch(/no answer within 0.1 s/);
  });

  it('stops reading a body over 25 MB as it streams in, without a Content-Length', async () => {
    let finished = false;
    const wp = await serve((_url, _request, response) => {
      let sent = 0;
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      const pump = () => {
        while (sent < 40 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        finished = true;
        response.end();
      };
      response.on('error', () => {});
      pump();
    });
    // No retry and a long timeout: only the size limit may stop this download, however busy the machine.
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: { ...instant, retries: 0, timeoutMs: 60_000 } });
    const problem = await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/huge.jpg`));
    expect(problem.kind).toBe('too-large');
    expect(problem.message).toContain(`larger than ${25 * 1024 * 1024} bytes`);
    expect(finished).toBe(false);
    expect(wp.requests).toHaveLength(1);
  });

  it('refuses a body whose Content-Length is over the limit before reading it', async () => {
    const wp = await serve((_url, _request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(2 * 1024 ** 3) });
      response.write(Buffer.alloc(1024));
    });
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    expect((await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/2gb.jpg`))).kind).toBe('too-large');
  });

  it('follows a redirect inside the uploads folder', async () => {
    const wp = await serve((url, _request, response) => {
      if (url.pathname.endsWith('old.jpg')) response.writeHead(301, { location: '/wp-content/uploads/new.jpg' }).end();
      else sendImage(response);
    });
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    expect((await downloader.download(`${wp.origin}/wp-content/uploads/old.jpg`)).kind).toBe('fetched');
    expect(wp.requests).toEqual(['/wp-content/uploads/old.jpg', '/wp-content/uploads/new.jpg']);
  });

  it('refuses a redirect to another host, which never hears of it', async () => {
    const elsewhere = await serve((_url, _request, response) => sendImage(response));
    const wp = await serve((_url, _request, response) => response.writeHead(302, { location: `${elsewhere.origin}/secret.jpg` }).end());
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    const problem = await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/a.jpg`));
    expect(problem.kind).toBe('refused');
    expect(problem.message).toContain('is not the WordPress host');
    // Nor through WordPress's REST index, which redirects there too.
    expect(elsewhere.requests).toEqual([]);
  });

  it('refuses a redirect to the metadata service and to WordPress pages outside uploads', async () => {
    const wp = await serve((url, _request, response) => {
      const location = url.pathname.endsWith('cloud.jpg') ? 'http://169.254.169.254/latest/meta-data/' : '/wp-admin/admin-ajax.php';
      response.writeHead(307, { location }).end();
    });
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    expect((await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/cloud.jpg`))).message).toContain('169.254.169.254 is not the WordPress host');
    expect((await problemOf(downloader.download(`${wp.origin}/wp-content/uploads/admin.jpg`))).message).toContain('outside WordPress');
  });

  it('refuses, before any request, URLs that are not WordPress uploads', async () => {
    const elsewhere = await serve((_url, _request, response) => sendImage(response));
    const wp = await serve((_url, _request, response) => sendImage(response));
    const port = new URL(wp.origin).port;
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    const refused = [
      `${elsewhere.origin}/wp-content/uploads/a.jpg`,
      `http://localhost:${port}/wp-content/uploads/a.jpg`,
      `http://127.0.0.2:${port}/wp-content/uploads/a.jpg`,
      `https://127.0.0.1:${port}/wp-content/uploads/a.jpg`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://10.0.0.1/wp-content/uploads/a.jpg',
      'file:///etc/passwd',
      'data:image/png;base64,iVBORw0KGgo=',
      `${wp.origin}/wp-config.php`,
      `${wp.origin}/wp-content/uploads/../../wp-config.php`,
      `${wp.origin}/wp-content/uploads/%2e%2e/%2e%2e/wp-config.php`,
      `http://user:pass@127.0.0.1:${port}/wp-content/uploads/a.jpg`,
      '/etc/passwd',
    ];
    for (const url of refused) {
      const problem = await problemOf(downloader.download(url));
      expect(problem.kind, url).toBe('refused');
    }
    // WordPress is asked once for the addresses it declares (its REST index), nothing else.
    expect(wp.requests).toEqual(['/wp-json/?_fields=url,home']);
    expect(elsewhere.requests).toEqual([]);
  });

  it('accepts a media URL the REST API returned outside the uploads folder, on WordPress only', async () => {
    const elsewhere = await serve((_url, _request, response) => sendImage(response));
    const wp = await serve((_url, _request, response) => sendImage(response));
    const downloader = createMediaDownloader({
      apiUrl: `${wp.origin}/wp-json/wp/v2`,
      vouchedFor: [`${wp.origin}/files/2025/photo.jpg`, `${elsewhere.origin}/cdn/photo.jpg`],
      http: instant,
    });
    expect((await downloader.download(`${wp.origin}/files/2025/photo.jpg`)).kind).toBe('fetched');
    expect((await problemOf(downloader.download(`${wp.origin}/files/2025/other.jpg`))).kind).toBe('refused');
    expect((await problemOf(downloader.download(`${elsewhere.origin}/cdn/photo.jpg`))).kind).toBe('refused');
    expect(elsewhere.requests).toEqual([]);
  });

  it('keeps at most three downloads in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const wp = await serve((_url, _request, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        sendImage(response);
      }, 20);
    });
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    const results = await Promise.all(Array.from({ length: 10 }, (_, index) => downloader.download(`${wp.origin}/wp-content/uploads/${index}.jpg`)));
    expect(results.every((result) => result.kind === 'fetched')).toBe(true);
    expect(most).toBe(3);
  });

  it('asks an HTTPS WordPress over HTTPS for the http:// URLs of its old posts, never the reverse', async () => {
    const declaredAddresses = async () => ({ addresses: [] });
    const secure = createMediaDownloader({ apiUrl: 'https://cms.example/wp-json/wp/v2', declaredAddresses });
    expect(await secure.check('http://cms.example/wp-content/uploads/2019/old.jpg')).toEqual({ ok: true, url: 'https://cms.example/wp-content/uploads/2019/old.jpg' });
    expect((await secure.check('http://cms.example:8080/wp-content/uploads/2019/old.jpg')).ok).toBe(false);
    const plain = createMediaDownloader({ apiUrl: 'http://cms.example/wp-json/wp/v2', declaredAddresses });
    expect((await plain.check('https://cms.example/wp-content/uploads/a.jpg')).ok).toBe(false);
  });

  it('finds the uploads folder of a WordPress installed in a subfolder', async () => {
    const wp = await serve((_url, _request, response) => sendImage(response));
    const downloader = createMediaDownloader({ apiUrl: `${wp.origin}/blog/wp-json/wp/v2`, http: instant });
    expect((await downloader.check(`${wp.origin}/blog/wp-content/uploads/a.jpg`)).ok).toBe(true);
    expect((await downloader.check(`${wp.origin}/wp-content/uploads/a.jpg`)).ok).toBe(false);
  });
});
