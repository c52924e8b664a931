import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareMedia, type MediaRequest, type PreparedMedia, type PrepareMediaOptions, type PreparedResult } from '../../build/media/prepare.js';
import { HTML_ERROR_PAGE, photoJpeg, pngClaiming, truncated } from './media-fixtures.js';
import { damageRecord } from './media-index.js';

/** A WordPress uploads folder on loopback: path → bytes (and optional status/headers), every request logged. */
interface FakeFile {
  body: Buffer;
  status?: number;
  type?: string;
}

/** The unusable URLs of a preparation, in the order of the requests. */
const problemsOf = (prepared: PreparedMedia) => [...prepared.results].flatMap(([url, result]) => (result.ok ? [] : [[url, result.problem] as const]));

let server: Server | undefined;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-prepare-'));
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function fakeUploads(files: Map<string, FakeFile>): Promise<{ origin: string; requests: string[] }> {
  const requests: string[] = [];
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    requests.push(`${request.headers['if-none-match'] ? 'conditional ' : ''}${url}`);
    const file = files.get(url);
    if (!file) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
    const etag = `"${file.body.length}-${file.body[file.body.length - 3] ?? 0}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(file.status ?? 200, { 'content-type': file.type ?? 'image/jpeg', etag }).end(file.body);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const instant = { sleep: async () => {}, backoffMs: 1, retries: 1, timeoutMs: 15_000 };

function ok(result: PreparedResult | undefined) {
  if (!result?.ok) throw new Error(`expected variants, got ${JSON.stringify(result)}`);
  return result.image;
}

describe('prepareMedia', () => {
  it('downloads, converts and caches what the pages show; a second run asks WordPress nothing and encodes nothing', async () => {
    const files = new Map<string, FakeFile>([
      ['/wp-content/uploads/2025/11/match.jpg', { body: await photoJpeg(1600, 1067) }],
      ['/wp-content/uploads/2025/11/inline.jpg', { body: await photoJpeg(700, 400) }],
    ]);
    const wp = await fakeUploads(files);
    const featured = `${wp.origin}/wp-content/uploads/2025/11/match.jpg`;
    const inline = `${wp.origin}/wp-content/uploads/2025/11/inline.jpg`;
    const requests: MediaRequest[] = [
      { url: featured, postId: 7, slot: 'card' },
      { url: featured, postId: 7, slot: 'article' },
      { url: featured, postId: 7, slot: 'thumb' },
      { url: inline, postId: 7, slot: 'content', maxCssWidth: 300 },
    ];
    const options: PrepareMediaOptions = { requests, cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant };
    const first = await prepareMedia(options);
    expect([...first.results.keys()]).toEqual([featured, inline]);

    const image = ok(first.results.get(featured));
    expect([image.width, image.height]).toEqual([1600, 1067]);
    const describe = (variant: { format: string; shape: string; width: number }) => `${variant.format} ${variant.shape} ${variant.width}`;
    expect(image.variants.map(describe)).toEqual([
      'avif original 400', 'webp original 400', 'avif original 600', 'webp original 600', 'avif original 800', 'webp original 800',
      'avif original 1200', 'webp original 1200', 'avif original 1600', 'webp original 1600', 'jpeg original 1200',
      'avif square 72', 'webp square 72', 'avif square 144', 'webp square 144', 'avif square 216', 'webp square 216', 'jpeg square 216',
    ]);
    // A 300 px body image needs 1x and 2x of 300 px (the ladder's 400 and 600 widths) and 900 px on 3x
    // phones: the ladder's 1200, which this 700 px source gives as its own width.
    expect(ok(first.results.get(inline)).variants.map(describe)).toEqual([
      'avif original 400', 'webp original 400', 'avif original 600', 'webp original 600', 'avif original 700', 'webp original 700', 'jpeg original 700',
    ]);
    for (const variant of image.variants) {
      expect(variant.path).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.(avif|webp|jpg)$/);
      const file = path.join(dir, 'files', path.basename(variant.path));
      expect((await stat(file)).size).toBe(variant.bytes);
      expect((await sharp(file).metadata()).width).toBe(variant.width);
    }
    expect(new Set([...first.results.values()].flatMap((result) => ok(result).variants.map((variant) => variant.path))).size).toBe(18 + 7);
    expect(first.stats).toMatchObject({ images: 2, downloaded: 2, fromCache: 0, problems: 0, variantsEncoded: 25, variantsReused: 0 });
    expect(wp.requests.sort()).toEqual(['/wp-content/uploads/2025/11/inline.jpg', '/wp-content/uploads/2025/11/match.jpg']);

    wp.requests.length = 0;
    const second = await prepareMedia(options);
    expect(wp.requests).toEqual([]);
    expect(second.stats).toMatchObject({ downloaded: 0, fromCache: 2, variantsEncoded: 0, variantsReused: 25 });
    expect(second.results).toEqual(first.results);
  });

  it('turns every bad image into a problem naming its posts, and goes on with the others', async () => {
    const files = new Map<string, FakeFile>([
      ['/wp-content/uploads/good.jpg', { body: await photoJpeg(800, 533) }],
      ['/wp-content/uploads/error-page.jpg', { body: HTML_ERROR_PAGE }],
      ['/wp-content/uploads/cut.jpg', { body: truncated(await photoJpeg(800, 533)) }],
      ['/wp-content/uploads/bomb.png', { body: await pngClaiming(20_000, 20_000), type: 'image/png' }],
      ['/wp-content/uploads/broken.jpg', { body: Buffer.from('oops'), status: 500 }],
    ]);
    const wp = await fakeUploads(files);
    const at = (name: string) => `${wp.origin}/wp-content/uploads/${name}`;
    const result = await prepareMedia({
      requests: [
        { url: at('good.jpg'), postId: 1, slot: 'card' },
        { url: at('missing.jpg'), postId: 2, slot: 'card' },
        { url: at('missing.jpg'), postId: 3, slot: 'content' },
        { url: at('error-page.jpg'), postId: 4, slot: 'card' },
        { url: at('cut.jpg'), postId: 5, slot: 'card' },
        { url: at('bomb.png'), postId: 6, slot: 'card' },
        { url: at('broken.jpg'), postId: 7, slot: 'card' },
        { url: 'http://169.254.169.254/latest/meta-data/', postId: 8, slot: 'content' },
        { url: 'https://images.other.example/photo.jpg', postId: 9, slot: 'content' },
      ],
      cacheDir: dir,
      apiUrl: `${wp.origin}/wp-json/wp/v2`,
      http: instant,
    });
    expect(ok(result.results.get(at('good.jpg'))).variants.length).toBeGreaterThan(0);
    expect(problemsOf(result).map(([url, problem]) => [url.replace(wp.origin, 'WP'), problem.kind])).toEqual([
      ['WP/wp-content/uploads/missing.jpg', 'http'],
      ['WP/wp-content/uploads/error-page.jpg', 'not-an-image'],
      ['WP/wp-content/uploads/cut.jpg', 'truncated'],
      ['WP/wp-content/uploads/bomb.png', 'too-many-pixels'],
      ['WP/wp-content/uploads/broken.jpg', 'http'],
      ['http://169.254.169.254/latest/meta-data/', 'refused'],
      ['https://images.other.example/photo.jpg', 'refused'],
    ]);
    expect(problemsOf(result).find(([url]) => url.endsWith('error-page.jpg'))?.[1].message).toBe(`${at('error-page.jpg')}: an HTML page, not an image`);
    // Besides its uploads, WordPress is asked only the addresses it declares (for the two other hosts).
    expect(wp.requests.filter((request) => !request.includes('/wp-content/uploads/'))).toEqual(['/wp-json/?_fields=url,home']);
    expect(result.stats.problems).toBe(7);
  });

  it('remembers a 404 and an HTML page but asks again after a 500; revalidation asks about the 404 again', async () => {
    const files = new Map<string, FakeFile>([
      ['/wp-content/uploads/error-page.jpg', { body: HTML_ERROR_PAGE }],
      ['/wp-content/uploads/flaky.jpg', { body: Buffer.from('x'), status: 503 }],
    ]);
    const wp = await fakeUploads(files);
    const urls = ['missing.jpg', 'error-page.jpg', 'flaky.jpg'].map((name) => `${wp.origin}/wp-content/uploads/${name}`);
    const options: PrepareMediaOptions = { requests: urls.map((url) => ({ url, postId: 1, slot: 'card' })), cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant };
    await prepareMedia(options);
    wp.requests.length = 0;
    files.set('/wp-content/uploads/flaky.jpg', { body: await photoJpeg(500, 300) });
    const second = await prepareMedia(options);
    expect(wp.requests).toEqual(['/wp-content/uploads/flaky.jpg']);
    expect(second.results.get(urls[2] as string)?.ok).toBe(true);
    expect(problemsOf(second).map(([, problem]) => problem.kind)).toEqual(['http', 'not-an-image']);

    wp.requests.length = 0;
    files.set('/wp-content/uploads/missing.jpg', { body: await photoJpeg(500, 300) });
    const third = await prepareMedia({ ...options, revalidate: (url) => url.endsWith('missing.jpg') });
    expect(wp.requests).toEqual(['/wp-content/uploads/missing.jpg']);
    expect(third.results.get(urls[0] as string)?.ok).toBe(true);
  });

  it('revalidates with a conditional request: unchanged costs a 304, a replaced file gets new variants', async () => {
    const files = new Map<string, FakeFile>([['/wp-content/uploads/photo.jpg', { body: await photoJpeg(900, 600) }]]);
    const wp = await fakeUploads(files);
    const url = `${wp.origin}/wp-content/uploads/photo.jpg`;
    const options: PrepareMediaOptions = { requests: [{ url, postId: 3, slot: 'card' }], cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant, revalidate: () => true };
    const first = await prepareMedia(options);
    wp.requests.length = 0;
    const unchanged = await prepareMedia(options);
    expect(wp.requests).toEqual(['conditional /wp-content/uploads/photo.jpg']);
    expect(unchanged.stats).toMatchObject({ revalidated: 1, downloaded: 0, variantsEncoded: 0 });
    expect(unchanged.results).toEqual(first.results);

    files.set('/wp-content/uploads/photo.jpg', { body: await photoJpeg(900, 600, 60) });
    const replaced = await prepareMedia(options);
    expect(replaced.stats).toMatchObject({ downloaded: 1, variantsEncoded: ok(first.results.get(url)).variants.length });
    const paths = (result: typeof first) => ok(result.results.get(url)).variants.map((variant) => variant.path);
    expect(paths(replaced).filter((p) => paths(first).includes(p))).toEqual([]);
  });

  it('keeps the cached image when WordPress is down during a revalidation', async () => {
    const files = new Map<string, FakeFile>([['/wp-content/uploads/photo.jpg', { body: await photoJpeg(500, 300) }]]);
    const wp = await fakeUploads(files);
    const url = `${wp.origin}/wp-content/uploads/photo.jpg`;
    const options: PrepareMediaOptions = { requests: [{ url, postId: 3, slot: 'card' }], cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant };
    const first = await prepareMedia(options);
    files.set('/wp-content/uploads/photo.jpg', { body: Buffer.from('maintenance'), status: 503 });
    const during = await prepareMedia({ ...options, revalidate: () => true });
    expect(during.results).toEqual(first.results);
  });

  it('converts only the new image of a cron run', async () => {
    const files = new Map<string, FakeFile>([
      ['/wp-content/uploads/old.jpg', { body: await photoJpeg(800, 500) }],
      ['/wp-content/uploads/new.jpg', { body: await photoJpeg(640, 400) }],
    ]);
    const wp = await fakeUploads(files);
    const request = (name: string, postId: number): MediaRequest => ({ url: `${wp.origin}/wp-content/uploads/${name}`, postId, slot: 'card' });
    const base = { cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant };
    await prepareMedia({ ...base, requests: [request('old.jpg', 1)] });
    wp.requests.length = 0;
    const cron = await prepareMedia({ ...base, requests: [request('old.jpg', 1), request('new.jpg', 2)] });
    expect(wp.requests).toEqual(['/wp-content/uploads/new.jpg']);
    expect(cron.stats.variantsEncoded).toBe(ok(cron.results.get(request('new.jpg', 2).url)).variants.length);
  });

  it('encodes bytes shared by two URLs once', async () => {
    const body = await photoJpeg(640, 400);
    const wp = await fakeUploads(new Map([['/wp-content/uploads/a.jpg', { body }], ['/wp-content/uploads/copy-of-a.jpg', { body }]]));
    const result = await prepareMedia({
      requests: ['a.jpg', 'copy-of-a.jpg'].map((name, index) => ({ url: `${wp.origin}/wp-content/uploads/${name}`, postId: index + 1, slot: 'card' as const })),
      cacheDir: dir,
      apiUrl: `${wp.origin}/wp-json/wp/v2`,
      http: instant,
    });
    const [a, copy] = [...result.results.values()].map(ok);
    expect(copy).toEqual(a);
    expect(result.stats.variantsEncoded).toBe(a?.variants.length);
  });

  it('starts clean from an index file that is not a database: one warning, the images made again alike', async () => {
    const wp = await fakeUploads(new Map([['/wp-content/uploads/a.jpg', { body: await photoJpeg(640, 400) }]]));
    const options: PrepareMediaOptions = { requests: [{ url: `${wp.origin}/wp-content/uploads/a.jpg`, postId: 1, slot: 'card' }], cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant };
    const first = await prepareMedia(options);
    await writeFile(path.join(dir, 'index.sqlite'), 'SQLite format 3\u0000trunc');
    const warnings: string[] = [];
    const again = await prepareMedia({ ...options, warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([expect.stringMatching(/index\.sqlite is unreadable/)]);
    expect(again.stats).toMatchObject({ downloaded: 1 });
    expect(again.results).toEqual(first.results);
    const third: string[] = [];
    expect((await prepareMedia({ ...options, warn: (message) => third.push(message) })).stats).toMatchObject({ downloaded: 0, variantsEncoded: 0 });
    expect(third).toEqual([]);
  });

  it('notices one flipped bit in a URL’s record (still valid JSON): one warning, the image downloaded again, nothing converted again', async () => {
    const wp = await fakeUploads(new Map([['/wp-content/uploads/a.jpg', { body: await photoJpeg(640, 400) }]]));
    const options: PrepareMediaOptions = { requests: [{ url: `${wp.origin}/wp-content/uploads/a.jpg`, postId: 1, slot: 'card' }], cacheDir: dir, apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant };
    const first = await prepareMedia(options);
    // The last digit of the size, one bit off ('4' → '5'): another number, still valid JSON.
    damageRecord(dir, 'url', (json) => json.replace(/("bytes":\d*)(\d)/, (_all, start: string, digit: string) => `${start}${Number(digit) ^ 1}`));
    const warnings: string[] = [];
    const again = await prepareMedia({ ...options, warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([expect.stringMatching(/^media cache: the url record of \S+a\.jpg in \S+index\.sqlite is damaged; it is made again$/)]);
    expect(again.stats).toMatchObject({ downloaded: 1, variantsEncoded: 0 });
    expect(again.results).toEqual(first.results);
  });

  it('reads a snapshot’s /media/ files through the same conversion: the same bytes give the same files', async () => {
    const body = await photoJpeg(900, 600);
    const mediaDir = path.join(dir, 'snapshot-media');
    await mkdir(path.join(mediaDir, '2025', '01'), { recursive: true });
    await writeFile(path.join(mediaDir, '2025', '01', 'photo.jpg'), body);
    await writeFile(path.join(dir, 'secret.jpg'), body);
    const local = await prepareMedia({
      requests: [
        { url: '/media/2025/01/photo.jpg', postId: 1, slot: 'card' },
        { url: '/media/2025/01/none.jpg', postId: 2, slot: 'card' },
        { url: '/media/../secret.jpg', postId: 3, slot: 'card' },
        { url: '/media/%2e%2e/secret.jpg', postId: 4, slot: 'card' },
        { url: `${'http'}://cms.example/wp-content/uploads/photo.jpg`, postId: 5, slot: 'card' },
      ],
      cacheDir: path.join(dir, 'cache-a'),
      localMediaDir: mediaDir,
    });
    expect(Object.fromEntries(problemsOf(local).map(([url, problem]) => [url, problem.kind]))).toEqual({
      '/media/2025/01/none.jpg': 'missing-file',
      '/media/../secret.jpg': 'refused',
      '/media/%2e%2e/secret.jpg': 'refused',
      'http://cms.example/wp-content/uploads/photo.jpg': 'refused',
    });

    const wp = await fakeUploads(new Map([['/wp-content/uploads/photo.jpg', { body }]]));
    const live = await prepareMedia({ requests: [{ url: `${wp.origin}/wp-content/uploads/photo.jpg`, postId: 1, slot: 'card' }], cacheDir: path.join(dir, 'cache-b'), apiUrl: `${wp.origin}/wp-json/wp/v2`, http: instant });
    expect(ok(local.results.get('/media/2025/01/photo.jpg'))).toEqual(ok(live.results.get(`${wp.origin}/wp-content/uploads/photo.jpg`)));
  });
});
