import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildOptions } from '../../build/options.js';
import type { BuildReport } from '../../build/report.js';
import { parseBuilderConfig } from '../../builder/config.js';
import { startBuilder, type RunningBuilder } from '../../builder/service.js';
import { signHook } from '../../builder/signature.js';

/**
 * Issue 32, the hook's security: only a notification signed with the shared secret, within five
 * minutes, never seen before and of a sane size starts a build; anything else gets a 401 or a 400
 * that says nothing and builds nothing.
 */
const SECRET = 'a-shared-secret-of-at-least-32-characters';
const BODY = JSON.stringify({ site: 'https://cms.club.example', events: [{ kind: 'post', action: 'publish', id: 12 }] });

let builder: RunningBuilder;
let builds: number;
/** How long the stand-in build takes. */
let buildMs: number;
const lines: string[] = [];

function report(): BuildReport {
  return {
    source: 'live',
    run: { mode: 'incremental', posts: { total: 31, added: 1, changed: 0, removed: 0 }, pagesRendered: 14, renderedPaths: [], wordpress: { requests: 5, bytes: 12_000 } },
    pages: 120,
    files: 300,
    changed: 2,
    removed: 0,
    changedPaths: ['/actualites/article/12/index.html', '/actualites/index.html'],
    warnings: [],
    stages: {},
    pageTypes: {},
    assets: {},
    pagePaths: [],
  };
}

beforeEach(async () => {
  builds = 0;
  buildMs = 50;
  lines.length = 0;
  const config = parseBuilderConfig([], { WP_API_URL: 'http://127.0.0.1:9/wp-json/wp/v2', BUILDER_SECRET: SECRET, BUILDER_PORT: '0', OUT_DIR: '/nonexistent/dist', BUILD_CACHE: '/nonexistent/cache' });
  builder = await startBuilder(config, {
    build: async (_options: BuildOptions) => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, buildMs));
      return report();
    },
    catchUp: false,
    timing: { debounceMs: 20, minIntervalMs: 300 },
    log: (line) => lines.push(line),
  });
});
afterEach(() => builder.stop());

interface Sent {
  body?: string;
  timestamp?: string;
  signature?: string;
  headers?: Record<string, string>;
  method?: string;
}

/** A notification as the plugin sends it, or a tampered one. */
async function send({ body = BODY, timestamp = String(Math.floor(Date.now() / 1000)), signature, headers = {}, method = 'POST' }: Sent = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${builder.url}/hooks/wordpress`, {
    method,
    headers: { 'content-type': 'application/json', 'x-sqbb-timestamp': timestamp, 'x-sqbb-signature': signature ?? signHook(SECRET, timestamp, body), ...headers },
    ...(method === 'POST' ? { body } : {}),
  });
  return { status: response.status, text: await response.text() };
}

/** Waits past the scheduler's delays: a build that was going to start has started and finished. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150));
  await builder.scheduler.idle();
}

describe('POST /hooks/wordpress', () => {
  it('accepts a signed notification and builds once', async () => {
    expect(await send()).toEqual({ status: 202, text: '{"queued":true}\n' });
    await settle();
    expect(builds).toBe(1);
    expect(lines.filter((line) => line.startsWith('build '))).toEqual([
      expect.stringMatching(/^build ok in \d+\.\d\d s \(1 notification: post 12 publish\): incremental: 1 new, 0 changed, 0 removed posts; 14 of 120 pages rendered; WordPress: 5 requests, 12 KB; 2 files changed$/),
    ]);
  });

  it('refuses unsigned, forged, tampered, stale and future notifications with a bare 401, and builds nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const attempts: Sent[] = [
      { headers: { 'x-sqbb-signature': '' } },
      { signature: signHook('another-secret-of-at-least-32-characters!', String(now), BODY) },
      { signature: signHook(SECRET, String(now), BODY), body: BODY.replace('12', '13') },
      { signature: signHook(SECRET, String(now), BODY).replace(/.$/, (last) => (last === '0' ? '1' : '0')) },
      { signature: `sha1=${'0'.repeat(40)}` },
      { timestamp: String(now - 6 * 60) },
      { timestamp: String(now + 6 * 60) },
      { timestamp: 'yesterday' },
    ];
    for (const attempt of attempts) expect(await send(attempt), JSON.stringify(attempt)).toEqual({ status: 401, text: '' });
    const unsigned = await fetch(`${builder.url}/hooks/wordpress`, { method: 'POST', body: BODY });
    expect([unsigned.status, await unsigned.text()]).toEqual([401, '']);
    await settle();
    expect(builds).toBe(0);
    expect(builder.scheduler.status().queued).toBeNull();
  });

  it('refuses a replayed notification', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signHook(SECRET, timestamp, BODY);
    expect((await send({ timestamp, signature })).status).toBe(202);
    expect(await send({ timestamp, signature })).toEqual({ status: 401, text: '' });
    await settle();
    expect(builds).toBe(1);
  });

  it('refuses an oversized body, declared or streamed, with a bare 400 and builds nothing', async () => {
    const large = JSON.stringify({ events: [{ kind: 'post', action: 'publish', id: 12 }], padding: 'x'.repeat(70 * 1024) });
    expect(await send({ body: large })).toEqual({ status: 400, text: '' });
    expect(await postChunked(`${builder.url}/hooks/wordpress`, large, { 'x-sqbb-timestamp': String(Math.floor(Date.now() / 1000)), 'x-sqbb-signature': signHook(SECRET, String(Math.floor(Date.now() / 1000)), large) })).toBe(400);
    await settle();
    expect(builds).toBe(0);
  });

  it('refuses a signed body that is not a notification with a bare 400', async () => {
    for (const body of ['not json', '{"events":[]}', JSON.stringify({ events: [{ kind: 'post', action: 'publish', id: -1 }] })]) {
      expect(await send({ body }), body).toEqual({ status: 400, text: '' });
    }
    await settle();
    expect(builds).toBe(0);
  });

  it('answers other methods with 405', async () => {
    const response = await fetch(`${builder.url}/hooks/wordpress`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('gives twenty notifications in a burst at most two builds', async () => {
    // The burst arrives while the first build runs, however loaded the machine.
    buildMs = 3_000;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const body = JSON.stringify({ events: [{ kind: 'post', action: 'update', id: index + 1 }] });
        return send({ body });
      }),
    );
    await settle();
    expect(builds).toBeGreaterThanOrEqual(1);
    expect(builds).toBeLessThanOrEqual(2);
  });
});

describe('GET /healthz', () => {
  it('gives the last build, its result and what is queued', async () => {
    const before = await (await fetch(`${builder.url}/healthz`)).json();
    expect(before).toMatchObject({ status: 'ok', lastBuild: null, queued: null, building: null });
    await send();
    const queued = await (await fetch(`${builder.url}/healthz`)).json();
    expect(queued.queued ?? queued.building).toMatchObject({ notifications: 1, reasons: ['post 12 publish'] });
    await settle();
    const after = await fetch(`${builder.url}/healthz`);
    expect(after.headers.get('cache-control')).toBe('no-store');
    expect(await after.json()).toMatchObject({ status: 'ok', lastBuild: { result: 'ok', notifications: 1, detail: expect.stringContaining('2 files changed') }, queued: null });
  });
});

/** A POST whose body comes chunked, with no Content-Length: the limit holds as it streams. */
function postChunked(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as NodeJS.ErrnoException).code === 'EPIPE' ? resolve(400) : reject(error)));
    for (let offset = 0; offset < body.length; offset += 8192) outgoing.write(body.slice(offset, offset + 8192));
    outgoing.end();
  });
}
