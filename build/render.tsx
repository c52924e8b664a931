import { renderToString } from 'react-dom/server';
import { Layout } from '../src/components/layout/Layout.js';
import { basePathOf } from '../src/lib/html.js';
import { isIslandName, type IslandName } from '../src/islands/registry.js';
import { pathOf, type RouteInstance } from '../src/routes.js';
import { pageOutputFile, pageUrl } from '../src/routes/paths.js';
import type { PageType } from '../src/routes/types.js';
import type { SiteData } from '../src/site-data.js';
import { renderDocument } from '../templates/document.js';
import type { BuiltAssets } from './bundle.js';
import type { OutputFile } from './output-file.js';
import { sharedIslandProps } from './shared-island-props.js';

export interface RenderedPage extends OutputFile {
  routeId: string;
  pageType: PageType;
  islands: IslandName[];
  /** Stylesheets the page links, in order (the report adds up their sizes per page type). */
  stylesheets: string[];
}

export interface RenderCounts {
  pages: number;
  files: number;
}

/**
 * Receives each rendered file with its position in the route order; its promise resolving is the
 * go-ahead for the next (backpressure).
 */
export type EmitFile = (file: RenderedPage | OutputFile, order: number) => Promise<void>;

/** What pages link to: the stylesheet and each island's scripts (not the asset files themselves). */
export type PageAssets = Pick<BuiltAssets, 'cssHref' | 'contentCssHref' | 'islands' | 'sharedProps'>;

/** One of `count` render threads takes every route instance whose position modulo count is `index`. */
export interface RenderShard {
  index: number;
  count: number;
}

export function isRenderedPage(file: RenderedPage | OutputFile): file is RenderedPage {
  return 'routeId' in file;
}

export class RenderError extends Error {
  override name = 'RenderError';
}

/**
 * Stage: every route instance (or one shard of them) to a file handed to `emit` (the writer);
 * nothing here touches the disk, and no page stays in memory once emitted.
 */
export async function renderRoutes(
  instances: readonly RouteInstance[],
  site: SiteData,
  assets: PageAssets,
  emit: EmitFile,
  { shard = { index: 0, count: 1 }, onProgress = () => {} }: { shard?: RenderShard; onProgress?: (done: number, total: number) => void } = {},
): Promise<RenderCounts> {
  const basePath = basePathOf(site.siteUrl);
  const layout = createLayoutRenderer(site, assets.sharedProps);
  const counts: RenderCounts = { pages: 0, files: 0 };
  const total = Math.ceil((instances.length - shard.index) / shard.count);
  for (let order = shard.index; order < instances.length; order += shard.count) {
    const { route, params, path } = instances[order] as RouteInstance;
    let output: RenderedPage | OutputFile;
    try {
      if (route.kind === 'file') {
        const contents = route.content(site, params);
        output = { path, contents: path.endsWith('.json') && typeof contents === 'string' ? prefixJsonUrls(contents, basePath) : contents };
        counts.files += 1;
      } else {
        const { element, head } = route.render(site, params);
        const canonicalPath = pageUrl(head.canonicalPath ?? (route.aliasOf ? pathOf(route.aliasOf) : path));
        const shell = layout.shellFor(path);
        const pageHtml = renderToString(element);
        const islands = [...new Set([...shell.islands, ...islandsIn(pageHtml)])].sort() as IslandName[];
        const contentCssHref = head.contentStyles ? assets.contentCssHref : undefined;
        const html = renderDocument({
          head: { ...head, canonicalPath },
          bodyHtml: `${shell.before}${pageHtml}${shell.after}`,
          path,
          siteUrl: site.siteUrl,
          basePath,
          cssHref: assets.cssHref,
          contentCssHref,
          scripts: islands.map((name) => assets.islands[name].entry),
          preloads: [...new Set(islands.flatMap((name) => assets.islands[name].chunks))].sort(),
        });
        const file = route.outputFile ?? pageOutputFile(path);
        const stylesheets = contentCssHref ? [assets.cssHref, contentCssHref] : [assets.cssHref];
        output = { path: `/${file}`, contents: prefixRootPaths(html, basePath), routeId: route.id, pageType: route.pageType, islands, stylesheets };
        counts.pages += 1;
      }
    } catch (error) {
      throw new RenderError(`route ${route.id} (${path}): ${(error as Error).message}`);
    }
    await emit(output, order);
    onProgress(counts.pages + counts.files, total);
  }
  return counts;
}

interface LayoutShell {
  before: string;
  after: string;
  islands: IslandName[];
}

/** Stands in for the page while the layout renders; nothing in content can produce it. */
const PAGE_SLOT = '\u0000page-slot\u0000';

/**
 * The layout (menu, partners slider, footer) is the same on every page but for the menu entry of
 * the current page: it is rendered once per menu entry (and once for all other pages) and the
 * page's own HTML goes between its two halves. Pages render on their own, so no layout work is
 * repeated for thousands of articles.
 */
function createLayoutRenderer(site: SiteData, bundledProps: string): { shellFor: (path: string) => LayoutShell } {
  const shared = sharedIslandProps(site.club);
  if (JSON.stringify(shared) !== bundledProps) throw new RenderError('the menu or the partners differ from those bundled into the nav and partners islands');
  const { menu } = shared.nav;
  const { partners } = shared.partners;
  const menuHrefs = new Set(
    menu.flatMap((heading) => (heading.kind === 'link' ? [heading] : heading.groups.flatMap((group) => group.links)))
      .filter((link) => !link.external)
      .map((link) => link.href),
  );
  const shells = new Map<string, LayoutShell>();
  return {
    shellFor(path) {
      const url = pageUrl(path);
      const activeHref = menuHrefs.has(url) ? url : null;
      const key = activeHref ?? '';
      let shell = shells.get(key);
      if (!shell) {
        const html = renderToString(
          <Layout menu={menu} activeHref={activeHref} partners={partners}>
            {PAGE_SLOT}
          </Layout>,
        );
        const slot = html.indexOf(PAGE_SLOT);
        if (slot < 0 || html.indexOf(PAGE_SLOT, slot + 1) >= 0) throw new RenderError('the layout must render its page slot exactly once');
        shell = { before: html.slice(0, slot), after: html.slice(slot + PAGE_SLOT.length), islands: islandsIn(html) };
        shells.set(key, shell);
      }
      return shell;
    },
  };
}

/** URL-valued keys of the JSON pages that islands turn into links and images in the browser. */
const JSON_URL_KEYS = new Set(['href', 'src', 'srcSet']);

/** The JSON pages' counterpart of prefixRootPaths: islands render their URLs as they come. */
export function prefixJsonUrls(json: string, basePath: string): string {
  if (!basePath) return json;
  const prefix = (value: string) => (value.startsWith('/') && !value.startsWith('//') ? `${basePath}${value}` : value);
  const data: unknown = JSON.parse(json, (key, value: unknown) => {
    if (typeof value !== 'string' || !JSON_URL_KEYS.has(key)) return value;
    return key === 'srcSet' ? value.split(', ').map(prefix).join(', ') : prefix(value);
  });
  return `${JSON.stringify(data)}${json.endsWith('\n') ? '\n' : ''}`;
}

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

/**
 * Components write root-relative links ('/contact'); when SITE_URL has a path prefix they must
 * carry it. Done once here on the final HTML instead of threading the prefix through every component.
 */
export function prefixRootPaths(html: string, basePath: string): string {
  if (!basePath) return html;
  return html
    .replace(/\s(href|src|action|poster)="\/(?!\/)/gi, ` $1="${basePath}/`)
    // React writes srcSet with its camel case; HTML attribute names are case-insensitive.
    .replace(/\s(srcset)="([^"]*)"/gi, (_, name: string, list: string) =>
      ` ${name}="${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${basePath}/`)}"`,
    );
}
