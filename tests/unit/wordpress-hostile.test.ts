import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { MAX_RESPONSE_BYTES } from '../../build/wordpress/http.js';
import { snapshotContent, type WordPressContent } from './content-mutations.js';
import { listAnswer, startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';
import { readTree } from './read-tree.js';

/**
 * Issue 30's hostile WordPress, against whole builds: a huge body, an endless one, a lying page
 * count, a page repeated. Each build fails on one line naming the cause, sends no request once it
 * has failed, and leaves the previous output as it was.
 */

const NOW = '2026-01-15T12:00:00Z';
const ROOT = path.resolve(import.meta.dirname, '../..');

let root: string;
let wordpress: FakeWordPress;
const content: WordPressContent = snapshotContent();
const out = () => path.join(root, 'site');
const cache = () => path.join(root, 'cache');
const build = (...extra: string[]) => runBuild(parseOptions(['--wp', wordpress.apiUrl, '--out', out(), '--cache', cache(), '--now', NOW, ...extra], {}), true);

const isPosts = (url: URL) => url.pathname.endsWith('/posts') && url.searchParams.get('_embed') === '1';

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
    expect(wordpress.requests.filter((request) => request.includes('_embed=1'))).toHaveLength(1);
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
    expect(wordpress.requests.filter((request) => request.includes('_embed=1')).length).toBeLessThanOrEqual(4);
  });

  it('fails when every page is page 1 again, after a few requests', async () => {
    interceptPosts((url, response) => {
      const first = new URL(url);
      first.searchParams.set('page', '1');
      const { items, total } = listAnswer(content, first);
      response.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': String(total * 12), 'x-wp-totalpages': '12' }).end(JSON.stringify(items));
    });
    await expectFailure(/^WordPress at \S+ could not be read: posts: page \d+ repeats the items of page 1: WordPress, or a cache in front of it, ignores the page asked for \(\S+\)$/);
    expect(wordpress.requests.filter((request) => request.includes('_embed=1')).length).toBeLessThanOrEqual(4);
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

  it('builds again once WordPress behaves', async () => {
    wordpress.intercept = undefined;
    const report = await build();
    expect(report.pages).toBeGreaterThan(50);
  });
});
