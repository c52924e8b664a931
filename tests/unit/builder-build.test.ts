import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireBuildLock } from '../../build/lock.js';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { parseBuilderConfig } from '../../builder/config.js';
import { startBuilder, type RunningBuilder } from '../../builder/service.js';
import { signHook } from '../../builder/signature.js';
import { createRandom, MUTATIONS, snapshotContent, type WordPressContent } from './content-mutations.js';
import { startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';
import { readTree } from './read-tree.js';

/**
 * Issue 32, the builder with the build's own entry against a WordPress double: a notification
 * gives the same incremental build as cron (the output of a clean build), a notification with
 * nothing new writes nothing, the publish command gets the changed paths, and a build failing
 * while WordPress is down keeps the last site and is tried again until WordPress is back.
 */
const SECRET = 'a-shared-secret-of-at-least-32-characters';
const NOW = '2026-01-15T12:00:00Z';

let root: string;
let wordpress: FakeWordPress;
let builder: RunningBuilder;
const content: WordPressContent = snapshotContent();
const random = createRandom(32);
const lines: string[] = [];
const out = () => path.join(root, 'site');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-builder-'));
  wordpress = await startFakeWordPress(content);
  const publishLog = path.join(root, 'published');
  const env = {
    WP_API_URL: wordpress.apiUrl,
    OUT_DIR: out(),
    BUILD_CACHE: path.join(root, 'cache'),
    BUILD_NOW: NOW,
    SITE_URL: 'http://127.0.0.1:4173',
    BUILDER_SECRET: SECRET,
    BUILDER_PORT: '0',
    // Each publish appends its list to a file, or fails while a flag file exists.
    BUILDER_PUBLISH: `test ! -e "${root}/publish-fails" || { echo "rsync: connection refused" >&2; exit 12; }; { echo "--- $SQBB_OUT_DIR"; cat "$SQBB_CHANGED_PATHS"; } >> "${publishLog}"`,
  };
  builder = await startBuilder(parseBuilderConfig([], env), { env, timing: { debounceMs: 20, minIntervalMs: 200, retryFirstMs: 300 }, log: (line) => lines.push(line) });
  // The catch-up build at start: the first (clean) one.
  await waitForBuilds(1);
}, 120_000);

afterAll(async () => {
  await builder?.stop();
  await wordpress?.close();
  await rm(root, { recursive: true, force: true });
});

async function notify(events: object[] = [{ kind: 'post', action: 'publish', id: 1 }]): Promise<number> {
  const body = JSON.stringify({ events });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${builder.url}/hooks/wordpress`, { method: 'POST', headers: { 'x-sqbb-timestamp': timestamp, 'x-sqbb-signature': signHook(SECRET, timestamp, body) }, body });
  return response.status;
}

async function waitForBuilds(count: number): Promise<string[]> {
  const deadline = Date.now() + 90_000;
  while (lines.filter((line) => line.startsWith('build ')).length < count) {
    if (Date.now() > deadline) throw new Error(`no build ${count}: ${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return lines.filter((line) => line.startsWith('build '));
}

async function expectCleanBuildOutput(): Promise<void> {
  const clean = path.join(root, 'clean');
  await runBuild(parseOptions(['--wp', wordpress.apiUrl, '--out', clean, '--cache', path.join(root, 'clean-cache'), '--now', NOW, '--site-url', 'http://127.0.0.1:4173', '--clean'], {}), true);
  const [built, expected] = await Promise.all([readTree(out()), readTree(clean)]);
  expect(Object.keys({ ...built, ...expected }).filter((file) => built[file] !== expected[file])).toEqual([]);
}

async function publishedLists(): Promise<string[][]> {
  const text = await readFile(path.join(root, 'published'), 'utf8').catch(() => '');
  return text.split('--- ').filter(Boolean).map((block) => block.trim().split('\n').slice(1));
}

describe('the builder with the build itself', () => {
  it('publishes a new post within one build of its notification: the output of a clean build, the publish command given exactly the changed paths', async () => {
    const before = await readTree(out());
    MUTATIONS['new post']?.(content, random);
    const id = content.posts[0]?.id as number;
    expect(await notify([{ kind: 'post', action: 'publish', id }])).toBe(202);
    const [, line] = await waitForBuilds(2);
    // The post first, then the later pages of its lists in a second build.
    expect(line).toMatch(/^build ok in \d+\.\d\d s \(1 notification: post \d+ publish\): incremental: 1 new, 0 changed, 0 removed posts; \d+ of [\d,]+ pages rendered \(\d+ list pages left one post behind for the next run\); WordPress: 1 request, \d+ KB; then [1-9]\d* of [\d,]+ pages rendered; \d+ files changed; published \d+ paths in/);
    expect(await readdir(path.join(out(), 'actualites/article'))).toContain(String(id));
    await expectCleanBuildOutput();
    const after = await readTree(out());
    const changed = Object.keys({ ...before, ...after }).filter((file) => before[file] !== after[file]).map((file) => `/${file}`).sort();
    const lists = await publishedLists();
    expect(lists.at(-1)).toEqual(changed);
    expect(changed).toEqual(expect.arrayContaining([`/actualites/article/${id}/index.html`, '/actualites/index.html', '/index.html']));
  });

  it('writes no file and asks WordPress at most 5 requests for a notification that changes nothing, and publishes nothing', async () => {
    const before = await readTree(out());
    const requests = wordpress.requests.length;
    const published = (await publishedLists()).length;
    expect(await notify([{ kind: 'term', action: 'edit', id: 3, taxonomy: 'category' }])).toBe(202);
    const [, , line] = await waitForBuilds(3);
    expect(line).toMatch(/: incremental: 0 new, 0 changed, 0 removed posts; 0 of [\d,]+ pages rendered; WordPress: [1-5] requests?, \d+ KB; 0 files changed; nothing to publish$/);
    expect(wordpress.requests.length - requests).toBeLessThanOrEqual(5);
    expect(await readTree(out())).toEqual(before);
    expect((await publishedLists()).length).toBe(published);
  });

  it('keeps the last site while WordPress is down, tries again, and catches up once it is back', async () => {
    const before = await readTree(out());
    const port = Number(new URL(wordpress.apiUrl).port);
    await wordpress.close();
    MUTATIONS['edited title']?.(content, random);
    expect(await notify([{ kind: 'post', action: 'update', id: 1 }])).toBe(202);
    const [, , , failed] = await waitForBuilds(4);
    expect(failed).toMatch(/^build failed in .*: ContentError: WordPress at http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2 could not be read: .*ECONNREFUSED.*; retry in 0\.3 s$/);
    expect(await readTree(out())).toEqual(before);
    const health = await fetch(`${builder.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'failing', lastBuild: { result: 'failed' }, consecutiveFailures: 1 });
    wordpress = await startFakeWordPress(content, { port });
    const deadline = Date.now() + 60_000;
    while (!lines.at(-1)?.startsWith('build ok') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.at(-1)).toMatch(/^build ok .*\(retry\): incremental: 0 new, 1 changed, 0 removed posts/);
    expect((await (await fetch(`${builder.url}/healthz`)).json()).status).toBe('ok');
    await expectCleanBuildOutput();
  });

  it('waits for a cron run holding the output, answering meanwhile, then builds', async () => {
    const lock = acquireBuildLock(out(), 0);
    const count = lines.filter((line) => line.startsWith('build ')).length;
    MUTATIONS['edited body']?.(content, random);
    try {
      await notify([{ kind: 'post', action: 'update', id: 1 }]);
      const deferred = (await waitForBuilds(count + 1)).at(-1);
      expect(deferred).toMatch(/^build deferred \(1 notification: post 1 update\): another build is writing .*; trying again in 2\.0 s$/);
      const started = performance.now();
      expect((await fetch(`${builder.url}/healthz`)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      lock.release();
    }
    const built = await waitForBuilds(count + 2).then(async (all) => (all.at(-1)?.startsWith('build deferred') ? (await waitForBuilds(count + 3)).at(-1) : all.at(-1)));
    expect(built).toMatch(/^build ok .*\(1 notification: post 1 update\): incremental: 0 new, 1 changed/);
    await expectCleanBuildOutput();
  });

  it('sends the paths of a failed publish with the next one', async () => {
    await writeFile(path.join(root, 'publish-fails'), '');
    const published = (await publishedLists()).length;
    const count = lines.filter((line) => line.startsWith('build ')).length;
    MUTATIONS['new post']?.(content, random);
    const id = content.posts[0]?.id as number;
    await notify([{ kind: 'post', action: 'publish', id }]);
    const failed = (await waitForBuilds(count + 1)).at(-1);
    expect(failed).toMatch(/^build failed .*: PublishError: incremental: 1 new, .*; the publish command exited with 12: rsync: connection refused \(\d+ paths sent with the next publish\); retry in/);
    await rm(path.join(root, 'publish-fails'));
    const retried = (await waitForBuilds(count + 2)).at(-1);
    expect(retried).toMatch(/\(retry\): incremental: 0 new, 0 changed, 0 removed posts; .*; 0 files changed; published \d+ paths in/);
    const lists = await publishedLists();
    expect(lists.length).toBe(published + 1);
    expect(lists.at(-1)).toContain(`/actualites/article/${id}/index.html`);
  });
});
