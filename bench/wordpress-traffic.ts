import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport } from '../build/report.js';
import type { Raw, WordPressContent } from '../tests/unit/content-mutations.js';
import { startFakeWordPress } from '../tests/unit/fake-wordpress.js';
import { BENCH_NOW, RUN_ROOT } from './build-bench.js';
import { ensureContent } from './generate-content.js';
import { runNodeScript } from './measure.js';

export interface TrafficRun {
  requests: number;
  bytes: number;
  wallMs: number;
  pagesRendered: number;
}

export interface TrafficResult {
  posts: number;
  full: TrafficRun;
  noChange: TrafficRun;
  newPost: TrafficRun;
}

/**
 * What a cron run costs the club's WordPress: N synthetic posts served by a local WordPress REST
 * double (tests/unit/fake-wordpress.ts: WordPress's paging, _embed, _fields, modified_after), a
 * clean build (the full pull), a cron run with no change, then one after a new post.
 */
export async function benchWordPressTraffic(posts: number, log: (line: string) => void): Promise<TrafficResult> {
  const dir = await ensureContent(posts);
  const read = async (name: string) => JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as Raw[];
  const content: WordPressContent = { posts: await read('posts'), categories: await read('categories'), tags: await read('tags'), media: new Map(), trash: [], clock: '2026-01-11T00:00:00' };
  for (const post of content.posts) if (post.featured_media) content.media.set(post.featured_media, post.modified);
  const wordpress = await startFakeWordPress(content);
  const out = path.join(RUN_ROOT, 'runs', `traffic-${posts}`);
  const run = async (extra: string[]): Promise<TrafficRun> => {
    const measured = await runNodeScript('build/launch.mjs', ['--wp', wordpress.apiUrl, '--out', out, '--cache', `${out}-cache`, '--now', BENCH_NOW, ...extra]);
    const report = JSON.parse(await readFile(`${out}-report.json`, 'utf8')) as BuildReport;
    return { requests: report.run.wordpress?.requests ?? 0, bytes: report.run.wordpress?.bytes ?? 0, wallMs: measured.wallMs, pagesRendered: report.run.pagesRendered };
  };
  try {
    const full = await run(['--clean']);
    const noChange = await run([]);
    const newest = structuredClone(content.posts[0] as Raw);
    const id = Math.max(...content.posts.map((post) => post.id as number)) + 1;
    content.posts.unshift({ ...newest, id, slug: `nouvel-article-${id}`, date: content.clock, modified: content.clock, title: { rendered: `Nouvel article ${id}` } });
    const newPost = await run([]);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    log(`  ${posts} posts: full pull ${full.requests} requests ${mb(full.bytes)}; no change ${noChange.requests} requests ${(noChange.bytes / 1024).toFixed(1)} KB; one new post ${newPost.requests} requests ${(newPost.bytes / 1024).toFixed(1)} KB`);
    return { posts, full, noChange, newPost };
  } finally {
    await wordpress.close();
  }
}
