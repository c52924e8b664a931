import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseOptions } from '../build/options.js';
import { runBuild, type WarmState } from '../build/pipeline.js';
import type { Raw, WordPressContent } from '../tests/unit/content-mutations.js';
import { startFakeWordPress } from '../tests/unit/fake-wordpress.js';
import { ensureContent } from './generate-content.js';

/**
 * The builder's builds in one process, without its HTTP service: a clean build of N synthetic posts
 * from the WordPress double, then R publishes, each built as the builder builds a notified post
 * (kept state, the post asked for by id; the post online first, then the later pages of its lists
 * in a second build), the output on tmpfs. Per publish: the first build's time and slowest stages,
 * the second's time, the heap after a GC (a leak would grow it). `cold`: no state kept between builds.
 *
 *   NODE_ENV=production npx tsx --expose-gc bench/warm-builds.ts [posts=5000] [runs=10] [cold]
 */
const [posts = 5000, runs = 10] = process.argv.slice(2).filter((arg) => /^\d+$/.test(arg)).map(Number);
const warm: WarmState | undefined = process.argv.includes('cold') ? undefined : {};
const generated = await ensureContent(posts);
const read = async (name: string) => JSON.parse(await readFile(path.join(generated, `${name}.json`), 'utf8')) as Raw[];
const content: WordPressContent = { posts: await read('posts'), categories: await read('categories'), tags: await read('tags'), media: new Map(), trash: [], clock: '2026-01-11T00:00:00' };
for (const post of content.posts) if (post.featured_media) content.media.set(post.featured_media, post.modified);
const wordpress = await startFakeWordPress(content);
const dir = await mkdtemp('/dev/shm/sqbb-warm-builds-');
const options = () => parseOptions(['--wp', wordpress.apiUrl, '--out', path.join(dir, 'site'), '--cache', path.join(dir, 'cache'), '--now', '2026-01-15T12:00:00Z'], {});
try {
  await runBuild(options(), true, warm);
  for (let run = 1; run <= runs; run += 1) {
    const id = Math.max(...content.posts.map((post) => post.id as number)) + 1;
    const date = new Date(Date.parse(`${content.clock}Z`) + run * 60_000).toISOString().slice(0, 19);
    content.posts.unshift({ ...structuredClone(content.posts[0] as Raw), id, slug: `article-${id}`, date, date_gmt: date, modified: date, modified_gmt: date, title: { rendered: `Publié n°${run}` } });
    const started = performance.now();
    const report = await runBuild({ ...options(), notifiedPosts: [id], later: true }, true, warm);
    const ms = performance.now() - started;
    const rest = report.run.pagesLater ? await runBuild({ ...options(), notifiedPosts: [id] }, true, warm) : undefined;
    const restMs = performance.now() - started - ms;
    (globalThis as { gc?: () => void }).gc?.();
    const slowest = Object.entries(report.stages).sort(([, a], [, b]) => b - a).slice(0, 5).map(([name, stage]) => `${name} ${Math.round(stage)}`);
    const then = rest ? `; then ${restMs.toFixed(0)} ms, ${rest.run.pagesRendered} pages rendered` : '';
    process.stdout.write(`publish ${run}: ${ms.toFixed(0)} ms (${slowest.join(', ')} ms), ${report.run.pagesRendered} pages rendered${then}, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB\n`);
  }
} finally {
  warm?.state?.close();
  await wordpress.close();
  await rm(dir, { recursive: true, force: true });
}
