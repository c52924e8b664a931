import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_NOW } from './build-bench.js';
import { BENCH_ROOT, ensureContent } from './generate-content.js';
import { ROOT, runNodeScript } from './measure.js';
import { startBenchWordPress } from './wordpress-cron.js';

/**
 * Where a clean build of N synthetic posts spends its CPU: one build under `node --cpu-prof`,
 * then the functions and the files with the most self time. With `--wp-edited`, production's
 * cron run instead: a clean build from a local WordPress double, one old post edited, and that
 * cron run profiled.
 * Usage: npx tsx bench/profile.ts [posts=5000] [top=25] [--wp-edited]
 */

interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: CpuProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const wpEdited = process.argv.includes('--wp-edited');
const [posts = 5000, top = 25] = process.argv.slice(2).filter((arg) => !arg.startsWith('--')).map(Number);
const outDir = path.join(BENCH_ROOT, `profile-out-${posts}`);
const profileDir = path.join(BENCH_ROOT, 'profiles');
await rm(outDir, { recursive: true, force: true });
await rm(`${outDir}-cache`, { recursive: true, force: true });
await rm(profileDir, { recursive: true, force: true });
const profiled = ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
let stdout: string;
if (wpEdited) {
  const bench = await startBenchWordPress(posts);
  try {
    const args = ['--wp', bench.wordpress.apiUrl, '--out', outDir, '--cache', `${outDir}-cache`, '--now', BENCH_NOW];
    await runNodeScript('build/launch.mjs', [...args, '--clean']);
    bench.editOldPost('Un titre corrigé');
    ({ stdout } = await runNodeScript('build/launch.mjs', args, profiled));
  } finally {
    await bench.wordpress.close();
  }
} else {
  const contentDir = await ensureContent(posts);
  ({ stdout } = await runNodeScript('build/launch.mjs', ['--content', contentDir, '--out', outDir, '--cache', `${outDir}-cache`, '--clean', '--now', BENCH_NOW], profiled));
}
process.stdout.write(`${stdout.split('\n').find((line) => line.startsWith('Stages:')) ?? ''}\n`);
await rm(outDir, { recursive: true, force: true });
await rm(`${outDir}-cache`, { recursive: true, force: true });

const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as CpuProfile;

const selfMs = new Map<number, number>();
profile.samples.forEach((nodeId, index) => selfMs.set(nodeId, (selfMs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  if (ms === 0) continue;
  const where = shortUrl(node.callFrame.url);
  const name = `${node.callFrame.functionName || '(anonymous)'}  ${where}${where ? `:${node.callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  byFile.set(where || node.callFrame.functionName, (byFile.get(where || node.callFrame.functionName) ?? 0) + ms);
}

const print = (title: string, entries: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${(total / 1000).toFixed(1)} s sampled)\n`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${(ms / 1000).toFixed(2).padStart(7)} s ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}\n`);
  }
};
print('Self time by function', byFunction);
print('Self time by file or package', byFile);
process.stdout.write(`\nProfile kept in ${path.relative(ROOT, path.join(profileDir, file))} (open it in Chrome DevTools).\n`);

/** node_modules/pkg/... → pkg/...; project files relative to the repository. */
function shortUrl(url: string): string {
  if (!url) return '';
  const plain = url.replace(/^file:\/\//, '');
  const inModules = plain.lastIndexOf('node_modules/');
  if (inModules >= 0) return plain.slice(inModules + 'node_modules/'.length);
  return plain.startsWith(ROOT) ? path.relative(ROOT, plain) : plain;
}
