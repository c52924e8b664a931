import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BuildReport, PageTypeReport } from '../build/report.js';
import { BENCH_NOW } from './build-bench.js';
import { BENCH_ROOT } from './generate-content.js';
import { runNodeScript } from './measure.js';

export const SNAPSHOT_SITE = path.join(BENCH_ROOT, 'site');

export interface SnapshotBuild {
  report: BuildReport;
  wallMs: number;
  peakRssMb: number;
}

/**
 * A clean build of the real snapshot (data/wordpress), the site that page weights and Lighthouse
 * measure. `siteUrl` is where it will be served, so canonical links stay on the same origin.
 */
export async function buildSnapshotSite(siteUrl: string): Promise<SnapshotBuild> {
  await rm(SNAPSHOT_SITE, { recursive: true, force: true });
  const build = await runNodeScript('build/launch.mjs', ['--out', SNAPSHOT_SITE, '--cache', `${SNAPSHOT_SITE}-cache`, '--clean', '--site-url', siteUrl, '--now', BENCH_NOW]);
  const report = JSON.parse(await readFile(`${SNAPSHOT_SITE}-report.json`, 'utf8')) as BuildReport;
  return { report, wallMs: build.wallMs, peakRssMb: build.peakRssMb };
}

export const PAGE_TYPE_ORDER = ['home', 'article', 'list', 'calendar', 'player', 'text', 'error'] as const;

export interface PageWeightRow extends PageTypeReport {
  pageType: string;
}

/** Per page type: the heaviest page's HTML, the stylesheet and the JS loaded before interaction, gzip bytes. */
export function pageWeights(report: BuildReport): PageWeightRow[] {
  return PAGE_TYPE_ORDER.flatMap((pageType) => {
    const entry = report.pageTypes[pageType];
    return entry ? [{ pageType, ...entry }] : [];
  });
}
