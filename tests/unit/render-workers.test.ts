import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAssets } from '../../build/bundle.js';
import { sharedIslandProps } from '../../build/shared-island-props.js';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { planRenderThreads, startRenderPool } from '../../build/render/pool.js';
import { RenderError } from '../../build/render/page-html.js';
import type { BuildReport } from '../../build/report.js';
import { openOutput } from '../../build/write.js';
import { expandRoutes } from '../../src/routes.js';
import { readTree } from './read-tree.js';
import { makeSite } from './site-fixture.js';
import { warmMedia } from './warm-media.js';

describe('rendering in worker threads', () => {
  let root: string;
  const build = (workers: number) =>
    runBuild(parseOptions(['--out', path.join(root, `site-${workers}`), '--cache', path.join(root, 'cache'), '--now', '2026-01-15T12:00:00Z', '--workers', String(workers)], {}), true);
  const comparable = ({ stages: _stages, ...report }: BuildReport) => report;
  let single: BuildReport;
  let threaded: BuildReport;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-workers-'));
    await warmMedia(path.join(root, 'cache'));
    single = await build(1);
    threaded = await build(3);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes the same site, byte for byte, as rendering in the main thread', async () => {
    const [one, three] = [await readTree(path.join(root, 'site-1')), await readTree(path.join(root, 'site-3'))];
    expect(Object.keys(three).length).toBeGreaterThan(100);
    expect(three).toEqual(one);
  });

  it('reports the same pages, sizes and examples as rendering in the main thread', () => {
    expect(comparable(threaded)).toEqual(comparable(single));
  });

  it('fails with the failing page named, and leaves no output folder behind once aborted', async () => {
    const site = makeSite();
    const instances = expandRoutes(site).length;
    // Breaks the pages that read the club's history (home, history pages); the others render.
    const broken = { ...site, club: { ...site.club, history: undefined as unknown as typeof site.club.history } };
    const assets = await bundleAssets(sharedIslandProps(site.club));
    const output = await openOutput(path.join(root, 'broken'));
    const pool = startRenderPool(2);
    try {
      const error: unknown = await pool.render({ site: broken, instances, assets, folder: output.folder }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(RenderError);
      expect((error as Error).message).toMatch(/^route [\w-]+ \(\/[\w/-]*\): Cannot read properties of undefined \(reading '\w+'\)$/);
    } finally {
      await pool.close();
      await output.abort();
    }
    expect(await readTree(root).then((tree) => Object.keys(tree).some((file) => file.startsWith('broken')))).toBe(false);
  });
});

describe('how many render threads a build uses', () => {
  it('keeps small sites in the main thread, where a worker would cost more to start than it saves', () => {
    expect(planRenderThreads(undefined, 30, 8)).toBe(1);
    expect(planRenderThreads(undefined, 1_000, 2)).toBe(1);
    expect(planRenderThreads(undefined, 2_000, 2)).toBe(1);
  });

  it('adds a thread per 1,250 posts, up to the cores there are', () => {
    expect(planRenderThreads(undefined, 2_500, 2)).toBe(2);
    expect(planRenderThreads(undefined, 5_000, 2)).toBe(2);
    expect(planRenderThreads(undefined, 5_000, 8)).toBe(4);
    expect(planRenderThreads(undefined, 30_000, 4)).toBe(4);
  });

  it('uses the number asked for with --workers', () => {
    expect(planRenderThreads(3, 100, 2)).toBe(3);
  });
});
