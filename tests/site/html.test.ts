import { describe, expect, it } from 'vitest';
import { builtFiles, loadHtml } from './built-site.js';

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
});
