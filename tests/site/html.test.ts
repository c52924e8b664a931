import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { builtFiles, loadHtml, SITE_DIR } from './built-site.js';

const INTERACTIVE = 'a[href], button, details, embed, iframe, input, label, select, textarea, audio[controls], video[controls]';

describe('HTML of every page', () => {
  // Pages shown in a frame of other pages (the recent posts) are fragments: no h1, no social tags.
  const pages = builtFiles('.html').filter((file) => !loadHtml(file)('body').hasClass('frame'));

  it('is French, with exactly one h1, a title and a description', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const $ = loadHtml(page);
      if ($('html').attr('lang') !== 'fr') problems.push(`${page.path}: lang is not fr`);
      if ($('h1').length !== 1) problems.push(`${page.path}: ${$('h1').length} h1`);
      if (!$('title').text().startsWith('SQBB | ')) problems.push(`${page.path}: title "${$('title').text()}"`);
      if (($('meta[name="description"]').attr('content') ?? '').length < 20) problems.push(`${page.path}: no meaningful description`);
    }
    expect(problems).toEqual([]);
  });

  it('has no duplicate id', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const $ = loadHtml(page);
      const seen = new Set<string>();
      $('[id]').each((_, element) => {
        const id = $(element).attr('id') as string;
        if (seen.has(id)) problems.push(`${page.path}: #${id}`);
        seen.add(id);
      });
    }
    expect(problems).toEqual([]);
  });

  it('nests no interactive element inside another', () => {
    const problems: string[] = [];
    for (const page of pages) {
      const $ = loadHtml(page);
      $('a[href], button').each((_, element) => {
        const inner = $(element).find(INTERACTIVE);
        if (inner.length > 0) problems.push(`${page.path}: <${element.tagName}> holds <${inner.get(0)?.tagName}>`);
      });
      $('summary').each((_, element) => {
        if ($(element).find(INTERACTIVE).length > 0) problems.push(`${page.path}: <summary> holds an interactive element`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('gives every image an alt, a width and a height', () => {
    const problems: string[] = [];
    let images = 0;
    for (const page of pages) {
      const $ = loadHtml(page);
      $('img').each((_, element) => {
        images += 1;
        const img = $(element);
        for (const attribute of ['alt', 'width', 'height']) {
          if (img.attr(attribute) === undefined) problems.push(`${page.path}: <img src="${img.attr('src')}"> has no ${attribute}`);
        }
      });
    }
    console.log(`image check: ${images} images in ${pages.length} pages`);
    expect(problems).toEqual([]);
  });

  it('carries a canonical link and Open Graph basics with absolute URLs', () => {
    const problems: string[] = [];
    for (const page of pages.filter((file) => file.path !== '/404.html')) {
      const $ = loadHtml(page);
      for (const selector of ['link[rel="canonical"]', 'meta[property="og:url"]', 'meta[property="og:image"]']) {
        const value = $(selector).attr('href') ?? $(selector).attr('content') ?? '';
        if (!/^https?:\/\//.test(value)) problems.push(`${page.path}: ${selector} = "${value}"`);
      }
      for (const property of ['og:title', 'og:type', 'og:description']) {
        if (!$(`meta[property="${property}"]`).attr('content')) problems.push(`${page.path}: no ${property}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('shares a raster image (JPEG or PNG, as networks show) of the size it declares, 1200×630 where made for sharing', async () => {
    const problems: string[] = [];
    const checked = new Map<string, string>();
    for (const page of pages.filter((file) => file.path !== '/404.html')) {
      const $ = loadHtml(page);
      const url = new URL($('meta[property="og:image"]').attr('content') ?? '', 'http://site.invalid');
      const file = path.join(SITE_DIR, decodeURIComponent(url.pathname).replace(/^\/+/, ''));
      const declared = `${$('meta[property="og:image:width"]').attr('content')}×${$('meta[property="og:image:height"]').attr('content')}`;
      let actual = checked.get(file);
      if (actual === undefined) {
        const meta = await sharp(readFileSync(file)).metadata().catch(() => undefined);
        actual = meta ? `${meta.format} ${meta.width}×${meta.height}` : 'unreadable';
        checked.set(file, actual);
      }
      if (!/^(jpeg|png) /.test(actual)) problems.push(`${page.path}: og:image ${url.pathname} is ${actual}`);
      else if (!actual.endsWith(` ${declared}`)) problems.push(`${page.path}: og:image ${url.pathname} is ${actual}, declared ${declared}`);
      if (/\/images\//.test(url.pathname) && !actual.endsWith(' 1200×630')) problems.push(`${page.path}: share image ${url.pathname} is ${actual}`);
    }
    expect(checked.size).toBeGreaterThan(11);
    expect(problems).toEqual([]);
  });

  it('keeps the under-construction placeholders, and only them and the error page, out of search engines', () => {
    const problems: string[] = [];
    let placeholders = 0;
    for (const page of pages) {
      const $ = loadHtml(page);
      const placeholder = $('main').text().includes('Page en construction');
      const noindex = $('meta[name="robots"]').attr('content') === 'noindex';
      if (placeholder) placeholders += 1;
      if (placeholder && !noindex) problems.push(`${page.path}: placeholder without noindex`);
      if (noindex && !placeholder && page.path !== '/404.html') problems.push(`${page.path}: noindex on a page with content`);
    }
    expect(placeholders).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('gives every indexable page a description of at least 50 characters that no other indexable page shares', () => {
    // Indexable: not noindex, and its own canonical (an alias route points to its main page, which carries the description).
    const indexable = pages.filter((page) => {
      const $ = loadHtml(page);
      const canonicalPath = new URL($('link[rel="canonical"]').attr('href') ?? '', 'http://site.invalid').pathname;
      return $('meta[name="robots"]').attr('content') !== 'noindex' && canonicalPath === page.path.replace(/index\.html$/, '');
    });
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const page of indexable) {
      const description = loadHtml(page)('meta[name="description"]').attr('content') ?? '';
      if (description.length < 50) problems.push(`${page.path}: ${description.length} characters ("${description}")`);
      const other = seen.get(description);
      if (other) problems.push(`${page.path}: same description as ${other}`);
      seen.set(description, page.path);
    }
    expect(indexable.length).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});
