import type { SizeResult } from './build-bench.js';
import type { TrafficResult } from './wordpress-traffic.js';
import type { LighthouseResult } from './lighthouse.js';
import type { PageWeightRow } from './page-weight.js';
import { formatSpread, type Spread } from './stats.js';

const seconds = (value: Spread) => formatSpread({ median: value.median / 1000, min: value.min / 1000, max: value.max / 1000 }, 2, ' s');
const ratio = (value: Spread) => formatSpread(value, 3, '×');
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** Median (min–max) of every figure, one column per post count. */
export function formatBuildTable(results: readonly SizeResult[]): string {
  const stageNames = [...new Set(results.flatMap((result) => Object.keys(result.summary).filter((key) => key.startsWith('stage ')).map((key) => key.slice(6))))];
  const row = (label: string, cell: (summary: SizeResult['summary']) => string) => [label, ...results.map((result) => cell(result.summary))];
  const get = (summary: SizeResult['summary'], key: string) => summary[key] ?? { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const count = (value: Spread) => formatSpread(value, 0);
  return table(
    ['figure (whole processes, tmpfs)', ...results.map((result) => `${result.posts} posts, ${result.postsJsonMb.toFixed(0)} MB of JSON (${result.rounds.length} rounds)`)],
    [
      row('pages', (s) => count(get(s, 'pages'))),
      row('`node -e 0` (the machine at this moment: cron runs move with it)', (s) => formatSpread(get(s, 'nodeStartWall'), 0, ' ms')),
      row('floor (`../shared/bench/floor.mjs`)', (s) => seconds(get(s, 'floorWall'))),
      row('floor CPU', (s) => seconds(get(s, 'floorCpu'))),
      row('clean build (`--clean`)', (s) => seconds(get(s, 'cleanWall'))),
      row('clean build CPU', (s) => seconds(get(s, 'cleanCpu'))),
      row('**clean build / floor**', (s) => `**${ratio(get(s, 'cleanVsFloor'))}**`),
      row('clean build / floor, CPU', (s) => ratio(get(s, 'cleanVsFloorCpu'))),
      row('clean build peak RSS', (s) => formatSpread(get(s, 'cleanRss'), 0, ' MB')),
      row('floor peak RSS', (s) => formatSpread(get(s, 'floorRss'), 0, ' MB')),
      ...stageNames.map((name) => row(`clean build, stage ${name}`, (s) => seconds(get(s, `stage ${name}`)))),
      row('cron run, no change', (s) => seconds(get(s, 'noChangeWall'))),
      row('**no change / clean**', (s) => `**${ratio(get(s, 'noChangeVsClean'))}**`),
      row('no change: files rewritten', (s) => count(get(s, 'noChangeFiles'))),
      row('cron run, one new post', (s) => seconds(get(s, 'newPostWall'))),
      row('**one new post / clean**', (s) => `**${ratio(get(s, 'newPostVsClean'))}**`),
      row('one new post: pages rendered / files rewritten', (s) => `${count(get(s, 'newPostPages'))} / ${count(get(s, 'newPostFiles'))}`),
      row('cron run, one edited old post', (s) => seconds(get(s, 'editedWall'))),
      row('**one edited old post / clean**', (s) => `**${ratio(get(s, 'editedVsClean'))}**`),
      row('one edited old post: pages rendered', (s) => count(get(s, 'editedPages'))),
      row('WordPress over HTTP: clean build (full pull)', (s) => seconds(get(s, 'wpCleanWall'))),
      row('WordPress: clean build / floor', (s) => ratio(get(s, 'wpCleanVsFloor'))),
      row('WordPress: clean build peak RSS', (s) => formatSpread(get(s, 'wpCleanRss'), 0, ' MB')),
      row('**WordPress: no change / clean**', (s) => `**${ratio(get(s, 'wpNoChangeVsClean'))}**`),
      row('WordPress: no change: requests / files rewritten', (s) => `${count(get(s, 'wpNoChangeRequests'))} / ${count(get(s, 'wpNoChangeFiles'))}`),
      row('**WordPress: one new post / clean**', (s) => `**${ratio(get(s, 'wpNewPostVsClean'))}**`),
      row('WordPress: one new post: files rewritten', (s) => count(get(s, 'wpNewPostFiles'))),
      row('**WordPress: one edited old post / clean**', (s) => `**${ratio(get(s, 'wpEditedVsClean'))}**`),
      row('WordPress: one edited old post: pages rendered', (s) => count(get(s, 'wpEditedPages'))),
    ],
  );
}

export function formatTraffic(results: readonly TrafficResult[]): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const kbytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return table(
    ['posts', 'full pull', 'cron, no change', 'share of the full pull', 'cron, one new post'],
    results.map((r) => [
      String(r.posts),
      `${r.full.requests} requests, ${mb(r.full.bytes)}`,
      `${r.noChange.requests} requests, ${kbytes(r.noChange.bytes)}`,
      `${((r.noChange.bytes / r.full.bytes) * 100).toFixed(2)} %`,
      `${r.newPost.requests} requests, ${kbytes(r.newPost.bytes)}, ${r.newPost.pagesRendered} pages rendered`,
    ]),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatPageWeights(rows: readonly PageWeightRow[]): string {
  return table(
    ['page type', 'pages', 'HTML gz (largest)', 'CSS gz', 'JS gz before interaction', 'images on a phone: on load / scrolled', 'example (most JS)'],
    rows.map((row) => [row.pageType, String(row.pages), kb(row.htmlGzip), kb(row.cssGzip), kb(row.jsGzip), `${kb(row.media.eager)} / ${kb(row.media.total)}`, `\`${row.example}\``]),
  );
}

export function formatLighthouse(results: readonly LighthouseResult[]): string {
  const score = (value: number | null) => (value === null ? '–' : String(value));
  return table(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'CLS', 'TBT', 'LCP image', 'modern formats / responsive / encoded'],
    results.map((r) => [
      `${r.label} \`${r.path}\``,
      score(r.scores.performance),
      score(r.scores.accessibility),
      score(r.scores['best-practices']),
      score(r.scores.seo),
      r.lcpMs === null ? '–' : `${(r.lcpMs / 1000).toFixed(2)} s`,
      r.cls === null ? '–' : r.cls.toFixed(3),
      r.tbtMs === null ? '–' : `${r.tbtMs.toFixed(0)} ms`,
      r.lcpImageBytes === null ? '–' : kb(r.lcpImageBytes),
      [r.imageAudits['modern-image-formats'], r.imageAudits['uses-responsive-images'], r.imageAudits['uses-optimized-images']].map(score).join(' / '),
    ]),
  );
}
