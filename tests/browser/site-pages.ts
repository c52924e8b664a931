import { readFileSync } from 'node:fs';
import { href } from '../../src/routes/route-paths.js';

const report = () => JSON.parse(readFileSync(`${process.env.SITE_DIR ?? '.tmp/site'}-report.json`, 'utf8')) as { pagePaths: string[] };

/** Every HTML page the build wrote, from the build report next to the tested output. */
export function builtPagePaths(): string[] {
  return report().pagePaths;
}

/** Pages expanded from data (articles, terms, news pages, players) share a pattern. */
const DYNAMIC = /^(\/actualites\/(article|category|tag)\/|\/actualites\/(category\/\d+\/|tag\/\d+\/)?page\/|\/equipe\/pro\/joueurs\/details\/)/;

/** Every static page plus the first `perPattern` pages of each dynamic pattern. */
export function representativePagePaths(perPattern = 2): string[] {
  const seen = new Map<string, number>();
  return builtPagePaths().filter((path) => {
    const match = DYNAMIC.exec(path);
    if (!match) return true;
    const pattern = path.replace(/\d+/g, ':n');
    const count = seen.get(pattern) ?? 0;
    seen.set(pattern, count + 1);
    return count < perPattern;
  });
}

/**
 * The pages of `paths` a project checks when each page is checked once, in one of the two projects:
 * every other one for the phone, the rest for the desktop (alternating in the route table's order,
 * so both see every kind of page and the header, menu and footer of their width).
 */
export function pagesOfProject(paths: string[], project: string): string[] {
  return paths.filter((_, position) => position % 2 === (project === 'phone' ? 1 : 0));
}

/** The legal notice and the privacy policy: axe must find nothing at all on them, whatever the impact. */
export const LEGAL_PAGE_PATHS = [href('legal-notice'), href('privacy')];
