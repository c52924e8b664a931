import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ProcessMeasure {
  wallMs: number;
  /** Peak resident set size of the largest process of the tree, in MB. */
  peakRssMb: number;
  /** User + system CPU of the process (GNU time only; NaN when polled). */
  cpuMs: number;
  stdout: string;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';
export const ROOT = path.resolve(import.meta.dirname, '..');

/** The build as `npm run build` runs it: the Node flags of package.json's build script go with every run of it. */
const BUILD_SCRIPT = 'build/launch.mjs';
const BUILD_NODE_FLAGS = buildNodeFlags();

function buildNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { build: string } };
  const words = scripts.build.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== BUILD_SCRIPT) throw new Error(`package.json's build script is not "node [flags] ${BUILD_SCRIPT}": ${scripts.build}`);
  return words.slice(1, -1);
}

/**
 * Runs `node <script> <args>` from the repository root (with the tsx loader for a TypeScript
 * script) and measures wall time, CPU time and peak RSS of the whole process. One node process (no
 * npm, no npx) so the figures are the script's own. GNU time reads the kernel's ru_maxrss and
 * rusage; without it /proc/<pid>/status VmHWM is polled.
 */
export async function runNodeScript(
  script: string,
  args: readonly string[],
  nodeFlags: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ProcessMeasure> {
  const loader = /\.tsx?$/.test(script) ? ['--import', 'tsx'] : [];
  const nodeArgs = [...(script === BUILD_SCRIPT ? BUILD_NODE_FLAGS : []), ...nodeFlags, ...loader, script, ...args];
  if (existsSync(GNU_TIME)) {
    const dir = await mkdtemp(path.join(tmpdir(), 'sqbb-bench-'));
    const timeFile = path.join(dir, 'time.txt');
    try {
      const result = await run(GNU_TIME, ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...nodeArgs], env);
      const [maxRssKb, user, system] = ((await readFile(timeFile, 'utf8')).trim().split('\n').at(-1) ?? '').split(' ').map(Number);
      return { ...result, peakRssMb: (maxRssKb ?? Number.NaN) / 1024, cpuMs: ((user ?? Number.NaN) + (system ?? Number.NaN)) * 1000 };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  let peakKb = 0;
  const result = await run(process.execPath, nodeArgs, env, (pid) => {
    const read = () => {
      readFile(`/proc/${pid}/status`, 'utf8')
        .then((status) => {
          const match = /VmHWM:\s+(\d+)/.exec(status);
          if (match) peakKb = Math.max(peakKb, Number(match[1]));
        })
        .catch(() => {});
    };
    const timer = setInterval(read, 50);
    return () => clearInterval(timer);
  });
  return { ...result, peakRssMb: peakKb / 1024, cpuMs: Number.NaN };
}

async function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  watch?: (pid: number) => () => void,
): Promise<Omit<ProcessMeasure, 'peakRssMb' | 'cpuMs'>> {
  const start = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = child.pid && watch ? watch(child.pid) : () => {};
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const wallMs = performance.now() - start;
  stop();
  if (code !== 0) {
    throw new Error(`${path.basename(args.find((arg) => /\.(tsx?|mjs)$/.test(arg)) ?? command)} exited with ${code}:\n${stderr.slice(-2000)}`);
  }
  return { wallMs, stdout, stderr };
}
