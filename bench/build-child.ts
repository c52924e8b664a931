/**
 * The clean build as `npm run build` runs it (build/cli.ts: same NODE_ENV default, same options
 * parser, runBuild from build/pipeline.ts), plus the CPU time the process spent in it. Other work
 * on a shared machine inflates wall time but hardly the CPU time, so CPU ratios stay comparable.
 * Usage (run by bench/run.ts): tsx bench/build-child.ts --content DIR --out DIR --now ISO
 * Prints one JSON line: BuildChildResult; the stages are in <out>-report.json.
 */

// As in build/cli.ts: React reads NODE_ENV when first loaded, so set it before any import of it.
process.env.NODE_ENV ??= 'production';

export interface BuildChildResult {
  /** runBuild only, excluding node start-up and module loading. */
  wallMs: number;
  /** User + system CPU of the whole process (all threads: GC, libuv pool) during runBuild. */
  cpuMs: number;
  /** The React build the pages were rendered with. */
  nodeEnv: string;
}

const { parseOptions } = await import('../build/options.js');
const { runBuild } = await import('../build/pipeline.js');

const options = parseOptions(process.argv.slice(2), {});
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
await runBuild(options, true);
const cpu = process.cpuUsage(cpuStart);
const result: BuildChildResult = { wallMs: performance.now() - wallStart, cpuMs: (cpu.user + cpu.system) / 1000, nodeEnv: process.env.NODE_ENV ?? '' };
process.stdout.write(`${JSON.stringify(result)}\n`);
