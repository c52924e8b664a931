import { describe, expect, it } from 'vitest';
import { builtFiles, loadHtml } from './built-site.js';

/**
 * Issue 33: no page links or points to WordPress (the privacy page promises the browser never
 * contacts it): no attachment page, no raw upload, no REST or admin address. The snapshot's own
 * root-relative `/media/` documents are the site's files, published with it.
 */
const WORDPRESS_ADDRESS = /\/wp-content\/|\/wp-json\b|\/wp-admin\b|\/wp-login|[?&]attachment_id=|[?&]p=\d|[?&]page_id=\d|\/\?attachment/;

describe('no address of WordPress in the built site', () => {
  it('has no href, src, srcset, action or data of a WordPress address on any page', () => {
    const problems: string[] = [];
    for (const page of builtFiles('.html')) {
      const $ = loadHtml(page);
      $('[href], [src], [srcset], [action], [data], [poster]').each((_, element) => {
        for (const name of ['href', 'src', 'srcset', 'action', 'data', 'poster']) {
          const value = $(element).attr(name);
          if (value && WORDPRESS_ADDRESS.test(value)) problems.push(`${page.path}: <${element.tagName} ${name}="${value}">`);
        }
      });
    }
    expect(problems).toEqual([]);
  });
});
