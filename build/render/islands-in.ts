import { isIslandName, type IslandName } from '../../src/islands/registry.js';
import { RenderError } from './render-error.js';

/** Island names marked in rendered HTML; an unregistered one is a build error. */
export function islandsIn(html: string): IslandName[] {
  const names = new Set<IslandName>();
  for (const match of html.matchAll(/data-island="([^"]+)"/g)) {
    const name = match[1] as string;
    if (!isIslandName(name)) throw new RenderError(`unknown island "${name}" (add it to src/islands/registry.ts)`);
    names.add(name);
  }
  return [...names].sort();
}
