import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport } from '../build/report.js';
import { ensureContent } from './generate-content.js';
import { runNodeScript } from './measure.js';
import { spread, type Spread } from './stats.js';
import { startBenchWordPress, type BenchWordPress, type WordPressRound } from './wordpress-cron.js';

export const BENCH_NOW = '2026-01-15T12:00:00Z';
/** The shared reference floor (issue "Clean build as fast as Hugo"): React renderToString of the same site, whole pages. */
const FLOOR = path.resolve(import.meta.dirname, '../../shared/bench/floor.mjs');
/** Runs on tmpfs: this VM's disk makes absolute times drift (see bench/README.md). */
const ON_TMPFS = existsSync('/dev/shm');
export const RUN_ROOT = ON_TMPFS ? '/dev/shm/sqbb-bench' : path.resolve(import.meta.dirname, '../.tmp/bench-runs');

/** One measured process. */
export interface ProcessRun {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
}

export interface BuildRun extends ProcessRun {
  stages: Record<string, number>;
  pages: number;
  pagesRendered: number;
  /** Files whose bytes changed (new inodes: what rsync or a CDN would upload). */
  changed: number;
}

/** The cases of one round, in the order they ran. */
export interface Round {
  /**
   * `node -e 0`: what any Node process costs on this machine at this moment. Cron runs are short,
   * so their ratio to a clean build moves with it (bench/README.md, 2026-11-26).
   */
  nodeStart: ProcessRun;
  floor: ProcessRun;
  clean: BuildRun;
  noChange: BuildRun;
  newPost: BuildRun;
  editedPost: BuildRun;
  /** Production's path: the same, each run pulling a WordPress over HTTP (bench/wordpress-cron.ts). */
  wordpress: WordPressRound;
}

export interface SizeResult {
  posts: number;
  postsJsonMb: number;
  rounds: Round[];
  summary: Record<string, Spread>;
}

/**
 * For N synthetic posts, `rounds` times and alternating: the shared floor, a clean build
 * (`node build/launch.mjs --clean`, the whole process as `npm run build` runs it), then on that
 * output and cache, one after the other as a crontab runs them: a cron run with no change, one with
 * a new post, one with an old post edited. Every round writes into fresh folders on tmpfs.
 */
export async function benchSize(posts: number, rounds: number, log: (line: string) => void): Promise<SizeResult> {
  const generated = await ensureContent(posts);
  const wordpress = await startBenchWordPress(posts);
  try {
    return await benchRounds(posts, rounds, generated, wordpress, log);
  } finally {
    await wordpress.wordpress.close();
  }
}

async function benchRounds(posts: number, rounds: number, generated: string, wordpress: BenchWordPress, log: (line: string) => void): Promise<SizeResult> {
  const base = path.join(RUN_ROOT, `content-${posts}`);
  await prepareContents(generated, base);
  const postsJsonMb = (await stat(path.join(base, 'posts.json'))).size / 1024 / 1024;
  const results: Round[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const dir = (name: string) => path.join(RUN_ROOT, 'runs', `${posts}-${round}-${name}`);
    flushDisk();
    const nodeStart = await measure('-e', ['0']);
    const floor = await measure(FLOOR, [base, dir('floor')], { NODE_ENV: 'production' });
    log(`  ${posts} posts, round ${round}: floor ${seconds(floor.wallMs)} (CPU ${seconds(floor.cpuMs)}, ${floor.peakRssMb.toFixed(0)} MB); node -e 0 ${nodeStart.wallMs.toFixed(0)} ms`);
    const clean = await build(base, dir('clean'), dir('cache'), ['--clean']);
    log(`  ${posts} posts, round ${round}: clean build ${seconds(clean.wallMs)} (CPU ${seconds(clean.cpuMs)}, ${clean.peakRssMb.toFixed(0)} MB), ${clean.pages} pages`);
    // Cron runs one after the other on that output and cache, as a crontab does. The cache is tied
    // to its content folder: the next state of the content takes the base's place in turn.
    const noChange = await build(base, dir('clean'), dir('cache'), []);
    const newPost = await withPosts(base, 'new-post', () => build(base, dir('clean'), dir('cache'), []));
    const editedPost = await withPosts(base, 'edited-post', () => build(base, dir('clean'), dir('cache'), []));
    for (const [label, run] of [['no change', noChange], ['one new post', newPost], ['one edited old post', editedPost]] as const) {
      log(`  ${posts} posts, round ${round}: ${label} ${seconds(run.wallMs)} (${(run.wallMs / clean.wallMs).toFixed(2)}× clean), ${run.pagesRendered} pages rendered, ${run.changed} files changed`);
    }
    const wp = await wordpress.round(dir);
    log(`  ${posts} posts, round ${round}, WordPress over HTTP: clean build ${seconds(wp.clean.wallMs)} (${wp.clean.requests} requests)`);
    for (const [label, run] of [['no change', wp.noChange], ['one new post', wp.newPost], ['one edited old post', wp.editedPost]] as const) {
      log(`  ${posts} posts, round ${round}, WordPress: ${label} ${seconds(run.wallMs)} (${(run.wallMs / wp.clean.wallMs).toFixed(3)}× clean), ${run.pagesRendered} pages rendered, ${run.changed} files changed, ${run.requests} requests`);
    }
    results.push({ nodeStart, floor, clean, noChange, newPost, editedPost, wordpress: wp });
    // On tmpfs, files kept from earlier rounds make the next rounds' file creation cost more
    // system time (the clean build's doubled by round 3, the floor's hardly): each round starts on
    // an empty one. On the disk, deleting is what costs (see "The deletion artefact").
    if (ON_TMPFS) await rm(path.join(RUN_ROOT, 'runs'), { recursive: true, force: true });
  }
  return { posts, postsJsonMb, rounds: results, summary: summarize(results) };
}

export async function build(content: string, out: string, cache: string, extra: string[]): Promise<BuildRun> {
  const run = await measure('build/launch.mjs', ['--content', content, '--out', out, '--cache', cache, '--now', BENCH_NOW, ...extra]);
  const report = JSON.parse(await readFile(`${out}-report.json`, 'utf8')) as BuildReport;
  return { ...run, stages: report.stages, pages: report.pages, pagesRendered: report.run.pagesRendered, changed: report.changed };
}

async function measure(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<ProcessRun> {
  const { wallMs, cpuMs, peakRssMb } = await runNodeScript(script, args, [], env);
  return { wallMs, cpuMs, peakRssMb };
}

/** Runs `task` with the posts of a variant in the content folder, then puts the base's back. */
export async function withPosts<T>(base: string, variant: string, task: () => Promise<T>): Promise<T> {
  const posts = path.join(base, 'posts.json');
  await copyFile(posts, `${posts}.base`);
  await copyFile(path.join(`${base}-${variant}`, 'posts.json'), posts);
  try {
    return await task();
  } finally {
    await copyFile(`${posts}.base`, posts);
  }
}

/** The content on tmpfs, and its next two states: one new post, then one old post edited too. */
export async function prepareContents(generated: string, base: string): Promise<void> {
  await mkdir(base, { recursive: true });
  for (const file of ['posts.json', 'categories.json', 'tags.json']) await copyFile(path.join(generated, file), path.join(base, file));
  const posts = JSON.parse(await readFile(path.join(base, 'posts.json'), 'utf8')) as Record<string, unknown>[];
  const variant = async (name: string, edit: (copy: Record<string, unknown>[]) => void) => {
    const dir = `${base}-${name}`;
    await mkdir(dir, { recursive: true });
    for (const file of ['categories.json', 'tags.json']) await copyFile(path.join(base, file), path.join(dir, file));
    const copy = structuredClone(posts);
    edit(copy);
    await writeFile(path.join(dir, 'posts.json'), JSON.stringify(copy));
  };
  const addPost = (copy: Record<string, unknown>[]) => {
    const id = Math.max(...copy.map((post) => post.id as number)) + 1;
    const date = '2026-01-11T09:30:00';
    copy.unshift({ ...structuredClone(copy[0]), id, date, date_gmt: date, modified: date, modified_gmt: date, slug: `nouvel-article-${id}`, title: { rendered: `Nouvel article ${id}` } });
  };
  await variant('new-post', addPost);
  await variant('edited-post', (copy) => {
    addPost(copy);
    const old = copy[Math.floor(copy.length * 0.8)] as Record<string, unknown>;
    old.title = { rendered: `${(old.title as { rendered: string }).rendered} (mis à jour)` };
    old.modified = '2026-01-11T10:00:00';
  });
}

/** Every round's outputs, deleted once all rounds are done (deleting thousands of files slows the next writes here). */
export async function removeRunOutputs(): Promise<boolean> {
  const existed = existsSync(RUN_ROOT);
  await rm(RUN_ROOT, { recursive: true, force: true });
  return existed;
}

/** Writeback of the previous run's files would otherwise land on the next one. */
function flushDisk(): void {
  spawnSync('sync');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function summarize(rounds: Round[]): Record<string, Spread> {
  const of = (pick: (round: Round) => number) => spread(rounds.map(pick));
  const stageNames = [...new Set(rounds.flatMap((round) => Object.keys(round.clean.stages)))];
  return {
    nodeStartWall: of((r) => r.nodeStart.wallMs),
    floorWall: of((r) => r.floor.wallMs),
    floorCpu: of((r) => r.floor.cpuMs),
    floorRss: of((r) => r.floor.peakRssMb),
    cleanWall: of((r) => r.clean.wallMs),
    cleanCpu: of((r) => r.clean.cpuMs),
    cleanRss: of((r) => r.clean.peakRssMb),
    cleanVsFloor: of((r) => r.clean.wallMs / r.floor.wallMs),
    cleanVsFloorCpu: of((r) => r.clean.cpuMs / r.floor.cpuMs),
    ...Object.fromEntries(stageNames.map((name) => [`stage ${name}`, of((r) => r.clean.stages[name] ?? 0)])),
    noChangeWall: of((r) => r.noChange.wallMs),
    noChangeVsClean: of((r) => r.noChange.wallMs / r.clean.wallMs),
    noChangeFiles: of((r) => r.noChange.changed),
    newPostWall: of((r) => r.newPost.wallMs),
    newPostVsClean: of((r) => r.newPost.wallMs / r.clean.wallMs),
    newPostPages: of((r) => r.newPost.pagesRendered),
    newPostFiles: of((r) => r.newPost.changed),
    editedWall: of((r) => r.editedPost.wallMs),
    editedVsClean: of((r) => r.editedPost.wallMs / r.clean.wallMs),
    editedPages: of((r) => r.editedPost.pagesRendered),
    pages: of((r) => r.clean.pages),
    wpCleanWall: of((r) => r.wordpress.clean.wallMs),
    wpCleanRss: of((r) => r.wordpress.clean.peakRssMb),
    wpCleanVsFloor: of((r) => r.wordpress.clean.wallMs / r.floor.wallMs),
    wpNoChangeVsClean: of((r) => r.wordpress.noChange.wallMs / r.wordpress.clean.wallMs),
    wpNoChangeFiles: of((r) => r.wordpress.noChange.changed),
    wpNoChangeRequests: of((r) => r.wordpress.noChange.requests),
    wpNewPostVsClean: of((r) => r.wordpress.newPost.wallMs / r.wordpress.clean.wallMs),
    wpNewPostFiles: of((r) => r.wordpress.newPost.changed),
    wpEditedVsClean: of((r) => r.wordpress.editedPost.wallMs / r.wordpress.clean.wallMs),
    wpEditedPages: of((r) => r.wordpress.editedPost.pagesRendered),
  };
}
