import { renderToString } from 'react-dom/server';
import { Layout } from '../../src/components/layout/Layout.js';
import type { IslandName } from '../../src/islands/registry.js';
import { pageUrl } from '../../src/routes/paths.js';
import type { SiteData } from '../../src/site-data.js';
import { fingerprint } from '../fs.js';
import { sharedIslandProps } from '../shared-island-props.js';
import { islandsIn, RenderError } from './page-html.js';

export interface LayoutShell {
  before: string;
  after: string;
  islands: IslandName[];
  /** Fingerprint of both halves: part of every page's key, so a changed menu or footer renders every page again. */
  key: string;
}

/** Stands in for the page while the layout renders; nothing in content can produce it. */
const PAGE_SLOT = '\u0000page-slot\u0000';

export interface LayoutRenderer {
  /** Fingerprint of what the layout is made from (menu, partners, season). */
  inputs: string;
  shellFor: (path: string) => LayoutShell;
  /** The shells rendered or reused so far, with the previous build's still valid, for the next build. */
  known: () => LayoutShells;
  /** True when `known()` differs from the previous shells (some made again). */
  changed: () => boolean;
}

/** Shells by active menu entry ('' for pages outside the menu), and what they were made from. */
export interface LayoutShells {
  inputs: string;
  shells: Record<string, LayoutShell>;
}

/**
 * The layout (menu, partners slider, footer) is the same on every page but for the current menu
 * entry: it is rendered once per entry (and once for all other pages), each page's HTML going
 * between its two halves.
 */
export function createLayoutRenderer(site: SiteData, bundledProps: string, previous?: LayoutShells): LayoutRenderer {
  const shared = sharedIslandProps(site.club);
  if (JSON.stringify(shared) !== bundledProps) throw new RenderError('the menu or the partners differ from those bundled into the nav and partners islands');
  // The layout is made from the menu, the partners and the season (the code is in the cache's identity).
  const inputs = fingerprint(`${bundledProps}\u0000${site.season.years}`);
  const reused = previous?.inputs === inputs ? previous.shells : {};
  const menuHrefs = new Set(
    shared.nav.menu
      .flatMap((heading) => (heading.kind === 'link' ? [heading] : heading.groups.flatMap((group) => group.links)))
      .filter((link) => !link.external)
      .map((link) => link.href),
  );
  const shells = new Map<string, LayoutShell>();
  return {
    inputs,
    // The previous shells this run did not need are kept too: a cron run renders a few pages, and
    // the shells of the others would be rendered again by the next run.
    known: () => ({ inputs, shells: { ...reused, ...Object.fromEntries(shells) } }),
    changed: () => previous?.inputs !== inputs || [...shells].some(([cacheKey, shell]) => reused[cacheKey] !== shell),
    shellFor(path) {
      const url = pageUrl(path);
      const activeHref = menuHrefs.has(url) ? url : null;
      const cacheKey = activeHref ?? '';
      let shell = shells.get(cacheKey) ?? reused[cacheKey];
      if (!shell) {
        const html = renderToString(
          <Layout nav={shared.nav} activeHref={activeHref} partners={shared.partners} season={site.season.years}>
            {PAGE_SLOT}
          </Layout>,
        );
        const slot = html.indexOf(PAGE_SLOT);
        if (slot < 0 || html.indexOf(PAGE_SLOT, slot + 1) >= 0) throw new RenderError('the layout must render its page slot exactly once');
        const [before, after] = [html.slice(0, slot), html.slice(slot + PAGE_SLOT.length)];
        shell = { before, after, islands: islandsIn(html), key: fingerprint(`${before}\u0000${after}`) };
      }
      shells.set(cacheKey, shell);
      return shell;
    },
  };
}
