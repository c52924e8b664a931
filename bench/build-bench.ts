import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport } from '../build/report.js';
import type { FloorResult } from './floor.js';
import { BENCH_ROOT, ensureContent } from './generate-content.js';
import { runNodeScript } from './measure.js';
import { spread, type Spread } from './stats.js';

export const BENCH_NOW = '2026-01-15T12:00:00Z';

export interface BuildRun {
  wallMs: number;
  peakRssMb: number;
  /** The build's own stage timings (report file), ms. */
  stages: Record<string, number>;
  pages: number;
  files: number;
}

export interface FloorRun extends FloorResult {
  wallMs: number;
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
  wallMs: Spread;
  /** Sum of the stages the pipeline timed (bundle runs during fetch, so it is left out of the sum). */
  stagesTotalMs: Spread;
  stages: Record<string, Spread>;
  pages: number;
  pagesPerSecond: Spread;
  peakRssMb: Spread;
  floorMs: Spread;
  floorWallMs: Spread;
  floorPeakRssMb: Spread;
  floorPropsMs: Spread;
  /** Build stages total / floor, median of per-run ratios. */
  ratioTotal: Spread;
  ratioRender: Spread;
  ratioWall: Spread;
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
  const outDir = path.join(BENCH_ROOT, `out-${posts}`);
  const floorDir = path.join(BENCH_ROOT, `floor-${posts}`);
  const builds: BuildRun[] = [];
  const floors: FloorRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    await rm(outDir, { recursive: true, force: true });
    await rm(`${outDir}-report.json`, { force: true });
    const build = await runNodeScript('build/cli.ts', ['--content', contentDir, '--out', outDir, '--now', BENCH_NOW]);
    const report = JSON.parse(await readFile(`${outDir}-report.json`, 'utf8')) as BuildReport;
    builds.push({ wallMs: build.wallMs, peakRssMb: build.peakRssMb, stages: report.stages, pages: report.pages, files: report.files });
    log(`  ${posts} posts, run ${run}/${runs}: build ${(build.wallMs / 1000).toFixed(1)} s wall, ${report.pages} pages, ${build.peakRssMb.toFixed(0)} MB peak`);

    const floor = await runNodeScript('bench/floor.tsx', ['--content', contentDir, '--out', floorDir]);
    const result = JSON.parse(floor.stdout.trim().split('\n').at(-1) ?? '') as FloorResult;
    floors.push({ ...result, wallMs: floor.wallMs, peakRssMb: floor.peakRssMb });
    log(`  ${posts} posts, run ${run}/${runs}: floor ${(result.floorMs / 1000).toFixed(1)} s (${result.pages} pages), ${floor.peakRssMb.toFixed(0)} MB peak`);
  }
  await rm(outDir, { recursive: true, force: true });
  await rm(floorDir, { recursive: true, force: true });
  return { posts, postsJsonMb, generateMs, builds, floors, summary: summarize(builds, floors) };
}

function summarize(builds: BuildRun[], floors: FloorRun[]): SizeSummary {
  const stageNames = [...new Set(builds.flatMap((build) => Object.keys(build.stages)))];
  const paired = builds.map((build, index) => ({ build, floor: floors[index] as FloorRun }));
  return {
    wallMs: spread(builds.map((build) => build.wallMs)),
    stagesTotalMs: spread(builds.map((build) => stagesTotal(build.stages))),
    stages: Object.fromEntries(stageNames.map((name) => [name, spread(builds.map((build) => build.stages[name] ?? 0))])),
    pages: builds[0]?.pages ?? 0,
    pagesPerSecond: spread(builds.map((build) => build.pages / (build.wallMs / 1000))),
    peakRssMb: spread(builds.map((build) => build.peakRssMb)),
    floorMs: spread(floors.map((floor) => floor.floorMs)),
    floorWallMs: spread(floors.map((floor) => floor.wallMs)),
    floorPeakRssMb: spread(floors.map((floor) => floor.peakRssMb)),
    floorPropsMs: spread(floors.map((floor) => floor.propsMs)),
    ratioTotal: spread(paired.map(({ build, floor }) => stagesTotal(build.stages) / floor.floorMs)),
    ratioRender: spread(paired.map(({ build, floor }) => (build.stages.render ?? 0) / floor.floorMs)),
    ratioWall: spread(paired.map(({ build, floor }) => build.wallMs / floor.wallMs)),
  };
}
