import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, stateFile } from '../../build/state/database.js';
import { editorReason } from '../../builder/editor-words.js';
import { createGoHandler } from '../../builder/go.js';
import { BuildScheduler, type Batch } from '../../builder/scheduler.js';
import { articleFile, SiteStatus } from '../../builder/site-status.js';

/**
 * Issue 39: what wp-admin's "Site public" says of a post, from WordPress's modification date, the
 * date the site was built from (the state's record of WordPress), the article page in the output and
 * the builds queued or running; and "Afficher l'article" (/go/) that waits until the site shows it.
 */
let root: string;
let outDir: string;
let cacheDir: string;
let runs: ((batch: Batch) => Promise<string>)[];
let scheduler: BuildScheduler;
let status: SiteStatus;

/** The site as a build leaves it: the post's page, and the version WordPress gave of it. */
async function builtWith(id: number, modified: string): Promise<void> {
  await mkdir(path.dirname(articleFile(outDir, id)), { recursive: true });
  await writeFile(articleFile(outDir, id), '<h1>Article</h1>');
  const { db } = openDatabase(stateFile({ outDir, cacheDir }));
  db.prepare('INSERT OR REPLACE INTO wp_known (id, modified, media_id, terms) VALUES (?, ?, 0, ?)').run(id, modified, '');
  db.close();
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-site-status-'));
  outDir = path.join(root, 'dist');
  cacheDir = path.join(root, 'cache');
  runs = [];
  scheduler = new BuildScheduler({
    run: (batch) => (runs.shift() ?? (async () => 'built'))(batch),
    log: () => {},
    debounceMs: 10,
    minIntervalMs: 10,
    retryFirstMs: 60_000,
  });
  status = new SiteStatus({ outDir, cacheDir, scheduler });
});
afterEach(async () => {
  await scheduler.stop();
  await rm(root, { recursive: true, force: true });
});

const post = (id: number, modified: string, wpStatus = 'publish') => ({ id, status: wpStatus, modified });

describe('the site status of a post', () => {
  it('is live, with the time its page was written, when the site was built from this version', async () => {
    await builtWith(12, '2026-11-28T14:05:00');
    const line = status.posts([post(12, '2026-11-28T14:05:00')], false)[12];
    expect(line?.state).toBe('live');
    expect(Date.parse(line?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is being updated while a build naming it is queued or running, even when the state already has it', async () => {
    await builtWith(12, '2026-11-28T14:05:00');
    let finish: () => void = () => {};
    runs.push(() => new Promise((resolve) => (finish = () => resolve('built'))));
    scheduler.notify(['post 12 update'], 1, [12]);
    expect(status.posts([post(12, '2026-11-28T14:05:00')], false)[12]?.state).toBe('updating');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(status.posts([post(12, '2026-11-28T14:05:00')], false)[12]?.state).toBe('updating');
    finish();
    await scheduler.idle();
    expect(status.posts([post(12, '2026-11-28T14:05:00')], false)[12]?.state).toBe('live');
  });

  it('has failed, with the reason in an editor\'s words, when the build for it failed', async () => {
    const unreachable = Object.assign(new Error('WordPress at http://cms.test could not be read: ECONNREFUSED'), { name: 'WordPressError' });
    runs.push(async () => Promise.reject(unreachable));
    scheduler.notify(['post 12 publish'], 1, [12]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(status.posts([post(12, '2026-11-28T14:05:00')], false)[12]).toEqual({ state: 'failed', reason: 'le service de construction n’a pas pu lire les articles dans WordPress' });
    expect(status.builder()).toMatchObject({ result: 'failed', reason: 'le service de construction n’a pas pu lire les articles dans WordPress' });
  });

  it('is absent for a draft the site does not show, and waiting for a build for a trashed post it still shows', async () => {
    expect(status.posts([post(30, '2026-11-28T14:05:00', 'draft')], false)[30]?.state).toBe('absent');
    await builtWith(31, '2026-11-28T14:05:00');
    expect(status.posts([post(31, '2026-11-28T14:06:00', 'trash')], false)[31]?.state).toBe('waiting');
  });

  it('builds once a version the site is behind on with no build coming (its notification was lost), then waits', async () => {
    await builtWith(12, '2026-11-28T14:05:00');
    expect(status.posts([post(12, '2026-11-28T14:09:00')], true)[12]?.state).toBe('updating');
    expect(scheduler.isUpdating(12)).toBe(true);
    await scheduler.idle();
    // The build did not bring that version (this test's build writes nothing): asked again, no second build.
    expect(status.posts([post(12, '2026-11-28T14:09:00')], true)[12]?.state).toBe('waiting');
    expect(scheduler.busy).toBe(false);
  });
});

describe('GET /go/<post>: "Afficher l\'article"', () => {
  const go = (url: string, waitMs = 2_000) => createGoHandler({ siteStatus: status, siteUrl: 'https://www.sqbb.example', waitMs })(new URL(url, 'http://builder.test'));

  it('redirects to the article on the site at once when the site shows that version', async () => {
    await builtWith(12, '2026-11-28T14:05:00');
    const answer = await go('/go/12?v=2026-11-28T14:05:00');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('https://www.sqbb.example/actualites/article/12/');
  });

  it('waits for the version just published (its notification still on its way), then redirects', async () => {
    const started = Date.now();
    setTimeout(() => void builtWith(40, '2026-11-28T15:00:00'), 300);
    const answer = await go('/go/40?v=2026-11-28T15:00:00');
    expect(answer.status).toBe(302);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('says in French that the article is not online yet after its wait, with the article\'s address', async () => {
    const answer = await go('/go/41?v=2026-11-28T15:00:00', 300);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Le site public n’affiche pas encore cette version de l’article');
    expect(answer.body).toContain('https://www.sqbb.example/actualites/article/41/');
  });

  it('redirects as soon as the build has put the post online, while it goes on with the later pages of its lists; a failure after that leaves it live', async () => {
    let online: () => Promise<void> = async () => {};
    let fail: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    runs.push(
      (batch) =>
        new Promise((_, reject) => {
          started();
          // The first of the job's two builds: the post saved and online, then the job goes on.
          online = async () => {
            await builtWith(50, '2026-11-28T16:00:00');
            batch.postsOnline = true;
          };
          fail = () => reject(new Error('the second build failed'));
        }),
    );
    scheduler.notify(['post 50 publish'], 1, [50], true);
    await running;
    try {
      expect(status.posts([post(50, '2026-11-28T16:00:00')], false)[50]?.state).toBe('updating');
      const answer = go('/go/50?v=2026-11-28T16:00:00', 20_000);
      await online();
      expect((await answer).status).toBe(302);
      expect(status.posts([post(50, '2026-11-28T16:00:00')], false)[50]?.state).toBe('live');
    } finally {
      // The job ends whatever the test found: the scheduler stops after it.
      fail();
    }
    while (scheduler.status().consecutiveFailures === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(status.posts([post(50, '2026-11-28T16:00:00')], false)[50]?.state).toBe('live');
  });

  it('answers 404 to anything but a post id', async () => {
    for (const url of ['/go/', '/go/abc', '/go/0', '/go/12/../../etc']) expect((await go(url)).status, url).toBe(404);
  });
});

describe('why a build failed, in an editor\'s words', () => {
  it('names the data file a DataError is about, with its folder', () => {
    const error = Object.assign(new Error('/srv/sqbb-site/data/season/2025-26.json: match 12: kickoff "2025-13-01T20:00" is not a date-time'), { name: 'DataError' });
    expect(editorReason(error)).toBe('un fichier de données du club est invalide (season/2025-26.json) : la personne qui gère le site doit le corriger');
    expect(editorReason(new TypeError('fetch failed'))).toBe('le service de construction n’a pas pu joindre WordPress');
  });
});
