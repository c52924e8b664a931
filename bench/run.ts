import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { benchSize, removeRunOutputs, type SizeResult } from './build-bench.js';
import { formatBuildTable, formatLighthouse, formatPageWeights, formatTraffic } from './format.js';
import { freePort, lighthousePages, runLighthouse, type LighthouseResult } from './lighthouse.js';
import { ROOT } from './measure.js';
import { buildSnapshotSite, pageWeights, SNAPSHOT_SITE, type PageWeightRow } from './page-weight.js';
import { benchWordPressTraffic, type TrafficResult } from './wordpress-traffic.js';

const USAGE = `Usage: npm run bench -- [--posts 5000] [--runs 3] [--lighthouse] [--skip-build]
  --posts LIST   synthetic post counts to build (default 5000; 1000 or 20000 on demand)
  --runs N       rounds per post count (default 3): floor, clean build, three cron runs
  --lighthouse   also audit home, an article, the calendar and a player page (mobile preset)
  --skip-build   skip the synthetic builds (page weights and Lighthouse only)
  --no-gzip      serve the Lighthouse pages uncompressed (default: gzip, as a production host does)`;

interface BenchArgs {
  posts: number[];
  runs: number;
  lighthouse: boolean;
  skipBuild: boolean;
  gzip: boolean;
}

function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { posts: [5000], runs: 3, lighthouse: false, skipBuild: false, gzip: true };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    const value = () => {
      const next = argv[++index];
      if (next === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === '--posts') args.posts = value().split(',').map((item) => positive(item, '--posts'));
    else if (arg === '--runs') args.runs = positive(value(), '--runs');
    else if (arg === '--lighthouse') args.lighthouse = true;
    else if (arg === '--skip-build') args.skipBuild = true;
    else if (arg === '--no-gzip') args.gzip = false;
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  return args;
}

function positive(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${flag}: "${text}" is not a positive integer`);
  return value;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    log(USAGE);
    return;
  }
  const args = parseArgs(argv);
  const startedAt = new Date().toISOString();
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 1024 ** 3), node: process.version, benchNodeEnv: process.env.NODE_ENV ?? '(unset)', loadAverage: loadavg() };
  log(`Benchmark ${startedAt} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, node ${machine.node}, NODE_ENV ${machine.benchNodeEnv}, load average ${machine.loadAverage.map((n) => n.toFixed(1)).join(' ')}`);

  const sizes: SizeResult[] = [];
  const traffic: TrafficResult[] = [];
  if (!args.skipBuild) {
    // Leftovers of an interrupted benchmark: deleting them slows file creation for a while (see removeRunOutputs).
    if (await removeRunOutputs()) {
      log('Removed the outputs of an interrupted benchmark; waiting 60 s for the disk to settle.');
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    }
    try {
      for (const posts of args.posts) {
        log(`${posts} synthetic posts, ${args.runs} rounds: the floor, a clean build, cron runs (no change, a new post, an edited post):`);
        sizes.push(await benchSize(posts, args.runs, log));
      }
      for (const posts of args.posts.filter((count) => count <= 5000)) {
        log(`WordPress traffic of ${posts} posts (local WordPress REST double):`);
        traffic.push(await benchWordPressTraffic(posts, log));
      }
    } finally {
      await removeRunOutputs();
    }
  }

  const port = await freePort();
  log('Build of the real snapshot (page weights):');
  const snapshot = await buildSnapshotSite(`http://127.0.0.1:${port}`);
  const weights: PageWeightRow[] = pageWeights(snapshot.report);

  let lighthouse: LighthouseResult[] = [];
  const notes: string[] = [];
  if (args.lighthouse) {
    const posts = JSON.parse(await readFile(path.join(ROOT, 'data', 'wordpress', 'posts.json'), 'utf8')) as { id: number }[];
    const { pages, notes: pageNotes } = lighthousePages(SNAPSHOT_SITE, posts[0]?.id);
    notes.push(...pageNotes);
    log(`Lighthouse (mobile) on ${pages.length} pages at http://127.0.0.1:${port} (${args.gzip ? 'gzip' : 'uncompressed'}):`);
    lighthouse = await runLighthouse(SNAPSHOT_SITE, port, pages, args.gzip, log);
  }

  const results = { startedAt, machine, args, sizes, traffic, snapshot: { wallMs: snapshot.wallMs, peakRssMb: snapshot.peakRssMb, pages: snapshot.report.pages, pageWeights: weights }, lighthouse, notes };
  const resultsDir = path.join(ROOT, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, `${startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

  log('');
  if (sizes.length > 0) log(`## Clean build against the floor, and cron runs, median (min–max)\n\n${formatBuildTable(sizes)}\n`);
  if (traffic.length > 0) log(`## WordPress traffic of a cron run\n\n${formatTraffic(traffic)}\n`);
  log(`## Page weight per page type (real snapshot, ${snapshot.report.pages} pages)\n\n${formatPageWeights(weights)}\n`);
  if (lighthouse.length > 0) {
    log(`## Lighthouse, mobile preset\n\n${formatLighthouse(lighthouse)}\n`);
    for (const result of lighthouse) {
      if (result.runtimeError) log(`- ${result.label}: runtime error ${result.runtimeError}`);
      if (result.failing.length > 0) log(`- ${result.label}: ${result.failing.join('; ')}`);
    }
  }
  for (const note of notes) log(`Note: ${note}`);
  log(`\nAll figures saved to ${path.relative(ROOT, resultsFile)}`);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`Benchmark failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
