import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtFiles, loadHtml, SITE_DIR } from './built-site.js';

/**
 * What a static host does with a root-relative URL: serve a file, or nothing. A page folder
 * reached without its trailing slash is answered with a redirect to it first (http-server, nginx,
 * S3 all do): one more round trip per click on a phone, so it counts as a fault too.
 */
function problemWith(url: string): string | undefined {
  const pathname = decodeURIComponent(url.split('#')[0]?.split('?')[0] ?? '');
  const target = path.join(SITE_DIR, pathname);
  if (!target.startsWith(SITE_DIR)) return 'outside the site';
  if (existsSync(target) && statSync(target).isFile()) return undefined;
  if (!existsSync(path.join(target, 'index.html'))) return 'no such file';
  return pathname.endsWith('/') ? undefined : `redirected to ${pathname}/`;
}

function internalUrls(value: string, attribute: string): string[] {
  const candidates = attribute === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
  return candidates.filter((url) => url.startsWith('/') && !url.startsWith('//'));
}

describe('link integrity of the built site', () => {
  const pages = builtFiles('.html');

  it('has pages to check', () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it('resolves every internal href, src and srcset of every page to a file, without a redirect', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const $ = loadHtml(page);
      for (const attribute of ['href', 'src', 'srcset', 'poster']) {
        $(`[${attribute}]`).each((_, element) => {
          for (const url of internalUrls($(element).attr(attribute) ?? '', attribute)) {
            checked += 1;
            const problem = problemWith(url);
            if (problem) broken.push(`${page.path}: ${attribute}="${url}" (${problem})`);
          }
        });
      }
    }
    console.log(`link check: ${checked} internal references in ${pages.length} pages`);
    expect(broken).toEqual([]);
  });

  it('resolves every internal URL inside the JSON pages, without a redirect', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of builtFiles('.json')) {
      const text = readFileSync(file.absolute, 'utf8');
      for (const match of text.matchAll(/"(\/[^"\s]*)"/g)) {
        const url = match[1] as string;
        if (url.startsWith('//')) continue;
        checked += 1;
        const problem = problemWith(url);
        if (problem) broken.push(`${file.path}: ${url} (${problem})`);
      }
    }
    console.log(`link check: ${checked} internal URLs in JSON files`);
    expect(broken).toEqual([]);
  });

  it('loads no image from another host: team logos included, in the HTML and in the island props', () => {
    const foreign: string[] = [];
    for (const page of pages) {
      const $ = loadHtml(page);
      $('img[src], img[srcset], source[srcset]').each((_, element) => {
        for (const url of [$(element).attr('src') ?? '', ...($(element).attr('srcset') ?? '').split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')]) {
          if (/^(https?:)?\/\//.test(url)) foreign.push(`${page.path}: ${url}`);
        }
      });
      $('[data-props]').each((_, element) => {
        for (const match of ($(element).attr('data-props') ?? '').matchAll(/"[A-Za-z]*(?:Logo|Img|img|src)":"((?:https?:)?\/\/[^"]+)"/g)) foreign.push(`${page.path}: ${match[1]}`);
      });
    }
    expect(foreign).toEqual([]);
  });

  it('opens external links in a new tab only with rel="noopener"', () => {
    const unsafe: string[] = [];
    for (const page of pages) {
      const $ = loadHtml(page);
      $('a[target="_blank"]').each((_, element) => {
        const rel = ($(element).attr('rel') ?? '').split(/\s+/);
        if (!rel.includes('noopener') && !rel.includes('noreferrer')) unsafe.push(`${page.path}: ${$(element).attr('href')}`);
      });
    }
    expect(unsafe).toEqual([]);
  });
});
