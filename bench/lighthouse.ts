import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
  /** Issue 13's image audits: score 0-100 (null when not applicable: no image to judge). */
  imageAudits: Record<(typeof IMAGE_AUDITS)[number], number | null>;
  /** Bytes of the largest image requested at high priority (the page's largest paint), null when none. */
  lcpImageBytes: number | null;
  runtimeError?: string;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const IMAGE_AUDITS = ['modern-image-formats', 'uses-responsive-images', 'uses-optimized-images'] as const;
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
  const pages = [{ label: 'home', path: '/' }, { label: 'list', path: '/actualites/' }];
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

/**
 * Serves `siteDir` with http-server on 127.0.0.1:port and audits each page at the mobile preset.
 * With `gzip`, every text file gets a .gz sibling that `http-server -g` sends, as any production
 * host compresses text (nginx gzip_static, a CDN); without it Lighthouse scores raw transfers.
 */
export async function runLighthouse(
  siteDir: string,
  port: number,
  pages: { label: string; path: string }[],
  gzip: boolean,
  log: (line: string) => void,
): Promise<LighthouseResult[]> {
  if (gzip) await addGzipSiblings(siteDir);
  const server = await startServer(siteDir, port, gzip);
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
      const failing = costlyAudits(lhr);
      const result: LighthouseResult = {
        label: page.label,
        path: page.path,
        scores: Object.fromEntries(CATEGORIES.map((category) => [category, scoreOf(lhr.categories[category]?.score)])) as LighthouseResult['scores'],
        lcpMs: numeric('largest-contentful-paint'),
        cls: numeric('cumulative-layout-shift'),
        tbtMs: numeric('total-blocking-time'),
        failing,
        imageAudits: Object.fromEntries(IMAGE_AUDITS.map((id) => [id, lhr.audits[id]?.scoreDisplayMode === 'notApplicable' ? null : scoreOf(lhr.audits[id]?.score)])) as LighthouseResult['imageAudits'],
        lcpImageBytes: highPriorityImageBytes(lhr),
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

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * What costs points: accessibility, best-practices and SEO audits that count and did not pass;
 * performance metrics under 0.9 and diagnostics under 0.5 (Lighthouse marks many at 0.5–0.9
 * that cost nothing). Each with its value and the first offending nodes.
 */
function costlyAudits(lhr: Lhr): string[] {
  return CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') return [];
      const threshold = category !== 'performance' ? (ref.weight > 0 ? 1 : 0) : ref.weight > 0 ? 0.9 : 0.5;
      if (audit.score >= threshold) return [];
      const details = audit.details as { items?: { node?: { snippet?: string }; url?: string; description?: string }[] } | undefined;
      const nodes = (details?.items ?? [])
        .flatMap((item) => {
          const what = item.node?.snippet ?? item.url ?? item.description;
          return typeof what === 'string' && what ? [what.slice(0, 120)] : [];
        })
        .slice(0, 2);
      return [`${category}: ${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}${nodes.length > 0 ? ` at ${nodes.join(' | ')}` : ''}`];
    }),
  );
}

/**
 * The largest image loaded at high priority (`fetchpriority="high"` marks the page's largest paint;
 * the logo in the header is high priority too, and smaller): its transfer size.
 */
function highPriorityImageBytes(lhr: Lhr): number | null {
  const details = lhr.audits['network-requests']?.details as { items?: { resourceType?: string; priority?: string; transferSize?: number }[] } | undefined;
  const sizes = (details?.items ?? []).filter((item) => item.resourceType === 'Image' && (item.priority === 'High' || item.priority === 'VeryHigh')).map((item) => item.transferSize ?? 0);
  return sizes.length > 0 ? Math.max(...sizes) : null;
}

const scoreOf = (score: number | null | undefined) => (typeof score === 'number' ? Math.round(score * 100) : null);

async function addGzipSiblings(siteDir: string): Promise<void> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !/\.(html|css|js|mjs|json|svg|xml|txt|ics|webmanifest)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    await writeFile(`${file}.gz`, gzipSync(await readFile(file), { level: 9 }));
  }
}

async function startServer(siteDir: string, port: number, gzip: boolean): Promise<ChildProcess> {
  const bin = path.join(ROOT, 'node_modules', 'http-server', 'bin', 'http-server');
  const args = [bin, siteDir, '-a', '127.0.0.1', '-p', String(port), '-c-1', '--silent', ...(gzip ? ['-g'] : [])];
  const server = spawn(process.execPath, args, { stdio: 'ignore' });
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
