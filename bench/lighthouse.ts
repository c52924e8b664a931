import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from './measure.js';

export interface LighthouseResult {
  label: string;
  path: string;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number | null>;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** Audits that cost points (score < 1), so the next person knows where to look. */
  failing: string[];
  runtimeError?: string;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The four pages of the issue; the player page only once the player pages exist. */
export function lighthousePages(siteDir: string, firstPostId: number | undefined): { pages: { label: string; path: string }[]; notes: string[] } {
  const pages = [{ label: 'home', path: '/' }];
  const notes: string[] = [];
  if (firstPostId !== undefined && existsSync(path.join(siteDir, 'actualites', 'article', String(firstPostId)))) {
    pages.push({ label: 'article', path: `/actualites/article/${firstPostId}/` });
  } else notes.push('article page skipped: no /actualites/article/<first id>/ in the build');
  pages.push({ label: 'calendar', path: '/equipe/match/calendrier/' });
  const playersDir = path.join(siteDir, 'equipe', 'pro', 'joueurs', 'details');
  const player = existsSync(playersDir) ? readdirSync(playersDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()[0] : undefined;
  if (player) pages.push({ label: 'player', path: `/equipe/pro/joueurs/details/${player}/` });
  else notes.push('player page skipped: no /equipe/pro/joueurs/details/<id>/ in the build yet');
  return { pages, notes };
}

/** Serves `siteDir` with http-server on 127.0.0.1:port and audits each page at the mobile preset. */
export async function runLighthouse(siteDir: string, port: number, pages: { label: string; path: string }[], log: (line: string) => void): Promise<LighthouseResult[]> {
  const server = await startServer(siteDir, port);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const url = `http://127.0.0.1:${port}${page.path}`;
      // Default config = mobile preset (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown).
      const runner = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = runner;
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
      const failing = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 || category === 'performance')
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
          .map((audit) => `${category}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
      );
      const result: LighthouseResult = {
        label: page.label,
        path: page.path,
        scores: Object.fromEntries(CATEGORIES.map((category) => [category, scoreOf(lhr.categories[category]?.score)])) as LighthouseResult['scores'],
        lcpMs: numeric('largest-contentful-paint'),
        cls: numeric('cumulative-layout-shift'),
        tbtMs: numeric('total-blocking-time'),
        failing,
        ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      };
      log(`  ${page.label} ${page.path}: ${CATEGORIES.map((category) => `${category} ${result.scores[category] ?? '-'}`).join(', ')}`);
      results.push(result);
    }
    return results;
  } finally {
    chrome.kill();
    server.kill();
  }
}

const scoreOf = (score: number | null | undefined) => (typeof score === 'number' ? Math.round(score * 100) : null);

async function startServer(siteDir: string, port: number): Promise<ChildProcess> {
  const bin = path.join(ROOT, 'node_modules', 'http-server', 'bin', 'http-server');
  const server = spawn(process.execPath, [bin, siteDir, '-a', '127.0.0.1', '-p', String(port), '-c-1', '--silent'], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error(`http-server did not answer on port ${port}`);
}
