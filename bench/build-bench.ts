import { spawnSync } from 'node:child_process';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport } from '../build/report.js';
import type { BuildChildResult } from './build-child.js';
import type { FloorResult } from './floor.js';
import { BENCH_ROOT, ensureContent } from './generate-content.js';
import { runNodeScript } from './measure.js';
import { spread, type Spread } from './stats.js';

export const BENCH_NOW = '2026-01-15T12:00:00Z';

export interface BuildRun {
  /** The whole `node` process: start-up, module loading, build. */
  processWallMs: number;
  processCpuMs: number;
  /** runBuild only (what the stages add up to, plus the bundle overlap). */
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** React's build: 'production' unless NODE_ENV says otherwise (as in build/cli.ts). */
  nodeEnv: string;
  /** The build's own stage timings (report file), ms. */
  stages: Record<string, number>;
  pages: number;
  files: number;
}

export interface FloorRun extends FloorResult {
  processWallMs: number;
  processCpuMs: number;
  peakRssMb: number;
}

export interface SizeResult {
  posts: number;
  postsJsonMb: number;
  generateMs: number;
  builds: BuildRun[];
  floors: FloorRun[];
  summary: SizeSummary;
}

export interface SizeSummary {
  processWallMs: Spread;
  /** runBuild wall time. */
  wallMs: Spread;
  cpuMs: Spread;
  /** Sum of the stages the pipeline timed (bundle runs during fetch, so it is left out of the sum). */
  stagesTotalMs: Spread;
  stages: Record<string, Spread>;
  pages: number;
  pagesPerSecond: Spread;
  peakRssMb: Spread;
  floorMs: Spread;
  floorRenderMs: Spread;
  floorWriteMs: Spread;
  floorCpuMs: Spread;
  floorProcessWallMs: Spread;
  floorPeakRssMb: Spread;
  floorPropsMs: Spread;
  /** Build stages total / floor (wall), per-run ratios. */
  ratioTotal: Spread;
  /** runBuild CPU / floor CPU: the ratio least disturbed by other work on the machine. */
  ratioCpu: Spread;
  ratioRender: Spread;
  /** Render stage / the floor's renderToString alone (file writes are the noisiest part here). */
  ratioRenderOnly: Spread;
  /** Whole build process / whole floor process (both with start-up and loading). */
  ratioProcessWall: Spread;
}

/**
 * Stages that run one after another. `bundle` overlaps fetch (started in parallel), so adding it
 * would count the same wall time twice.
 */
const SEQUENTIAL_STAGES = ['fetch', 'normalize', 'routes', 'render', 'write', 'report'];

export function stagesTotal(stages: Record<string, number>): number {
  return SEQUENTIAL_STAGES.reduce((sum, name) => sum + (stages[name] ?? 0), 0);
}

/** `runs` clean builds of N posts, each followed by one floor run on the same content. */
export async function benchSize(posts: number, runs: number, log: (line: string) => void): Promise<SizeResult> {
  const generateStart = performance.now();
  const contentDir = await ensureContent(posts);
  const generateMs = performance.now() - generateStart;
  const postsJsonMb = (await stat(path.join(contentDir, 'posts.json'))).size / 1024 / 1024;
  const builds: BuildRun[] = [];
  const floors: FloorRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    // A fresh folder per run, all deleted at the end (removeRunOutputs): see the note there.
    const outDir = path.join(BENCH_ROOT, RUN_OUTPUT_PREFIX, `out-${posts}-${run}`);
    const floorDir = path.join(BENCH_ROOT, RUN_OUTPUT_PREFIX, `floor-${posts}-${run}`);
    flushDisk();
    const build = await runNodeScript('bench/build-child.ts', ['--content', contentDir, '--out', outDir, '--now', BENCH_NOW]);
    const inside = lastJsonLine<BuildChildResult>(build.stdout);
    const report = JSON.parse(await readFile(`${outDir}-report.json`, 'utf8')) as BuildReport;
    builds.push({
      processWallMs: build.wallMs,
      processCpuMs: build.cpuMs,
      wallMs: inside.wallMs,
      cpuMs: inside.cpuMs,
      peakRssMb: build.peakRssMb,
      nodeEnv: inside.nodeEnv,
      stages: report.stages,
      pages: report.pages,
      files: report.files,
    });
    log(`  ${posts} posts, run ${run}/${runs}: build ${seconds(inside.wallMs)} (CPU ${seconds(inside.cpuMs)}), ${report.pages} pages, ${build.peakRssMb.toFixed(0)} MB peak, React ${inside.nodeEnv}`);

    flushDisk();
    // The floor is React at its fastest, whatever the build's mode.
    const floor = await runNodeScript('bench/floor.tsx', ['--content', contentDir, '--out', floorDir], [], { NODE_ENV: 'production' });
    const result = lastJsonLine<FloorResult>(floor.stdout);
    floors.push({ ...result, processWallMs: floor.wallMs, processCpuMs: floor.cpuMs, peakRssMb: floor.peakRssMb });
    log(`  ${posts} posts, run ${run}/${runs}: floor ${seconds(result.floorMs)} (CPU ${seconds(result.floorCpuMs)}), ${result.pages} pages, ${floor.peakRssMb.toFixed(0)} MB peak`);
  }
  return { posts, postsJsonMb, generateMs, builds, floors, summary: summarize(builds, floors) };
}

/** Folder (under BENCH_ROOT) of every run's output. */
const RUN_OUTPUT_PREFIX = 'runs';

/**
 * Deletes every run's output. Only once all runs are done: on this VM (ext4 mounted with
 * `discard`), creating files right after deleting thousands of them is up to 15× slower for tens
 * of seconds (measured: 8,909 files in 0.8 s on a quiet disk, 12 s just after an `rm -rf` of the
 * same amount), so deleting between runs made each run slower than the one before and penalised
 * the floor or the build depending on the order. A run never writes where anything was deleted
 * during the benchmark.
 */
export async function removeRunOutputs(): Promise<boolean> {
  const folder = path.join(BENCH_ROOT, RUN_OUTPUT_PREFIX);
  const existed = await stat(folder).then(() => true, () => false);
  await rm(folder, { recursive: true, force: true });
  return existed;
}

/** Writeback of the previous run's files would otherwise land on the next one. */
function flushDisk(): void {
  spawnSync('sync');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function lastJsonLine<T>(stdout: string): T {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`expected a JSON result line, got: ${line.slice(0, 200)}`);
  }
}

function summarize(builds: BuildRun[], floors: FloorRun[]): SizeSummary {
  const stageNames = [...new Set(builds.flatMap((build) => Object.keys(build.stages)))];
  const paired = builds.map((build, index) => ({ build, floor: floors[index] as FloorRun }));
  return {
    processWallMs: spread(builds.map((build) => build.processWallMs)),
    wallMs: spread(builds.map((build) => build.wallMs)),
    cpuMs: spread(builds.map((build) => build.cpuMs)),
    stagesTotalMs: spread(builds.map((build) => stagesTotal(build.stages))),
    stages: Object.fromEntries(stageNames.map((name) => [name, spread(builds.map((build) => build.stages[name] ?? 0))])),
    pages: builds[0]?.pages ?? 0,
    pagesPerSecond: spread(builds.map((build) => build.pages / (build.processWallMs / 1000))),
    peakRssMb: spread(builds.map((build) => build.peakRssMb)),
    floorMs: spread(floors.map((floor) => floor.floorMs)),
    floorRenderMs: spread(floors.map((floor) => floor.renderMs)),
    floorWriteMs: spread(floors.map((floor) => floor.writeMs)),
    floorCpuMs: spread(floors.map((floor) => floor.floorCpuMs)),
    floorProcessWallMs: spread(floors.map((floor) => floor.processWallMs)),
    floorPeakRssMb: spread(floors.map((floor) => floor.peakRssMb)),
    floorPropsMs: spread(floors.map((floor) => floor.propsMs)),
    ratioTotal: spread(paired.map(({ build, floor }) => stagesTotal(build.stages) / floor.floorMs)),
    ratioCpu: spread(paired.map(({ build, floor }) => build.cpuMs / floor.floorCpuMs)),
    ratioRender: spread(paired.map(({ build, floor }) => (build.stages.render ?? 0) / floor.floorMs)),
    ratioRenderOnly: spread(paired.map(({ build, floor }) => (build.stages.render ?? 0) / floor.renderMs)),
    ratioProcessWall: spread(paired.map(({ build, floor }) => build.processWallMs / floor.processWallMs)),
  };
}
