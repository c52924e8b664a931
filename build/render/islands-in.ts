import { isIslandName, type IslandName } from '../../src/islands/registry.js';
import { RenderError } from './render-error.js';

/** Island names marked in rendered HTML; an unregistered one is a build error. */
export function islandsIn(html: string): IslandName[] {
  const names = new Set<IslandName>();
  // A plain search: a regular expression over every page cost a tenth of a second per 5,000 pages.
  for (let at = html.indexOf(MARK); at !== -1; at = html.indexOf(MARK, at)) {
    at += MARK.length;
    const end = html.indexOf('"', at);
    if (end === -1) break;
    if (end === at) continue;
    const name = html.slice(at, end);
    if (!isIslandName(name)) throw new RenderError(`unknown island "${name}" (add it to src/islands/registry.ts)`);
    names.add(name);
  }
  return [...names].sort();
}

const MARK = 'data-island="';
