import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_NOW, RUN_ROOT } from './build-bench.js';
import { BENCH_ROOT, ensureContent } from './generate-content.js';
import { ROOT, runNodeScript } from './measure.js';
import { startBenchWordPress } from './wordpress-cron.js';

/**
 * Where a clean build of N synthetic posts spends its CPU: one build under `node --cpu-prof`,
 * then the functions and the files with the most self time. With `--wp-edited`, production's
 * cron run instead: a clean build from a local WordPress double, one old post edited, and that
 * cron run profiled.
 * With `--sources`, the TypeScript sources run through tsx (React's production build all the same)
 * instead of the compiled bundle, so that self time is told by source file and library, not by
 * esbuild's chunks. Every thread's profile is counted (the render worker's too).
 * Usage: npx tsx bench/profile.ts [posts=5000] [top=25] [--wp-edited] [--sources]
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
const sources = process.argv.includes('--sources');
/** The build as launch.mjs runs it, or its TypeScript entry run by bench/profile-entry.ts. */
const buildScript = sources ? 'bench/profile-entry.ts' : 'build/launch.mjs';
const buildEnv = sources ? { NODE_ENV: 'production' } : {};
const [posts = 5000, top = 25] = process.argv.slice(2).filter((arg) => !arg.startsWith('--')).map(Number);
// The output on tmpfs as in the bench's rounds: this VM's disk would make writing most of the profile.
const outDir = path.join(RUN_ROOT, `profile-out-${posts}`);
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
    await runNodeScript(buildScript, [...args, '--clean'], [], buildEnv);
    bench.editOldPost('Un titre corrigé');
    ({ stdout } = await runNodeScript(buildScript, args, profiled, buildEnv));
  } finally {
    await bench.wordpress.close();
  }
} else {
  const contentDir = await ensureContent(posts);
  ({ stdout } = await runNodeScript(buildScript, ['--content', contentDir, '--out', outDir, '--cache', `${outDir}-cache`, '--clean', '--now', BENCH_NOW], profiled, buildEnv));
}
process.stdout.write(`${stdout.split('\n').find((line) => line.startsWith('Stages:')) ?? ''}\n`);
await rm(outDir, { recursive: true, force: true });
await rm(`${outDir}-cache`, { recursive: true, force: true });

// One profile per thread: the main thread's first, then the render worker's.
const files = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile')).sort();
if (files.length === 0) throw new Error(`no .cpuprofile in ${profileDir}`);
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as CpuProfile;
  const selfMs = new Map<number, number>();
  profile.samples.forEach((nodeId, index) => selfMs.set(nodeId, (selfMs.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    // A worker's idle time is its wait for pages, not work.
    if (ms === 0 || node.callFrame.functionName === '(idle)') continue;
    total += ms;
    const where = shortUrl(node.callFrame.url);
    const name = `${node.callFrame.functionName || '(anonymous)'}  ${where}${where ? `:${node.callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(where || node.callFrame.functionName, (byFile.get(where || node.callFrame.functionName) ?? 0) + ms);
  }
}

const print = (title: string, entries: Map<string, number>) => {
  process.stdout.write(`\n${title} (of ${(total / 1000).toFixed(1)} s sampled)\n`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    process.stdout.write(`${(ms / 1000).toFixed(2).padStart(7)} s ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}\n`);
  }
};
print('Self time by function', byFunction);
print('Self time by file or package', byFile);
process.stdout.write(`\nProfiles kept in ${path.relative(ROOT, profileDir)} (${files.length} threads; open them in Chrome DevTools).\n`);

/** node_modules/pkg/... → pkg/...; project files relative to the repository. */
function shortUrl(url: string): string {
  if (!url) return '';
  const plain = url.replace(/^file:\/\//, '');
  const inModules = plain.lastIndexOf('node_modules/');
  if (inModules >= 0) return plain.slice(inModules + 'node_modules/'.length);
  return plain.startsWith(ROOT) ? path.relative(ROOT, plain) : plain;
}
