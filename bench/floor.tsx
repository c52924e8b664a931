import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { fetchContent } from '../build/fetch.js';
import { normalizeSite } from '../build/normalize.js';
import { parseOptions } from '../build/options.js';
import { ROUTES } from '../src/routes.js';
import { fillPattern, pageOutputFile } from '../src/routes/paths.js';

/**
 * The floor of our approach: for every post, renderToString of the article page component and
 * one file written. No layout, no document shell, no other page, no report. Loading and
 * normalizing the content happen before the clock starts; the route's `load` (props for one
 * post) is timed apart, so the floor is renderToString + write only. bench/run.ts starts it with
 * NODE_ENV=production (React's production server build), the fastest React can render.
 *
 * Usage (run by bench/run.ts as a child process): tsx bench/floor.tsx --content DIR --out DIR
 * (an empty or missing output folder; the caller deletes it).
 * Prints one JSON line: FloorResult.
 */

export interface FloorResult {
  pages: number;
  /** fetch + normalize, outside the floor. */
  setupMs: number;
  /** The route's load() for each post (props and head), outside the floor. */
  propsMs: number;
  renderMs: number;
  writeMs: number;
  /** renderMs + writeMs: the figure our build is compared with. */
  floorMs: number;
  /** CPU time (user + system, all threads) of renderToString + write. */
  floorCpuMs: number;
}

const options = parseOptions(process.argv.slice(2), {});
const setupStart = performance.now();
const { site } = normalizeSite(await fetchContent(options), options);
const setupMs = performance.now() - setupStart;

const route = ROUTES.find((candidate) => candidate.id === 'news-article');
if (!route || route.kind !== 'page') throw new Error('the route table has no news-article page');

let propsMs = 0;
let renderMs = 0;
let writeMs = 0;
let floorCpuUs = 0;
const paramSets = route.paths(site);
for (const params of paramSets) {
  const t0 = performance.now();
  const { element } = route.render(site, params);
  const t1 = performance.now();
  const cpuStart = process.cpuUsage();
  const html = renderToString(element);
  const t2 = performance.now();
  const target = path.join(options.outDir, pageOutputFile(fillPattern(route.id, route.pattern, params)));
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
  const t3 = performance.now();
  const cpu = process.cpuUsage(cpuStart);
  floorCpuUs += cpu.user + cpu.system;
  propsMs += t1 - t0;
  renderMs += t2 - t1;
  writeMs += t3 - t2;
}

const result: FloorResult = { pages: paramSets.length, setupMs, propsMs, renderMs, writeMs, floorMs: renderMs + writeMs, floorCpuMs: floorCpuUs / 1000 };
process.stdout.write(`${JSON.stringify(result)}\n`);
