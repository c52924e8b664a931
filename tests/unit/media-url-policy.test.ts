import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMediaDownloader } from '../../build/media/source.js';
import { MediaProblem } from '../../build/media/problem.js';
import { createUrlPolicy, isPrivateAddress } from '../../build/media/url-policy.js';
import { OptionsError, parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { snapshotContent } from './content-mutations.js';
import { startFakeWordPress } from './fake-wordpress.js';

/**
 * Issue 32: images come from WordPress's own addresses as WordPress declares them (its REST index's
 * `url` and `home`), whatever address the build reaches it by, and from the origins the operator
 * names; everything else stays refused.
 */
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const instant = { sleep: async () => {}, backoffMs: 1, timeoutMs: 15_000, retries: 0 };

/** One WordPress answering on every address given: its REST index declares `declared` as its own. */
async function startWordPress(index: (origin: string) => object | undefined): Promise<{ origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response: ServerResponse) => {
    requests.push(request.url ?? '');
    if (request.url?.startsWith('/wp-json/')) {
      const body = index(origin);
      if (!body) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"rest_no_route"}');
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG_BYTES);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, requests };
}

async function imageServer(): Promise<{ origin: string; requests: string[] }> {
  return startWordPress(() => undefined);
}

describe('images from the addresses WordPress declares', () => {
  it('fetches images WordPress names by its public address when the build reaches it by an internal one', async () => {
    const publicAddress = await imageServer();
    const wordpress = await startWordPress(() => ({ url: publicAddress.origin, home: `${publicAddress.origin}/` }));
    const downloader = createMediaDownloader({ apiUrl: `${wordpress.origin}/wp-json/wp/v2`, http: instant });
    expect((await downloader.download(`${publicAddress.origin}/wp-content/uploads/2025/11/a.jpg`)).kind).toBe('fetched');
    expect((await downloader.download(`${publicAddress.origin}/wp-content/uploads/2025/11/b.jpg`)).kind).toBe('fetched');
    // The index is asked once; only uploads are fetched there, as at the REST base's address.
    expect(wordpress.requests).toEqual(['/wp-json/?_fields=url,home']);
    const outside = await downloader.download(`${publicAddress.origin}/wp-config.php`).catch((error: unknown) => error);
    expect(outside).toBeInstanceOf(MediaProblem);
    expect((outside as MediaProblem).message).toContain("outside WordPress's uploads folder");
    expect(publicAddress.requests).toEqual(['/wp-content/uploads/2025/11/a.jpg', '/wp-content/uploads/2025/11/b.jpg']);
  });

  it('asks nothing more for images at the address the build reaches WordPress by', async () => {
    const wordpress = await startWordPress((origin) => ({ url: origin, home: origin }));
    const downloader = createMediaDownloader({ apiUrl: `${wordpress.origin}/wp-json/wp/v2`, http: instant });
    await downloader.download(`${wordpress.origin}/wp-content/uploads/a.jpg`);
    expect(wordpress.requests).toEqual(['/wp-content/uploads/a.jpg']);
  });

  it('still refuses other hosts, loopback and private addresses that are not WordPress\'s own, and file: URLs', async () => {
    const other = await imageServer();
    const wordpress = await startWordPress(() => ({ url: 'https://cms.club.example', home: 'https://www.club.example' }));
    const policy = createUrlPolicy({ apiUrl: `${wordpress.origin}/wp-json/wp/v2`, declaredAddresses: async () => ({ addresses: ['https://cms.club.example', 'https://www.club.example'] }) });
    for (const url of [
      `${other.origin}/wp-content/uploads/a.jpg`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.7/wp-content/uploads/a.jpg',
      'http://localhost/wp-content/uploads/a.jpg',
      'https://evil.example/wp-content/uploads/a.jpg',
      'file:///etc/passwd',
    ]) {
      expect((await policy(url)).ok, url).toBe(false);
    }
    expect(await policy('http://cms.club.example/wp-content/uploads/old.jpg')).toEqual({ ok: true, url: 'https://cms.club.example/wp-content/uploads/old.jpg' });
    expect((await policy('https://www.club.example/wp-content/uploads/a.jpg')).ok).toBe(true);
    expect(other.requests).toEqual([]);
  });

  it('refuses for now, not for good, when WordPress cannot say its addresses (asked again by the next build)', async () => {
    const publicAddress = await imageServer();
    const failing = createServer((request, response) => response.writeHead(request.url?.startsWith('/wp-json/') ? 503 : 200).end());
    servers.push(failing);
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/wp-json/wp/v2`;
    const downloader = createMediaDownloader({ apiUrl, http: instant });
    const problem = await downloader.download(`${publicAddress.origin}/wp-content/uploads/a.jpg`).catch((error: unknown) => error);
    expect(problem).toBeInstanceOf(MediaProblem);
    // 'unreachable' is a passing problem: the media cache does not remember it, the post is retried.
    expect((problem as MediaProblem).kind).toBe('unreachable');
    expect((problem as MediaProblem).message).toContain("WordPress's declared addresses could not be read");
    expect(publicAddress.requests).toEqual([]);
  });
});

describe('configured media origins and media URLs the REST API returned', () => {
  it('fetches anything under a configured origin or prefix, nothing beside it', async () => {
    const cdn = await imageServer();
    const wordpress = await startWordPress(() => undefined);
    const downloader = createMediaDownloader({ apiUrl: `${wordpress.origin}/wp-json/wp/v2`, mediaOrigins: [`${cdn.origin}/sqbb/`], http: instant });
    expect((await downloader.download(`${cdn.origin}/sqbb/2025/11/a.jpg`)).kind).toBe('fetched');
    expect((await downloader.check(`${cdn.origin}/other-club/a.jpg`)).ok).toBe(false);
    expect(cdn.requests).toEqual(['/sqbb/2025/11/a.jpg']);
  });

  it('takes a featured image the REST API returned on an offload host, unless that host is a private address', async () => {
    const resolve = async (host: string) => (host === 'bucket.s3.example' ? ['203.0.113.9'] : host === 'rebound.example' ? ['192.168.1.1'] : []);
    const policy = createUrlPolicy({
      apiUrl: 'https://cms.club.example/wp-json/wp/v2',
      vouchedFor: ['https://bucket.s3.example/2025/11/a.jpg', 'https://rebound.example/a.jpg', 'http://127.0.0.1:9/a.jpg'],
      declaredAddresses: async () => ({ addresses: [] }),
      resolve,
    });
    expect(await policy('https://bucket.s3.example/2025/11/a.jpg')).toEqual({ ok: true, url: 'https://bucket.s3.example/2025/11/a.jpg' });
    // Only the URL WordPress returned, not its neighbours.
    expect((await policy('https://bucket.s3.example/2025/11/b.jpg')).ok).toBe(false);
    expect(await policy('https://rebound.example/a.jpg')).toMatchObject({ ok: false, reason: expect.stringContaining('192.168.1.1') });
    expect((await policy('http://127.0.0.1:9/a.jpg')).ok).toBe(false);
  });

  it('knows loopback, private and link-local addresses, IPv4 and IPv6', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '172.32.0.1']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('--media-origin', () => {
  it('is repeatable, read from MEDIA_ORIGINS otherwise, and refuses what is not an http(s) origin', () => {
    const options = parseOptions(['--wp', 'https://cms.example/wp-json/wp/v2', '--media-origin', 'https://cdn.example', '--media-origin=https://bucket.example/sqbb'], {});
    expect(options.mediaOrigins).toEqual(['https://cdn.example/', 'https://bucket.example/sqbb/']);
    expect(parseOptions([], { MEDIA_ORIGINS: 'https://cdn.example https://other.example/x/' }).mediaOrigins).toEqual(['https://cdn.example/', 'https://other.example/x/']);
    expect(parseOptions([], {}).mediaOrigins).toEqual([]);
    expect(() => parseOptions(['--media-origin', 'ftp://cdn.example'], {})).toThrow(OptionsError);
    expect(() => parseOptions(['--media-origin', 'https://user:secret@cdn.example'], {})).toThrow(OptionsError);
  });

  it('makes the next build a clean one when the media origins change (cached posts kept the images the others allowed)', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sqbb-media-origin-'));
    const wordpress = await startFakeWordPress(snapshotContent());
    try {
      const build = (extra: string[]) => runBuild(parseOptions(['--wp', wordpress.apiUrl, '--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--now', '2026-01-15T12:00:00Z', ...extra], {}), true);
      await build([]);
      expect((await build([])).run.mode).toBe('incremental');
      const changed = await build(['--media-origin', 'https://cdn.example/']);
      expect(changed.run).toMatchObject({ mode: 'clean', cleanReason: 'media origins changed since the cache was made' });
      expect((await build(['--media-origin', 'https://cdn.example/'])).run.mode).toBe('incremental');
      expect((await build([])).run).toMatchObject({ mode: 'clean', cleanReason: 'media origins changed since the cache was made' });
    } finally {
      await wordpress.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
