import { gzipSync } from 'node:zlib';
import type { IslandName } from '../src/islands/registry.js';
import type { PageType } from '../src/routes/types.js';
import type { BuiltAssets } from './bundle.js';
import type { RenderedPage } from './render.js';
import type { WriteResult } from './write.js';

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
}

export interface BuildReport {
  source: 'snapshot' | 'live';
  pages: number;
  files: number;
  changed: number;
  removed: number;
  warnings: string[];
  stages: Record<string, number>;
  pageTypes: Partial<Record<PageType, PageTypeReport>>;
  /** gzip bytes of each asset, by URL. */
  assets: Record<string, number>;
  /** URL path of every HTML page written (browser tests visit them all). */
  pagePaths: string[];
}

export function gzipSize(contents: string | Uint8Array): number {
  return gzipSync(typeof contents === 'string' ? Buffer.from(contents) : contents, { level: 9 }).byteLength;
}

interface TypeTally {
  pages: number;
  /** Position of the type's first page in the route order, to list types in that order. */
  firstOrder: number;
  largest: string | Uint8Array;
  /** Position of the largest page in the route order: ties go to the first, whoever rendered it. */
  largestOrder: number;
  islandSets: Map<string, { islands: IslandName[]; example: string; order: number }>;
  /** Every stylesheet a page of this type links. */
  stylesheets: string[];
}

/** A PageTally as plain data, to send from a render worker to the main thread. */
export interface TallyData {
  paths: string[];
  types: [PageType, TypeTally][];
}

/**
 * Collects what the report needs while pages stream to the writer: per page type, the largest
 * page (gzipped once at the end, not every page) and each distinct set of islands. Tallies of
 * render workers merge into one, with the same result as a single tally in route order.
 */
export class PageTally {
  private readonly types = new Map<PageType, TypeTally>();
  readonly paths: string[] = [];

  /** `order`: the page's position in the route order. */
  record(page: RenderedPage, order: number): void {
    this.paths.push(page.path.replace(/index\.html$/, ''));
    const tally = this.tallyOf(page.pageType, order);
    tally.pages += 1;
    keepLargest(tally, page.contents, order);
    keepFirstExample(tally, page.islands.join(','), { islands: page.islands, example: page.path, order });
    addStylesheets(tally, page.stylesheets);
  }

  merge(data: TallyData): void {
    this.paths.push(...data.paths);
    for (const [type, incoming] of data.types) {
      const tally = this.tallyOf(type, incoming.firstOrder);
      tally.pages += incoming.pages;
      keepLargest(tally, incoming.largest, incoming.largestOrder);
      for (const [key, set] of incoming.islandSets) keepFirstExample(tally, key, set);
      addStylesheets(tally, incoming.stylesheets);
    }
  }

  data(): TallyData {
    return { paths: this.paths, types: this.entries() };
  }

  entries(): [PageType, TypeTally][] {
    return [...this.types.entries()].sort(([, a], [, b]) => a.firstOrder - b.firstOrder);
  }

  private tallyOf(type: PageType, order: number): TypeTally {
    let tally = this.types.get(type);
    if (!tally) {
      tally = { pages: 0, firstOrder: order, largest: '', largestOrder: order, islandSets: new Map(), stylesheets: [] };
      this.types.set(type, tally);
    }
    tally.firstOrder = Math.min(tally.firstOrder, order);
    return tally;
  }
}

/** The larger page wins; of two as large, the one first in the route order. */
function keepLargest(tally: TypeTally, contents: string | Uint8Array, order: number): void {
  const larger = contents.length - tally.largest.length;
  if (larger > 0 || (larger === 0 && order < tally.largestOrder)) {
    tally.largest = contents;
    tally.largestOrder = order;
  }
}

function addStylesheets(tally: TypeTally, hrefs: readonly string[]): void {
  for (const href of hrefs) if (!tally.stylesheets.includes(href)) tally.stylesheets.push(href);
}

/** Each set of islands keeps as example its first page in the route order. */
function keepFirstExample(tally: TypeTally, key: string, set: { islands: IslandName[]; example: string; order: number }): void {
  const known = tally.islandSets.get(key);
  if (!known || set.order < known.order) tally.islandSets.set(key, set);
}

/** Stage: what was built, how heavy each kind of page is, how long each stage took. */
export function buildReport(input: {
  source: 'snapshot' | 'live';
  tally: PageTally;
  assets: BuiltAssets;
  write: WriteResult;
  warnings: string[];
  stages: Record<string, number>;
}): BuildReport {
  const assetSizes: Record<string, number> = {};
  for (const file of input.assets.files) assetSizes[file.path] = gzipSize(file.contents);
  const jsOf = (islands: readonly IslandName[], withLazy: boolean) => {
    const urls = new Set(
      islands.flatMap((name) => {
        const island = input.assets.islands[name];
        return [island.entry, ...island.chunks, ...(withLazy ? island.lazyChunks : [])];
      }),
    );
    return [...urls].reduce((sum, url) => sum + (assetSizes[url] ?? 0), 0);
  };
  const pageTypes: Partial<Record<PageType, PageTypeReport>> = {};
  for (const [type, tally] of input.tally.entries()) {
    const cssGzip = tally.stylesheets.reduce((sum, href) => sum + (assetSizes[href] ?? 0), 0);
    const entry: PageTypeReport = { pages: tally.pages, htmlGzip: gzipSize(tally.largest), cssGzip, jsGzip: 0, jsGzipWithLazy: 0, example: '' };
    for (const { islands, example } of [...tally.islandSets.values()].sort((a, b) => a.order - b.order)) {
      const js = jsOf(islands, false);
      if (js > entry.jsGzip || !entry.example) {
        entry.jsGzip = js;
        entry.example = example;
      }
      entry.jsGzipWithLazy = Math.max(entry.jsGzipWithLazy, jsOf(islands, true));
    }
    pageTypes[type] = entry;
  }
  return {
    source: input.source,
    pages: input.tally.paths.length,
    files: input.write.written,
    changed: input.write.changed,
    removed: input.write.removed,
    warnings: input.warnings,
    stages: input.stages,
    pageTypes,
    assets: assetSizes,
    pagePaths: [...input.tally.paths].sort(),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatReport(report: BuildReport): string {
  const lines = [
    `Built ${report.pages} pages, ${report.files} files (${report.changed} changed, ${report.removed} removed) from the ${report.source === 'live' ? 'live WordPress' : 'snapshot'}.`,
    `Stages: ${Object.entries(report.stages).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`,
    'Page type    pages   HTML gz   CSS gz    JS gz before interaction / with lazy chunks',
    ...Object.entries(report.pageTypes).map(([type, entry]) =>
      `${type.padEnd(12)} ${String(entry.pages).padStart(5)}  ${kb(entry.htmlGzip).padStart(8)}  ${kb(entry.cssGzip).padStart(8)}  ${kb(entry.jsGzip).padStart(8)} / ${kb(entry.jsGzipWithLazy).padStart(8)}  (${entry.example})`,
    ),
  ];
  if (report.warnings.length > 0) {
    lines.push(`${report.warnings.length} warning(s):`, ...report.warnings.map((warning) => `  - ${warning}`));
  }
  return lines.join('\n');
}
