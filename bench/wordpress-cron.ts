import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport } from '../build/report.js';
import type { Raw, WordPressContent } from '../tests/unit/content-mutations.js';
import { startFakeWordPress, type FakeWordPress } from '../tests/unit/fake-wordpress.js';
import { BENCH_NOW, type BuildRun } from './build-bench.js';
import { ensureContent } from './generate-content.js';
import { runNodeScript } from './measure.js';

/** One round of production's path: a clean build and three cron runs, each pulling a WordPress over HTTP. */
export interface WordPressRound {
  clean: BuildRun & { requests: number };
  noChange: BuildRun & { requests: number };
  newPost: BuildRun & { requests: number };
  editedPost: BuildRun & { requests: number };
}

/**
 * The WordPress of the README's cron line, for N synthetic posts: a local REST double
 * (tests/unit/fake-wordpress.ts: WordPress's paging, _embed, _fields, include, modified_after)
 * serves the generated posts over HTTP. Each round: a clean build (the full pull), then on that
 * output and state, as a crontab runs them: no change, one new post, one old post edited.
 */
export interface BenchWordPress {
  wordpress: FakeWordPress;
  /** Back to the generated posts. */
  reset(): void;
  /** A new post, the newest. */
  addPost(): void;
  /** An old post (at 80 % of the list) retitled, with a new modification date. */
  editOldPost(title: string): void;
  build(out: string, cache: string, extra?: string[]): Promise<BuildRun & { requests: number }>;
  /** One round into the folders `folder` names. */
  round(folder: (name: string) => string): Promise<WordPressRound>;
}

export async function startBenchWordPress(posts: number): Promise<BenchWordPress> {
  const dir = await ensureContent(posts);
  const read = async (name: string) => JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as Raw[];
  const base: WordPressContent = { posts: await read('posts'), categories: await read('categories'), tags: await read('tags'), media: new Map(), trash: [], clock: '2026-01-11T00:00:00' };
  for (const post of base.posts) if (post.featured_media) base.media.set(post.featured_media, post.modified);
  // The server reads this object on every request: a round edits it, the next starts from the base again.
  const content: WordPressContent = { ...base, posts: [...base.posts] };
  const wordpress = await startFakeWordPress(content);
  let minutes = 0;
  const tick = () => new Date(Date.parse('2026-01-11T09:00:00Z') + (minutes += 30) * 60_000).toISOString().slice(0, 19);
  const bench: BenchWordPress = {
    wordpress,
    reset() {
      content.posts = [...base.posts];
      minutes = 0;
    },
    addPost() {
      const newest = structuredClone(content.posts[0] as Raw);
      const id = Math.max(...content.posts.map((post) => post.id as number)) + 1;
      const date = tick();
      content.posts.unshift({ ...newest, id, slug: `nouvel-article-${id}`, date, date_gmt: date, modified: date, modified_gmt: date, title: { rendered: `Nouvel article ${id}` } });
    },
    editOldPost(title) {
      const at = Math.floor(content.posts.length * 0.8);
      const old = content.posts[at] as Raw;
      const modified = tick();
      content.posts[at] = { ...structuredClone(old), modified, modified_gmt: modified, title: { rendered: title } };
    },
    build: (out, cache, extra = []) => build(wordpress.apiUrl, out, cache, extra),
    async round(folder) {
      bench.reset();
      const out = folder('wp-site');
      const run = (extra: string[] = []) => bench.build(out, folder('wp-cache'), extra);
      const clean = await run(['--clean']);
      const noChange = await run();
      bench.addPost();
      const newPost = await run();
      bench.editOldPost('Un titre corrigé');
      const editedPost = await run();
      await rm(out, { recursive: true, force: true });
      return { clean, noChange, newPost, editedPost };
    },
  };
  return bench;
}

async function build(apiUrl: string, out: string, cache: string, extra: string[]): Promise<BuildRun & { requests: number }> {
  const { wallMs, cpuMs, peakRssMb } = await runNodeScript('build/launch.mjs', ['--wp', apiUrl, '--out', out, '--cache', cache, '--now', BENCH_NOW, ...extra]);
  const report = JSON.parse(await readFile(`${out}-report.json`, 'utf8')) as BuildReport;
  return { wallMs, cpuMs, peakRssMb, stages: report.stages, pages: report.pages, pagesRendered: report.run.pagesRendered, changed: report.changed, requests: report.run.wordpress?.requests ?? 0 };
}

