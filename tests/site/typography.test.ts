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
});
