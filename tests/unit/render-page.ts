import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { expect } from 'vitest';
import { expandRoutes } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import type { PageHead } from '../../src/types/head.js';
import { plainSpaces } from '../../src/lib/typography.js';
import { makeSite } from './site-fixture.js';

const defaultSite = makeSite();
const defaultInstances = expandRoutes(defaultSite);

/**
 * Renders one page of the route table (without the layout) as a fan's browser would get it, its
 * non-breaking spaces read as spaces: these tests compare the spec's letters; the typography itself
 * is checked over the built site (tests/site/typography.test.ts) and in tests/unit/typography.test.ts.
 */
export function renderPath(path: string, site: SiteData = defaultSite): { $: CheerioAPI; head: PageHead; aliasOf?: string } {
  const instances = site === defaultSite ? defaultInstances : expandRoutes(site);
  const instance = instances.find((candidate) => candidate.path === path);
  if (!instance || instance.route.kind !== 'page') throw new Error(`no page at ${path}`);
  const { element, head } = instance.route.render(site, instance.params);
  return { $: load(plainSpaces(renderToString(element))), head, aliasOf: instance.route.aliasOf };
}

export function texts($: CheerioAPI, selector: string): string[] {
  return $(selector).map((_, element) => $(element).text().trim()).get();
}

/** Every <img> has a French alt, a size, and, when local, a file shipped in public/ (no broken image offline). */
export function expectSoundImages($: CheerioAPI): void {
  $('img').each((_, element) => {
    const img = $(element);
    const src = img.attr('src') ?? '';
    expect(img.attr('alt')?.trim(), src).toBeTruthy();
    expect(Number(img.attr('width')), src).toBeGreaterThan(0);
    expect(Number(img.attr('height')), src).toBeGreaterThan(0);
    if (src.startsWith('/')) expect(existsSync(join('public', src)), `${src} is shipped`).toBe(true);
  });
}

export { defaultSite as site };
