import type { SizeResult } from './build-bench.js';
import type { LighthouseResult } from './lighthouse.js';
import type { PageWeightRow } from './page-weight.js';
import { formatSpread, type Spread } from './stats.js';

const seconds = (value: Spread) => formatSpread({ median: value.median / 1000, min: value.min / 1000, max: value.max / 1000 }, 2, ' s');
const ratio = (value: Spread) => formatSpread(value, 2, '×');
const table = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** Median (min–max) of every figure, one column per post count. */
export function formatBuildTable(results: readonly SizeResult[]): string {
  const stageNames = [...new Set(results.flatMap((result) => Object.keys(result.summary.stages)))];
  const row = (label: string, cell: (result: SizeResult) => string) => [label, ...results.map(cell)];
  return table(
    ['figure', ...results.map((result) => `${result.posts} posts (${result.builds.length} runs)`)],
    [
      row('posts.json', (r) => `${r.postsJsonMb.toFixed(0)} MB`),
      row('pages written', (r) => String(r.summary.pages)),
      row('build process wall time (`node` start to exit)', (r) => seconds(r.summary.processWallMs)),
      row('build wall time (runBuild)', (r) => seconds(r.summary.wallMs)),
      row('build CPU time (runBuild)', (r) => seconds(r.summary.cpuMs)),
      row('sum of sequential stages', (r) => seconds(r.summary.stagesTotalMs)),
      ...stageNames.map((name) => row(`stage ${name}`, (r) => seconds(r.summary.stages[name] ?? { median: 0, min: 0, max: 0 }))),
      row('pages per second (process wall)', (r) => formatSpread(r.summary.pagesPerSecond, 0)),
      row('build peak RSS', (r) => formatSpread(r.summary.peakRssMb, 0, ' MB')),
      row('floor: renderToString + write', (r) => seconds(r.summary.floorMs)),
      row('floor: of which renderToString', (r) => seconds(r.summary.floorRenderMs)),
      row('floor: of which mkdir + writeFile', (r) => seconds(r.summary.floorWriteMs)),
      row('floor CPU time', (r) => seconds(r.summary.floorCpuMs)),
      row('floor: route load() (outside the floor)', (r) => seconds(r.summary.floorPropsMs)),
      row('floor process wall time', (r) => seconds(r.summary.floorProcessWallMs)),
      row('floor peak RSS', (r) => formatSpread(r.summary.floorPeakRssMb, 0, ' MB')),
      row('**build CPU / floor CPU**', (r) => `**${ratio(r.summary.ratioCpu)}**`),
      row('sequential stages / floor (wall)', (r) => ratio(r.summary.ratioTotal)),
      row('render stage / floor (wall)', (r) => ratio(r.summary.ratioRender)),
      row('render stage / floor renderToString only', (r) => ratio(r.summary.ratioRenderOnly)),
      row('build process / floor process (wall)', (r) => ratio(r.summary.ratioProcessWall)),
    ],
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatPageWeights(rows: readonly PageWeightRow[]): string {
  return table(
    ['page type', 'pages', 'HTML gz (largest)', 'CSS gz', 'JS gz before interaction', 'example (most JS)'],
    rows.map((row) => [row.pageType, String(row.pages), kb(row.htmlGzip), kb(row.cssGzip), kb(row.jsGzip), `\`${row.example}\``]),
  );
}

export function formatLighthouse(results: readonly LighthouseResult[]): string {
  const score = (value: number | null) => (value === null ? '–' : String(value));
  return table(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'CLS', 'TBT'],
    results.map((r) => [
      `${r.label} \`${r.path}\``,
      score(r.scores.performance),
      score(r.scores.accessibility),
      score(r.scores['best-practices']),
      score(r.scores.seo),
      r.lcpMs === null ? '–' : `${(r.lcpMs / 1000).toFixed(2)} s`,
      r.cls === null ? '–' : r.cls.toFixed(3),
      r.tbtMs === null ? '–' : `${r.tbtMs.toFixed(0)} ms`,
    ]),
  );
}
