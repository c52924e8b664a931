import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { IslandName } from '../src/islands/registry.js';
import type { PageType } from '../src/routes/types.js';
import type { BuiltAssets } from './bundle.js';
import { phoneMediaWeight, type MediaWeight } from './media-weight.js';
import type { ContentChanges } from './normalize.js';
import type { RenderedOutput } from './render/render-site.js';
import type { Traffic } from './wordpress/http.js';
import type { ReportMemo } from './state/build-state.js';
import type { WriteResult } from './write.js';
import { groupWarnings, type BuildWarning } from './warnings.js';
import { countOf, formatCount } from './format-count.js';
import { writeFileAtomic } from './fs.js';

export interface PageTypeReport {
  pages: number;
  /** Largest page of this type, gzip bytes. */
  htmlGzip: number;
  /** Every stylesheet a page of this type may link (the site's, and the content sheet on articles). */
  cssGzip: number;
  /** JavaScript a page of this type loads before any interaction (entries and static chunks). */
  jsGzip: number;
  /** The same plus what its islands may load later (Swiper when a slider nears the viewport). */
  jsGzipWithLazy: number;
  /** The page with the largest JavaScript, as an example to open. */
  example: string;
  /** Image bytes of the largest page on a phone (build/media-weight.ts): on load, and once scrolled through. */
  media: MediaWeight;
}

/** What this build did against the cache: the cron log's one line. */
export interface BuildRun {
  /** 'incremental' when the cache was used; else why the build started from nothing. */
  mode: 'incremental' | 'clean';
  cleanReason?: string;
  posts: { total: number } & ContentChanges;
  pagesRendered: number;
  /** List pages, HTML or JSON, kept one post behind for the next run (BuildOptions' `later`). */
  pagesLater?: number;
  /** URL paths of the pages rendered (the others were kept from the previous output). */
  renderedPaths: string[];
  wordpress?: Traffic;
  /** Why an incremental sync had to list every post id. */
  listed?: string;
}

export interface BuildReport extends Pick<WriteResult, 'changed' | 'removed' | 'changedPaths'>, Omit<PageWeights, 'memo'> {
  source: 'snapshot' | 'live';
  run: BuildRun;
  pages: number;
  files: number;
  /** Every warning, with its kind and full message (the log groups them by kind). */
  warnings: BuildWarning[];
  stages: Record<string, number>;
}

/** Where the report of a build into `outDir` is written: beside it, never in it. */
export const reportFile = (outDir: string): string => `${outDir}-report.json`;

/** Writes the report beside the output (a run with nothing new gives it again: build/run.ts). */
export function writeReport(outDir: string, report: BuildReport): void {
  writeFileAtomic(reportFile(outDir), `${JSON.stringify(report, null, 2)}\n`);
}

function gzipSize(contents: string | Uint8Array): number {
  return gzipSync(contents, { level: 9 }).byteLength;
}

interface TypeTally {
  pages: number;
  /** The largest page (ties: the first in the route order), gzipped once at the end. */
  largest: { path: string; size: number; key: string };
  /** Each distinct set of islands with its first page in the route order. */
  islandSets: Map<string, { islands: IslandName[]; example: string }>;
  stylesheets: Set<string>;
}

/** Per page type, in the route order of its first page, from what render recorded: no page is read again but the largest. */
function tallyPages(outputs: readonly RenderedOutput[]): { types: Map<PageType, TypeTally>; paths: string[] } {
  const types = new Map<PageType, TypeTally>();
  const paths: string[] = [];
  // Each list of islands (shared by thousands of pages) is joined into a key once.
  const keys = new Map<readonly IslandName[], string>();
  for (const { path, record } of [...outputs].sort((a, b) => a.order - b.order)) {
    const page = record.page;
    if (!page) continue;
    paths.push(path.endsWith('index.html') ? path.slice(0, -'index.html'.length) : path);
    let tally = types.get(page.pageType);
    if (!tally) {
      tally = { pages: 0, largest: { path, size: -1, key: '' }, islandSets: new Map(), stylesheets: new Set() };
      types.set(page.pageType, tally);
    }
    tally.pages += 1;
    if (record.size > tally.largest.size) tally.largest = { path, size: record.size, key: record.key };
    let key = keys.get(page.islands);
    if (key === undefined) keys.set(page.islands, (key = page.islands.join(',')));
    if (!tally.islandSets.has(key)) tally.islandSets.set(key, { islands: page.islands, example: path });
    for (const href of page.stylesheets) tally.stylesheets.add(href);
  }
  return { types, paths };
}

/** How heavy each kind of page is: the assets, the largest page of each type and the images it shows. */
export interface PageWeights {
  pageTypes: Partial<Record<PageType, PageTypeReport>>;
  /** gzip bytes of each asset, by URL. */
  assets: Record<string, number>;
  /** URL path of every HTML page written (browser tests visit them all). */
  pagePaths: string[];
  memo: ReportMemo;
}

/**
 * Weighs the pages before the output switches to them (the memo is saved with the state): `fileOf`
 * names the file that holds a site path's bytes until then.
 */
export function weighPages(input: { outputs: readonly RenderedOutput[]; assets: BuiltAssets; memo?: ReportMemo | undefined; fileOf: (sitePath: string) => string }): PageWeights {
  const memo: ReportMemo = { assets: {}, pages: {} };
  const assetSizes = memo.assets;
  for (const file of input.assets.files) assetSizes[file.path] = input.memo?.assets[file.path] ?? gzipSize(file.contents);
  const jsOf = (islands: readonly IslandName[], withLazy: boolean) => {
    const urls = new Set(
      islands.flatMap((name) => {
        const island = input.assets.islands[name];
        return [island.entry, ...island.chunks, ...(withLazy ? island.lazyChunks : [])];
      }),
    );
    return [...urls].reduce((sum, url) => sum + (assetSizes[url] ?? 0), 0);
  };
  const tally = tallyPages(input.outputs);
  const pageTypes: Partial<Record<PageType, PageTypeReport>> = {};
  for (const [type, entry] of tally.types) {
    const weighed = `${entry.largest.path}\u0000${entry.largest.key}`;
    let weight = input.memo?.pages[weighed];
    if (!weight) {
      const largest = readFileSync(input.fileOf(entry.largest.path));
      weight = { htmlGzip: gzipSize(largest), media: phoneMediaWeight(largest.toString('utf8'), (sitePath) => siteFileSize(input.fileOf, sitePath)) };
    }
    memo.pages[weighed] = weight;
    const cssGzip = [...entry.stylesheets].reduce((sum, href) => sum + (assetSizes[href] ?? 0), 0);
    const report: PageTypeReport = { pages: entry.pages, htmlGzip: weight.htmlGzip, cssGzip, jsGzip: 0, jsGzipWithLazy: 0, example: '', media: weight.media };
    for (const { islands, example } of entry.islandSets.values()) {
      const js = jsOf(islands, false);
      if (js > report.jsGzip || !report.example) {
        report.jsGzip = js;
        report.example = example;
      }
      report.jsGzipWithLazy = Math.max(report.jsGzipWithLazy, jsOf(islands, true));
    }
    pageTypes[type] = report;
  }
  return { pageTypes, assets: assetSizes, pagePaths: [...tally.paths].sort(), memo };
}

/** Stage: what was built, how heavy each kind of page is, how long each stage took. */
export function buildReport(input: { source: 'snapshot' | 'live'; run: BuildRun; weights: PageWeights; write: WriteResult; warnings: BuildWarning[]; stages: Record<string, number> }): BuildReport {
  const { weights } = input;
  return {
    source: input.source,
    run: input.run,
    pages: weights.pagePaths.length,
    files: input.write.written,
    changed: input.write.changed,
    removed: input.write.removed,
    changedPaths: input.write.changedPaths,
    warnings: input.warnings,
    stages: input.stages,
    pageTypes: weights.pageTypes,
    assets: weights.assets,
    pagePaths: weights.pagePaths,
  };
}

/** Bytes of the file a root-relative URL names; undefined for another host's or a missing file. */
function siteFileSize(fileOf: (sitePath: string) => string, sitePath: string): number | undefined {
  if (!sitePath.startsWith('/') || sitePath.startsWith('//')) return undefined;
  try {
    return statSync(fileOf(decodeURI(sitePath.split(/[?#]/)[0] ?? ''))).size;
  } catch {
    return undefined;
  }
}

/** The cron log's line: `incremental: 1 new, 0 changed, 0 removed posts; 14 of 6,607 pages rendered; WordPress: 3 requests, 41 KB`. */
export function formatRunLine(run: BuildRun, pages: number): string {
  const n = formatCount;
  const head = run.mode === 'incremental' ? 'incremental' : `clean (${run.cleanReason ?? 'no cache'})`;
  const posts = run.mode === 'incremental'
    ? `${n(run.posts.added)} new, ${n(run.posts.changed)} changed, ${n(run.posts.removed)} removed posts`
    : `${n(run.posts.total)} posts`;
  const wordpress = run.wordpress ? `; WordPress: ${countOf(run.wordpress.requests, 'request')}, ${formatBytes(run.wordpress.bytes)}` : '';
  const listed = run.listed ? ` (every id listed: ${run.listed})` : '';
  const later = run.pagesLater ? ` (${n(run.pagesLater)} list pages left one post behind for the next run)` : '';
  return `${head}: ${posts}; ${n(run.pagesRendered)} of ${n(pages)} pages rendered${later}${wordpress}${listed}`;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: BuildReport): string {
  const lines = [
    formatRunLine(report.run, report.pages),
    `Built ${report.pages} pages, ${report.files} files (${report.changed} changed, ${report.removed} removed) from the ${report.source === 'live' ? 'live WordPress' : 'snapshot'}.`,
    `Stages: ${Object.entries(report.stages).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`,
    'Page type    pages   HTML gz   CSS gz    JS gz before interaction / with lazy chunks   images on a phone: on load / scrolled',
    ...Object.entries(report.pageTypes).map(([type, entry]) =>
      `${type.padEnd(12)} ${String(entry.pages).padStart(5)}  ${kb(entry.htmlGzip).padStart(8)}  ${kb(entry.cssGzip).padStart(8)}  ${kb(entry.jsGzip).padStart(8)} / ${kb(entry.jsGzipWithLazy).padStart(8)}  ${kb(entry.media.eager).padStart(8)} / ${kb(entry.media.total).padStart(8)}  (${entry.example})`,
    ),
  ];
  if (report.warnings.length > 0) {
    // Grouped by kind: a cron log stays readable with hundreds of them; the report JSON lists each one.
    lines.push(`${report.warnings.length} warning(s):`, ...groupWarnings(report.warnings).map((line) => `  - ${line}`));
  }
  return lines.join('\n');
}
