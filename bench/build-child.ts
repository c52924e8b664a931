import { parseOptions } from '../build/options.js';
import { runBuild } from '../build/pipeline.js';

/**
 * The clean build as `npm run build` runs it (build/pipeline.ts runBuild, same options parser),
 * plus the CPU time the process spent in it. Other work on a shared machine inflates wall time
 * but hardly the CPU time, so CPU ratios stay comparable between runs.
 * Usage (run by bench/run.ts): tsx bench/build-child.ts --content DIR --out DIR --now ISO
 * Prints one JSON line: BuildChildResult; the stages are in <out>-report.json.
 */

export interface BuildChildResult {
  /** runBuild only, excluding node start-up and module loading. */
  wallMs: number;
  /** User + system CPU of the whole process (all threads: GC, libuv pool) during runBuild. */
  cpuMs: number;
}

const options = parseOptions(process.argv.slice(2), {});
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
await runBuild(options, true);
const cpu = process.cpuUsage(cpuStart);
const result: BuildChildResult = { wallMs: performance.now() - wallStart, cpuMs: (cpu.user + cpu.system) / 1000 };
process.stdout.write(`${JSON.stringify(result)}\n`);
