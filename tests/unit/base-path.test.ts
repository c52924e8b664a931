import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '../../build/options.js';
import { runBuild } from '../../build/pipeline.js';
import { warmMedia } from './warm-media.js';

/** SITE_URL with a path prefix: the site is served from https://club.example/sqbb/. */
describe('a site built for a SITE_URL with a path prefix', () => {
  let root: string;
  let out: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-prefix-'));
    out = path.join(root, 'sqbb');
    await warmMedia(path.join(root, 'cache'));
    await runBuild(parseOptions(['--out', out, '--cache', path.join(root, 'cache'), '--site-url', 'https://club.example/sqbb', '--now', '2026-01-15T12:00:00Z'], {}), true);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const files = (extension: string) =>
    readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
      .map((entry) => path.join(entry.parentPath, entry.name));
  /** Served from the folder's parent, as a host mounting dist/ at /sqbb/ would. */
  const resolves = (url: string) => {
    const target = path.join(root, decodeURIComponent(url.split('#')[0] ?? ''));
    return existsSync(target) && (existsSync(path.join(target, 'index.html')) || !target.endsWith('/'));
  };

  it('prefixes every root-relative link and image of every page, and each resolves', () => {
    const problems: string[] = [];
    for (const file of files('.html')) {
      const $ = cheerio.load(readFileSync(file, 'utf8'));
      $('[href], [src], [srcset]').each((_, element) => {
        const values = [$(element).attr('href'), $(element).attr('src'), ...($(element).attr('srcset') ?? '').split(',').map((part) => part.trim().split(' ')[0])];
        for (const url of values) {
          if (!url || !url.startsWith('/') || url.startsWith('//')) continue;
          if (!url.startsWith('/sqbb/') || !resolves(url)) problems.push(`${path.relative(out, file)}: ${url}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('prefixes the URLs inside the JSON pages that load more renders', () => {
    const page = JSON.parse(readFileSync(path.join(out, 'actualites/page/2.json'), 'utf8')) as { href: string; image: { src: string; sources: { srcSet: string }[] } | null }[];
    expect(page.length).toBeGreaterThan(0);
    for (const card of page) {
      expect(card.href).toMatch(/^\/sqbb\/actualites\/article\/\d+\/$/);
      if (card.image) {
        expect(card.image.src.startsWith('/sqbb/')).toBe(true);
        for (const source of card.image.sources) for (const candidate of source.srcSet.split(', ')) expect(candidate.startsWith('/sqbb/')).toBe(true);
      }
    }
  });

  it('tells the islands the prefix and writes absolute canonical URLs with it', () => {
    const $ = cheerio.load(readFileSync(path.join(out, 'club/histoire/palmares/index.html'), 'utf8'));
    expect($('html').attr('data-base')).toBe('/sqbb');
    expect($('link[rel="canonical"]').attr('href')).toBe('https://club.example/sqbb/club/histoire/palmares/');
  });
});
