import type { AnyNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { builtFiles, loadHtml } from './built-site.js';

/** Text that is not prose: left as written. */
const VERBATIM = new Set(['script', 'style', 'pre', 'code', 'textarea', 'template', 'noscript']);

/** An ordinary space where French wants a non-breaking one (issue 33), with a few words around it. */
const MISSING = [
  { rule: 'space before ; ! ?', pattern: /\S +[;!?]/g },
  { rule: 'space before :', pattern: /\S +:(?!\/\/)/g },
  { rule: 'space inside « »', pattern: /« | »/g },
  { rule: 'number and unit', pattern: /\d (?:euros?|€|personnes|places|ans|spectateurs|km|kg|m)(?![\p{L}\p{N}])/gu },
];

function textsOf(nodes: AnyNode[], out: string[]): string[] {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.data);
    else if ('children' in node && !('name' in node && VERBATIM.has(node.name))) textsOf(node.children, out);
  }
  return out;
}

describe('French typography on every page', () => {
  it('has a non-breaking space before ; : ! ?, inside « », and between a number and its unit', () => {
    const problems: string[] = [];
    for (const page of builtFiles('.html')) {
      const $ = loadHtml(page);
      // Text nodes joined with a marker: a space at the end of one node and a mark at the start of the next count too.
      const text = textsOf($('body').toArray(), []).join('').replace(/\s*\n\s*/g, ' ');
      for (const { rule, pattern } of MISSING) {
        for (const match of text.matchAll(pattern)) {
          problems.push(`${page.path}: ${rule}: "${text.slice(Math.max(0, match.index - 25), match.index + match[0].length + 15)}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("writes the site's own apostrophes as ’ and year ranges with an en dash, in text, alt texts, labels and islands' texts", () => {
    const problems = new Map<string, string>();
    const STRAIGHT = /\p{L}'\p{L}/u;
    const SPACED_RANGE = /\b(?:19|20)\d\d - (?:19|20)\d\d\b/;
    const check = (where: string, text: string) => {
      for (const pattern of [STRAIGHT, SPACED_RANGE]) {
        const match = pattern.exec(text);
        if (match) problems.set(text.slice(Math.max(0, match.index - 30), match.index + 30).trim(), where);
      }
    };
    /** WordPress's images: their alt text is the editors' (WordPress leaves it as typed), not the site's own. */
    const wordpressImage = (src: unknown) => typeof src === 'string' && src.startsWith('/media/');
    /** Text in islands' props (what they render once hydrated), not addresses. */
    const propsTexts = (value: unknown, out: string[]): string[] => {
      if (typeof value === 'string') {
        if (!/^(?:\/|https?:|data:|#)/.test(value)) out.push(value);
      } else if (Array.isArray(value)) for (const item of value) propsTexts(item, out);
      else if (value && typeof value === 'object') {
        const fields = value as Record<string, unknown>;
        for (const [key, item] of Object.entries(fields)) if (!(key === 'alt' && wordpressImage(fields.src))) propsTexts(item, out);
      }
      return out;
    };
    for (const page of builtFiles('.html')) {
      const $ = loadHtml(page);
      for (const text of textsOf($('body').toArray(), [])) check(page.path, text);
      check(page.path, $('title').text());
      check(page.path, $('meta[name="description"]').attr('content') ?? '');
      $('[alt], [aria-label], [title], [placeholder]').each((_, element) => {
        for (const name of ['alt', 'aria-label', 'title', 'placeholder']) {
          if (name !== 'alt' || !wordpressImage($(element).attr('src'))) check(page.path, $(element).attr(name) ?? '');
        }
      });
      $('[data-props]').each((_, element) => {
        for (const text of propsTexts(JSON.parse($(element).attr('data-props') ?? 'null'), [])) check(page.path, text);
      });
    }
    expect([...problems].map(([text, where]) => `${where}: "${text}"`)).toEqual([]);
  });
});
