import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RenderedOutput } from '../render/render-site.js';
import type { OutputFolder, WrittenFiles } from '../write.js';
import type { SearchPage } from './search-index.js';

/**
 * The pages of this build for the search index, from what the engine hands over after render:
 * every output with its route, and for the pages staged this run (new, or bytes different from
 * the output's) a way to read their HTML back from the staging folder (the writers do not keep
 * pages in memory). A page not staged is as the output has it, and so is its search record.
 */
export function pagesForSearch(outputs: readonly RenderedOutput[], folder: OutputFolder, written: readonly WrittenFiles[]): SearchPage[] {
  const staged = new Set<string>();
  for (const part of written) for (const file of part.staged) staged.add(file.path);
  const pages: SearchPage[] = [];
  for (const output of outputs) {
    const page = output.record.page;
    if (!page) continue;
    const relative = output.path.slice(1);
    pages.push({
      path: output.path,
      routeId: page.routeId,
      ...(staged.has(relative) ? { html: () => readFileSync(path.join(folder.stagingDir, relative), 'utf8') } : {}),
    });
  }
  return pages;
}
