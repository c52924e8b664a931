import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SEARCH_WORKER } from '../../src/routes/search-routes.js';
import { loadHtml, readReport, SITE_DIR } from './built-site.js';

const KB = 1024;

/** DESIGN section 5 and issue 6: gzip budgets, measured on the built site by the build report. */
describe('size budgets (gzip)', () => {
  const report = readReport();
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const table = Object.entries(report.pageTypes).map(([type, entry]) =>
    `${type}: html ${kb(entry.htmlGzip)}, css ${kb(entry.cssGzip)}, js ${kb(entry.jsGzip)} before interaction, ${kb(entry.jsGzipWithLazy)} with lazy chunks (${entry.example})`,
  );
  console.log(`budget figures:\n  ${table.join('\n  ')}`);

  it('loads at most 15 KB of JavaScript before interaction on text, article and list pages', () => {
    for (const type of ['text', 'article', 'list', 'error'] as const) {
      const entry = report.pageTypes[type];
      if (entry) expect(entry.jsGzip, `${type} (${entry.example})`).toBeLessThanOrEqual(15 * KB);
    }
  });

  it('loads at most 25 KB of JavaScript on the search page, its island and worker included (the index it fetches: bench/search.ts)', () => {
    const search = report.pageTypes.search;
    expect(search).toBeDefined();
    // The worker the island starts is no script of the page's HTML: the report does not count it.
    const worker = gzipSync(readFileSync(path.join(SITE_DIR, SEARCH_WORKER))).length;
    expect(worker).toBeGreaterThan(KB);
    expect((search?.jsGzip ?? 0) + worker).toBeLessThanOrEqual(25 * KB);
  });

  it('loads at most 60 KB of JavaScript on the home page, Swiper included', () => {
    const home = report.pageTypes.home;
    expect(home).toBeDefined();
    expect(home?.jsGzipWithLazy).toBeLessThanOrEqual(60 * KB);
  });

  it('counts every stylesheet a page links; only article pages link the content sheet', () => {
    for (const [type, entry] of Object.entries(report.pageTypes)) {
      const $ = loadHtml({ path: entry.example, absolute: path.join(SITE_DIR, entry.example) });
      const linked = $('link[rel="stylesheet"]').map((_, link) => $(link).attr('href') ?? '').get();
      expect(linked.some((href) => /\/assets\/content-[0-9a-f]+\.css$/.test(href)), type).toBe(type === 'article');
      const sizes = linked.map((href) => report.assets[href.replace(/^.*?(?=\/assets\/)/, '')]);
      expect(sizes.every((size) => typeof size === 'number' && size > 0), `${type}: ${linked.join(', ')}`).toBe(true);
      expect(entry.cssGzip, type).toBe(sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0));
    }
  });

  it('ships at most 30 KB of CSS per page', () => {
    for (const [type, entry] of Object.entries(report.pageTypes)) {
      expect(entry.cssGzip, type).toBeLessThanOrEqual(30 * KB);
    }
  });
});
