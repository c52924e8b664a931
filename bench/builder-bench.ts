import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BuildReport } from '../build/report.js';
import { signHook } from '../builder/signature.js';
import type { Raw, WordPressContent } from '../tests/unit/content-mutations.js';
import { startFakeWordPress } from '../tests/unit/fake-wordpress.js';
import { startBuilderProcess, type BuilderProcess } from '../tests/wordpress/builder-process.js';
import { freePort, startWordPress } from '../tests/wordpress/server.js';
import { serveFolder } from '../tests/wordpress/static-server.js';
import { ensureContent } from './generate-content.js';
import { ROOT, runNodeScript } from './measure.js';

/**
 * Issue 32's target: from WordPress's "Publier" to the article served by the static host, with the
 * builder service (`npm run builder`, its own process) and http-server over its output.
 *
 *   npx tsx bench/builder-bench.ts [--posts 5000] [--runs 20] [--cron-runs 5] [--real] [--real-runs 10]
 *   (--runs 0: Debian's WordPress only)
 *
 * - Against the WordPress double at N synthetic posts: a post is added to its content (WordPress has
 *   saved it), the notification the plugin sends follows at once, signed; the clock runs until the
 *   article answers 200. Publishes are 3 s apart (the builder starts builds at least 1 s apart):
 *   each is measured alone, as editors publish. Then a notification that changes nothing: files
 *   written and requests WordPress saw. Then, alternating under the same load, a publish through the
 *   builder and a cron run (`node build/launch.mjs`, the whole process) of one more post on the same
 *   output: what the builder's build costs against cron's.
 * - `--real`: the same against Debian's WordPress with wordpress/sqbb-builder.php installed, served by
 *   4 PHP workers as a PHP-FPM pool would: the post is published through the REST API (POST
 *   /wp/v2/posts with an application password, as the block editor's "Publier" does), the plugin
 *   sends the notification itself, and the clock runs from the request sent to the article served.
 */
const SECRET = randomBytes(24).toString('hex');
/** Between publishes: the builder's minimum interval between build starts (builder/scheduler.ts, 1 s) and a quiet time. */
const SPACING_MS = 3_000;

interface Args {
  posts: number;
  runs: number;
  cronRuns: number;
  real: boolean;
  realRuns: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { posts: 5000, runs: 20, cronRuns: 5, real: false, realRuns: 10 };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const value = () => Number(argv[++index]);
    if (arg === '--posts') args.posts = value();
    else if (arg === '--runs') args.runs = value();
    else if (arg === '--cron-runs') args.cronRuns = value();
    else if (arg === '--real') args.real = true;
    else if (arg === '--real-runs') args.realRuns = value();
    else throw new Error(`unknown option ${arg}`);
  }
  return args;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

function summary(label: string, seconds: readonly number[]): { label: string; runs: number; median: number; p95: number; max: number } {
  const result = { label, runs: seconds.length, median: percentile(seconds, 50), p95: percentile(seconds, 95), max: Math.max(...seconds) };
  log(`${label}: ${result.runs} publishes, median ${result.median.toFixed(2)} s, p95 ${result.p95.toFixed(2)} s, max ${result.max.toFixed(2)} s`);
  return result;
}

/** Polls the static host until the page answers 200; seconds since `since`. */
async function servedAfter(url: string, since: number): Promise<number> {
  for (;;) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status === 200) return (performance.now() - since) / 1000;
    if (performance.now() - since > 120_000) throw new Error(`${url} not served after 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The build's settings, the same for the builder and the cron runs it is compared with. */
function buildEnv(apiUrl: string, dir: string): Record<string, string> {
  return { WP_API_URL: apiUrl, OUT_DIR: path.join(dir, 'site'), BUILD_CACHE: path.join(dir, 'cache'), SITE_URL: 'http://127.0.0.1:4173', CI: '1' };
}

async function startService(apiUrl: string, dir: string, port: number): Promise<BuilderProcess> {
  return startBuilderProcess({ ...buildEnv(apiUrl, dir), BUILDER_PORT: String(port), BUILDER_SECRET: SECRET });
}

async function benchFake(args: Args, dir: string) {
  const generated = await ensureContent(args.posts);
  const read = async (name: string) => JSON.parse(await readFile(path.join(generated, `${name}.json`), 'utf8')) as Raw[];
  const content: WordPressContent = { posts: await read('posts'), categories: await read('categories'), tags: await read('tags'), media: new Map(), trash: [], clock: '2026-01-11T00:00:00' };
  for (const post of content.posts) if (post.featured_media) content.media.set(post.featured_media, post.modified);
  const wordpress = await startFakeWordPress(content);
  const builder = await startService(wordpress.apiUrl, dir, await freePort());
  const started = performance.now();
  await builder.waitFor(/^build (ok|failed) .*\(start\)/, 0, 30 * 60_000);
  log(`${args.posts} posts: first (clean) build by the builder in ${((performance.now() - started) / 1000).toFixed(1)} s: ${builder.lines.at(-1)}`);
  const site = await serveFolder(path.join(dir, 'site'));
  const notify = async (events: object[]) => {
    const body = JSON.stringify({ site: 'http://wordpress.test', events });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const response = await fetch(`${builder.url}/hooks/wordpress`, { method: 'POST', headers: { 'x-sqbb-timestamp': timestamp, 'x-sqbb-signature': signHook(SECRET, timestamp, body) }, body });
    if (response.status !== 202) throw new Error(`notification refused: ${response.status}`);
  };
  const seconds: number[] = [];
  const buildLines: string[] = [];
  let published = 0;
  /** WordPress saves a new post (a copy of the newest, a minute later each time). */
  const addPost = (): number => {
    published += 1;
    const model = structuredClone(content.posts[0] as Raw);
    const id = Math.max(...content.posts.map((post) => post.id as number)) + 1;
    const date = new Date(Date.parse(`${content.clock}Z`) + published * 60_000).toISOString().slice(0, 19);
    content.posts.unshift({ ...model, id, slug: `article-${id}`, date, date_gmt: date, modified: date, modified_gmt: date, title: { rendered: `Publié depuis WordPress n°${published}` } });
    return id;
  };
  const publishThroughBuilder = async (): Promise<number> => {
    const id = addPost();
    const from = builder.lines.length;
    const since = performance.now();
    await notify([{ kind: 'post', action: 'publish', id }]);
    const served = await servedAfter(`${site.origin}/actualites/article/${id}/`, since);
    buildLines.push(await builder.waitFor(/^build /, from));
    return served;
  };
  try {
    for (let run = 1; run <= args.runs; run += 1) {
      await pause(SPACING_MS);
      seconds.push(await publishThroughBuilder());
      log(`  publish ${run}: served after ${(seconds.at(-1) as number).toFixed(2)} s (${buildLines.at(-1)})`);
    }
    const against: { builderServed: number; cronWall: number }[] = [];
    for (let run = 1; run <= args.cronRuns; run += 1) {
      await pause(SPACING_MS);
      const builderServed = await publishThroughBuilder();
      addPost();
      const started = performance.now();
      await runNodeScript('build/launch.mjs', [], [], buildEnv(wordpress.apiUrl, dir));
      const cronWall = (performance.now() - started) / 1000;
      against.push({ builderServed, cronWall });
      log(`  alternating ${run}: builder publish served after ${builderServed.toFixed(2)} s; a cron run with one new post ${cronWall.toFixed(2)} s`);
    }
    await pause(SPACING_MS);
    const requests = wordpress.requests.length;
    const from = builder.lines.length;
    await notify([{ kind: 'term', action: 'edit', id: 1, taxonomy: 'category' }]);
    const quiet = await builder.waitFor(/^build /, from);
    const report = JSON.parse(await readFile(path.join(dir, 'site-report.json'), 'utf8')) as BuildReport;
    const noChange = { filesWritten: report.changed, changedPaths: report.changedPaths.length, wordpressRequests: wordpress.requests.length - requests, line: quiet };
    log(`  a notification that changes nothing: ${noChange.filesWritten} files written, WordPress asked ${noChange.wordpressRequests} requests (${quiet})`);
    const cron = against.length > 0 ? { builder: summary('  alternating: builder, notification to served', against.map((entry) => entry.builderServed)), cron: summary('  alternating: cron run (whole process)', against.map((entry) => entry.cronWall)), runs: against } : undefined;
    return { posts: args.posts, publish: summary(`${args.posts} posts, WordPress double`, seconds), seconds, buildLines, noChange, cron };
  } finally {
    await site.close();
    await builder.stop();
    await wordpress.close();
  }
}

async function benchReal(args: Args, dir: string) {
  const port = await freePort();
  const wordpress = await startWordPress(path.join(ROOT, 'tests/wordpress/seed/club-news.json'), () => {}, {
    muPlugins: [path.join(ROOT, 'wordpress/sqbb-builder.php')],
    // Application passwords need HTTPS, or a WordPress that says it runs locally.
    env: { SQBB_BUILDER_URL: `http://127.0.0.1:${port}`, SQBB_BUILDER_SECRET: SECRET, SQBB_WP_ENVIRONMENT_TYPE: 'local' },
    workers: 4,
  });
  const password = (await wordpress.php("echo WP_Application_Passwords::create_new_application_password(1, ['name' => 'builder-bench'])[0];")).trim();
  const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const restCalls: number[] = [];
  /** "Publier" as the block editor sends it; resolves with the new post's id. */
  const publish = async (title: string): Promise<number> => {
    const sent = performance.now();
    const response = await fetch(`${wordpress.apiUrl}/posts`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ title, status: 'publish', content: '<!-- wp:paragraph --><p>Le match en direct.</p><!-- /wp:paragraph -->' }),
    });
    const body = (await response.json()) as { id?: number; message?: string };
    if (response.status !== 201 || typeof body.id !== 'number') throw new Error(`REST publish refused: ${response.status} ${body.message ?? ''}`);
    restCalls.push((performance.now() - sent) / 1000);
    return body.id;
  };
  const builder = await startService(wordpress.apiUrl, dir, port);
  const seconds: number[] = [];
  const buildLines: string[] = [];
  const stages: Record<string, number>[] = [];
  let site: Awaited<ReturnType<typeof serveFolder>> | undefined;
  try {
    await builder.waitFor(/^build (ok|failed) .*\(start\)/, 0, 10 * 60_000);
    site = await serveFolder(path.join(dir, 'site'));
    for (let run = 1; run <= args.realRuns; run += 1) {
      await pause(SPACING_MS);
      const from = builder.lines.length;
      const since = performance.now();
      const id = await publish(`Publié depuis WordPress n°${run}`);
      seconds.push(await servedAfter(`${site.origin}/actualites/article/${id}/`, since));
      buildLines.push(await builder.waitFor(/^build /, from));
      const { stages: timing = {} } = JSON.parse(await readFile(path.join(dir, 'site-report.json'), 'utf8')) as BuildReport;
      stages.push(timing);
      const slowest = Object.entries(timing).sort(([, a], [, b]) => b - a).slice(0, 4).map(([name, ms]) => `${name} ${Math.round(ms)} ms`);
      log(`  publish ${run}: REST call ${(restCalls.at(-1) as number).toFixed(2)} s, served after ${(seconds.at(-1) as number).toFixed(2)} s (${buildLines.at(-1)}; ${slowest.join(', ')})`);
    }
    return { publish: summary('Debian WordPress (31 seeded posts), REST publish → served', seconds), restCall: summary('  of which the REST call', restCalls), seconds, restCalls, buildLines, stages };
  } finally {
    await site?.close();
    await builder.stop();
    await wordpress.stop();
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const root = await mkdtemp(path.join(tmpdir(), 'sqbb-builder-bench-'));
  try {
    log(`Builder benchmark ${new Date().toISOString()}: ${args.runs} publishes at ${args.posts} posts against the WordPress double${args.real ? `, ${args.realRuns} against Debian's WordPress` : ''}`);
    const fake = args.runs > 0 ? await benchFake(args, path.join(root, 'fake')) : undefined;
    const real = args.real ? await benchReal(args, path.join(root, 'real')) : undefined;
    const results = path.join(ROOT, 'bench/results');
    await mkdir(results, { recursive: true });
    const file = path.join(results, `builder-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(file, `${JSON.stringify({ args, fake, real }, null, 2)}\n`);
    log(`Saved ${path.relative(ROOT, file)}`);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
