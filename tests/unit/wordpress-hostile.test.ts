import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBuilderConfig } from '../../builder/config.js';
import { OptionsError, parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { MAX_PULL_BYTES, MAX_RESPONSE_BYTES } from '../../build/wordpress/http.js';
import { snapshotContent, type WordPressContent } from './content-mutations.js';
import { listAnswer, startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';
import { readTree } from './read-tree.js';

/**
 * Issue 30's hostile WordPress, against whole builds: a huge body, an endless one, a lying page
 * count, a page repeated; issue 41's: a redirect to another host, pages that each pass the cap on
 * one answer but together fill the memory, credentials in the REST base's URL. Each build fails on
 * one line naming the cause, sends no request once it has failed, and leaves the previous output as
 * it was.
 */

const NOW = '2026-01-15T12:00:00Z';
const ROOT = path.resolve(import.meta.dirname, '../..');

let root: string;
let wordpress: FakeWordPress;
const content: WordPressContent = snapshotContent();
const out = () => path.join(root, 'site');
const cache = () => path.join(root, 'cache');
const build = (...extra: string[]) => runBuild(parseOptions(['--wp', wordpress.apiUrl, '--out', out(), '--cache', cache(), '--now', NOW, ...extra], {}), true);

const isPosts = (url: URL) => url.pathname.endsWith('/posts') && url.searchParams.has('_embed');

/** The posts' answers of a clean build (a full pull), the rest as WordPress gives it. */
function interceptPosts(answer: (url: URL, response: ServerResponse) => void): void {
  wordpress.intercept = (url, _request, response) => {
    if (!isPosts(url)) return false;
    answer(url, response);
    return true;
  };
}

/** Streams `chunk` until the client hangs up; `sent` counts the bytes written. */
function pumpForever(response: ServerResponse, chunk: Buffer, sent: { bytes: number }): void {
  response.on('error', () => {});
  const pump = () => {
    while (!response.destroyed) {
      sent.bytes += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
  };
  pump();
}

/** The build fails with one line matching `reason`, the output stays byte for byte, and no request comes once the failed ones are in. */
async function expectFailure(reason: RegExp, extra: string[] = ['--clean']): Promise<Error> {
  const before = await readTree(out());
  wordpress.requests.length = 0;
  const error = (await build(...extra).catch((caught: Error) => caught)) as Error;
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toMatch(reason);
  expect(error.message).not.toContain('\n');
  // The requests in flight when it failed arrive meanwhile; then nothing more (no retry, no next page).
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sent = wordpress.requests.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(wordpress.requests, 'requests long after the build failed').toHaveLength(sent);
  expect(await readTree(out())).toEqual(before);
  return error;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-hostile-wp-'));
  wordpress = await startFakeWordPress(content);
  await build();
}, 120_000);
afterAll(async () => {
  await wordpress.close();
  await rm(root, { recursive: true, force: true });
});

describe('a build from a WordPress that misbehaves', () => {
  it('fails on a body declared larger than the cap, naming the URL and the cap, after one request for it', async () => {
    interceptPosts((_url, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      response.write('[');
    });
    await expectFailure(/^WordPress at \S+ could not be read: \S+\/posts\?per_page=100&page=1&\S+ is larger than 67108864 bytes \(64 MB, the limit for one answer\)$/);
    expect(wordpress.requests.filter((request) => request.includes('_embed='))).toHaveLength(1);
  });

  it('fails on an endless body once the cap is read, in a process whose memory stays far below what was sent', async () => {
    const sent = { bytes: 0 };
    const chunk = Buffer.from(`[${'{"id":1,"title":{"rendered":"Victoire à Pierre-Ratte"}},'.repeat(20_000)}`);
    interceptPosts((_url, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      pumpForever(response, chunk, sent);
    });
    const before = await readTree(out());
    // The build as cron runs it, in a process of its own: its peak memory is its own.
    const child = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--require', path.join(ROOT, 'tests/unit/report-max-rss.cjs'), 'build/launch.mjs', '--wp', wordpress.apiUrl, '--out', out(), '--cache', cache(), '--now', NOW, '--clean'],
        { cwd: ROOT, env: { ...process.env, CI: '1' } },
        (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
      );
    });
    expect(child.code).toBe(1);
    const failed = child.stderr.split('\n').filter((line) => line.startsWith('Build failed: '));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(/^Build failed: ContentError: WordPress at \S+ could not be read: \S+\/posts\?\S+ is larger than 67108864 bytes \(64 MB, the limit for one answer\)$/);
    const maxRssBytes = Number(/^max-rss-kb (\d+)$/m.exec(child.stderr)?.[1]) * 1024;
    // The server kept sending until the build hung up: a little over the cap, nothing like "endless".
    expect(sent.bytes).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(sent.bytes).toBeLessThan(MAX_RESPONSE_BYTES + 32 * 1024 * 1024);
    // The whole build process (Node, React, the compiled build) with the capped body in memory.
    expect(maxRssBytes).toBeGreaterThan(MAX_RESPONSE_BYTES);
    expect(maxRssBytes).toBeLessThan(512 * 1024 * 1024);
    expect(await readTree(out())).toEqual(before);
  }, 120_000);

  it('fails on the first page past the real end when X-WP-TotalPages lies, with at most the requests in flight after it', async () => {
    interceptPosts((url, response) => {
      const { items, total } = listAnswer(content, url);
      const page = Number(url.searchParams.get('page'));
      // WordPress's answer past the last page, which X-WP-TotalPages said was the 400th.
      if (page > 1) return void response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'rest_post_invalid_page_number' }));
      response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': String(total), 'x-wp-totalpages': '400' }).end(JSON.stringify(items));
    });
    await expectFailure(/^WordPress at \S+ could not be read: posts: page [234] of the 400 X-WP-TotalPages announced: \S+ answered HTTP 400 rest_post_invalid_page_number$/);
    // Page 1, then the three in flight at most.
    expect(wordpress.requests.filter((request) => request.includes('_embed=')).length).toBeLessThanOrEqual(4);
  });

  it('fails when every page is page 1 again, after a few requests', async () => {
    interceptPosts((url, response) => {
      const first = new URL(url);
      first.searchParams.set('page', '1');
      const { items, total } = listAnswer(content, first);
      response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': String(total * 12), 'x-wp-totalpages': '12' }).end(JSON.stringify(items));
    });
    await expectFailure(/^WordPress at \S+ could not be read: posts: page \d+ repeats the items of page 1: WordPress, or a cache in front of it, ignores the page asked for \(\S+\)$/);
    expect(wordpress.requests.filter((request) => request.includes('_embed=')).length).toBeLessThanOrEqual(4);
  });

  it('fails on a cron run whose categories announce pages that are empty', async () => {
    wordpress.intercept = (url, _request, response) => {
      if (!url.pathname.endsWith('/categories')) return false;
      const { items } = listAnswer(content, url);
      response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': '40000', 'x-wp-totalpages': '400' }).end(JSON.stringify(items));
      return true;
    };
    await expectFailure(/^WordPress at \S+ could not be read: categories: page \d+ is empty, though X-WP-TotalPages announced 400 \(\S+\)$/, []);
    expect(wordpress.requests.filter((request) => request.includes('/categories')).length).toBeLessThanOrEqual(4);
  });

  it('fails on a redirect to another host on one line naming both URLs: that host is never asked, nothing of it published', async () => {
    const asked: string[] = [];
    const elsewhere: Server = createServer((request, response) => {
      asked.push(request.url ?? '');
      const { items, total } = listAnswer(content, new URL(request.url ?? '/', 'http://x'));
      response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': String(total), 'x-wp-totalpages': '1' }).end(JSON.stringify(items.map((item) => ({ ...item, title: { rendered: 'Publié par un autre site' } }))));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      interceptPosts((url, response) => void response.writeHead(302, { location: `${other}${url.pathname}${url.search}` }).end());
      const error = await expectFailure(/^WordPress at \S+ could not be read: http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/posts\?\S+ redirects to http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/posts\?\S+: another origin than http:\/\/127\.0\.0\.1:\d+ /);
      expect(error.message).toContain(`redirects to ${other}/wp-json/wp/v2/posts?`);
      expect(asked).toEqual([]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  it('follows a redirect within WordPress’s origin and builds the same site', async () => {
    wordpress.intercept = undefined;
    const direct = await build('--clean');
    const before = await readTree(out());
    // Every REST answer moved once (a WordPress behind a proxy adding a trailing parameter).
    wordpress.intercept = (url, _request, response) => {
      if (url.searchParams.has('moved')) return false;
      const target = new URL(url);
      target.searchParams.set('moved', '1');
      response.writeHead(301, { location: `${target.pathname}${target.search}` }).end();
      return true;
    };
    const moved = await build('--clean');
    expect(moved.pages).toBe(direct.pages);
    expect(wordpress.requests.some((request) => request.includes('moved=1'))).toBe(true);
    expect(await readTree(out())).toEqual(before);
  });

  it('builds again once WordPress behaves', async () => {
    wordpress.intercept = undefined;
    const report = await build();
    expect(report.pages).toBeGreaterThan(50);
  });
});

/** `npm run build` as cron starts it, in a process of its own. */
function buildProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--require', path.join(ROOT, 'tests/unit/report-max-rss.cjs'), 'build/launch.mjs', ...args], { cwd: ROOT, env: { ...process.env, CI: '1', ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

const failedLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('Build failed: '));
const maxRss = (stderr: string) => Number(/^max-rss-kb (\d+)$/m.exec(stderr)?.[1]) * 1024;

describe('a whole pull bounded', () => {
  it('stops 20 pages of 59 MB (each under the 64 MB cap) at the pull’s cap, on one line, in a process far from the gigabytes they add up to', async () => {
    const page = 59 * 1024 * 1024;
    const filler = Buffer.alloc(page, 'a');
    const sent = { pages: 0 };
    interceptPosts((url, response) => {
      const number = Number(url.searchParams.get('page'));
      sent.pages += 1;
      response.on('error', () => {});
      response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': '20', 'x-wp-totalpages': '20' });
      // One post per page, its content 59 MB: valid JSON, new ids, as the probe's WordPress sent.
      response.write(`[{"id":${number},"date":"2026-01-01T10:00:00","modified":"2026-01-01T10:00:00","title":{"rendered":"Page ${number}"},"content":{"rendered":"`);
      response.write(filler);
      response.end('"}}]');
    });
    try {
      const before = await readTree(out());
      const child = await buildProcess(['--wp', wordpress.apiUrl, '--out', out(), '--cache', cache(), '--now', NOW, '--clean']);
      expect(child.code).toBe(1);
      const failed = failedLines(child.stderr);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(/^Build failed: ContentError: WordPress at \S+ could not be read: (posts: page \d+ of the 20 X-WP-TotalPages announced: )?\S+\/posts\?per_page=100&page=\d+\S*: the pull holds more than 268435456 bytes with it \(256 MB, the limit for a whole pull: MAX_PULL_BYTES in build\/wordpress\/http\.ts\)$/);
      // Five pages reach the cap; the three in flight then are cut off, and no page after them is asked.
      expect(sent.pages).toBeLessThanOrEqual(8);
      const rss = maxRss(child.stderr);
      // The probe's build reached 3.06 GB; the cap and the page being parsed, no more.
      expect(rss).toBeGreaterThan(MAX_PULL_BYTES);
      expect(rss).toBeLessThan(1024 * 1024 * 1024);
      expect(await readTree(out())).toEqual(before);
      console.log(`whole-pull cap: ${sent.pages} pages of 59 MB asked, peak RSS ${Math.round(rss / 1024 / 1024)} MB`);
    } finally {
      wordpress.intercept = undefined;
    }
  }, 180_000);
});

describe('credentials never printed', () => {
  const secret = 'Zq9-s3cr3t-Xw';
  const withCredentials = () => wordpress.apiUrl.replace('http://', `http://editor:${secret}@`);

  it('refuses a REST base carrying a user name and password, on one line that does not repeat them (build, builder)', async () => {
    const error = (() => {
      try {
        parseOptions(['--wp', withCredentials()], {});
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(OptionsError);
    expect(error?.message).toMatch(/^--wp \/ WP_API_URL: the URL carries a user name or password \(http:\/\/\*\*\*@127\.0\.0\.1:\d+\): remove them: they are never sent, and would be printed in logs/);
    expect(error?.message).not.toContain(secret);
    expect(error?.message).not.toContain('editor');
    // The builder reads the same options: it never starts, so neither its start line nor /healthz can show them.
    expect(() => parseBuilderConfig([], { WP_API_URL: withCredentials(), BUILDER_SECRET: 'x'.repeat(64), BUILDER_PORT: '0' })).toThrow(/carries a user name or password \(http:\/\/\*\*\*@/);
    // As cron runs it, from the environment.
    const child = await buildProcess(['--out', out(), '--cache', cache(), '--now', NOW], { WP_API_URL: withCredentials() });
    expect(child.code).toBe(1);
    expect(failedLines(child.stderr)).toHaveLength(1);
    expect(`${child.stdout}${child.stderr}`).not.toContain(secret);
    // A URL that does not even parse is not repeated with them either.
    expect(() => parseOptions(['--wp', `http://editor:${secret}@exa mple`], {})).toThrow(/^--wp \/ WP_API_URL: "http:\/\/\*\*\*@exa mple" is not an absolute URL$/);
  });

  it('masks those a post or a redirect brings, in the log lines, the warnings and the report', async () => {
    const post = content.posts[0] as { content: { rendered: string } };
    const original = post.content.rendered;
    const host = new URL(wordpress.apiUrl).host;
    post.content.rendered = `${original}<p><img src="http://editor:${secret}@${host}/wp-content/uploads/2025/11/photo.jpg" alt="Photo"></p>`;
    try {
      const built = await buildProcess(['--wp', wordpress.apiUrl, '--out', out(), '--cache', cache(), '--now', NOW, '--clean']);
      expect(built.code).toBe(0);
      // The log groups the image warnings (one line a kind); the report keeps each with its URL.
      expect(built.stdout).toMatch(/posts with an image left out/);
      const report = await readFile(`${out()}-report.json`, 'utf8');
      expect(report).toMatch(/\*\*\*@127\.0\.0\.1:\d+\/wp-content\/uploads\/2025\/11\/photo\.jpg carries credentials/);
      expect(`${built.stdout}${built.stderr}${report}`).not.toContain(secret);
      // A WordPress whose answer redirects to a URL with credentials: refused, and the line masks them.
      interceptPosts((url, response) => void response.writeHead(302, { location: `http://editor:${secret}@${host}${url.pathname}${url.search}` }).end());
      const redirected = await buildProcess(['--wp', wordpress.apiUrl, '--out', out(), '--cache', cache(), '--now', NOW, '--clean']);
      expect(redirected.code).toBe(1);
      expect(failedLines(redirected.stderr)).toEqual([expect.stringMatching(/redirects to http:\/\/\*\*\*@127\.0\.0\.1:\d+\/wp-json\/wp\/v2\/posts\?\S+: the target carries a user name or password$/)]);
      expect(`${redirected.stdout}${redirected.stderr}`).not.toContain(secret);
    } finally {
      post.content.rendered = original;
      wordpress.intercept = undefined;
    }
  }, 120_000);
});
