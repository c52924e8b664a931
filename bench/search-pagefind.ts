import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import type { Browser } from 'playwright-core';
import { extractRecord } from '../build/search/extract.js';
import { bundleName, categoryIndexes, DOCS_PER_BUNDLE, INDEX_FOLDER, type DocBundle, type SearchManifest } from '../src/islands/search/index-format.js';
import { SEARCH_MANIFEST } from '../src/routes/search-routes.js';
import { serveGzip } from './gzip-server.js';

/**
 * Issue 34 asked for Pagefind unless a measured reason says otherwise: the same documents as the
 * site's index (read back from its manifest and bundles, their records extracted again from the
 * built pages), given to Pagefind 1.6's Node API, then the same queries in Chromium through its own
 * pagefind.js (main thread, as a strict CSP page would run it with 'wasm-unsafe-eval').
 */
export async function measurePagefind(input: { out: string; browser: Browser; queries: readonly string[]; cpuSlowdown: number; dir: string }) {
  const { out, browser, queries, cpuSlowdown, dir } = input;
  const manifest = JSON.parse(await readFile(path.join(out, SEARCH_MANIFEST), 'utf8')) as SearchManifest;
  const urls: string[] = [];
  for (let index = 0; index * DOCS_PER_BUNDLE < manifest.docs; index += 1) for (const doc of JSON.parse(await readFile(path.join(out, INDEX_FOLDER, bundleName(manifest, index)), 'utf8')) as DocBundle) urls.push(doc.url);
  const records = await Promise.all(
    urls.map(async (url, number) => {
      const names = categoryIndexes(manifest, number).map((index) => manifest.categories[index] ?? '');
      const record = extractRecord(await readFile(path.join(out, url, 'index.html'), 'utf8'), url, names[0]);
      return record && { ...record, categories: names };
    }),
  );

  const started = performance.now();
  const { index } = await pagefind.createIndex({ forceLanguage: 'fr' });
  if (!index) throw new Error('Pagefind did not start');
  for (const record of records) {
    if (!record) continue;
    await index.addCustomRecord({
      url: record.url,
      content: `${record.title}. ${record.headings}. ${record.text}`,
      language: 'fr',
      meta: { title: record.title, ...(record.date ? { date: record.date } : {}), ...(record.image ? { image: record.image.src } : {}) },
      filters: { categorie: record.categories },
    });
  }
  const { files } = await index.getFiles();
  const indexMs = performance.now() - started;
  await pagefind.close();

  await rm(dir, { recursive: true, force: true });
  let raw = 0;
  for (const file of files) {
    const target = path.join(dir, 'pagefind', file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
    raw += file.content.length;
  }
  const page = `<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body><script type="module">
    window.pagefind = await import('/pagefind/pagefind.js');
    await window.pagefind.options({ noWorker: true, excerptLength: 30 });
    await window.pagefind.init();
    window.ready = true;
  </script></body></html>`;
  const { server, port, sent } = await serveGzip(dir, (pathname) => (pathname === '/' ? page : undefined));
  const rows: { query: string; results: number; bytes: number; ms: number }[] = [];
  try {
    for (const query of queries) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      sent.clear();
      await tab.goto(`http://127.0.0.1:${port}/`);
      await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, undefined, { timeout: 60_000 });
      const found = await tab.evaluate(async (text) => {
        const api = (window as unknown as { pagefind: { search: (q: string) => Promise<{ results: { data: () => Promise<unknown> }[] }> } }).pagefind;
        const start = performance.now();
        const search = await api.search(text);
        await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
        return { results: search.results.length, ms: Math.round(performance.now() - start) };
      }, query);
      let bytes = 0;
      for (const [pathname, size] of sent) if (pathname !== '/') bytes += size;
      rows.push({ query, results: found.results, bytes, ms: found.ms });
      await context.close();
    }
  } finally {
    server.close();
  }
  return { indexMs, files: files.length, raw, queries: rows, documents: urls.length, docsPerBundle: DOCS_PER_BUNDLE };
}
