import { renderToString } from 'react-dom/server';
import { Layout } from '../src/components/layout/Layout.js';
import { resolveMenu } from '../src/components/layout/resolve-menu.js';
import { basePathOf } from '../src/lib/html.js';
import { isIslandName, type IslandName } from '../src/islands/registry.js';
import { MENU } from '../src/menu.js';
import { pathOf, type RouteInstance } from '../src/routes.js';
import { pageOutputFile } from '../src/routes/paths.js';
import type { PageType } from '../src/routes/types.js';
import type { SiteData } from '../src/site-data.js';
import { renderDocument } from '../templates/document.js';
import type { BuiltAssets } from './bundle.js';
import type { OutputFile } from './output-file.js';

export interface RenderedPage extends OutputFile {
  routeId: string;
  pageType: PageType;
  islands: IslandName[];
}

export interface RenderResult {
  pages: RenderedPage[];
  files: OutputFile[];
}

export class RenderError extends Error {
  override name = 'RenderError';
}

/** Stage: every route instance to an in-memory file; nothing here touches the disk. */
export function renderRoutes(
  instances: readonly RouteInstance[],
  site: SiteData,
  assets: BuiltAssets,
  onProgress: (done: number, total: number) => void = () => {},
): RenderResult {
  const menu = resolveMenu(MENU, (id) => pathOf(id));
  const partners = [...site.club.partners]
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'))
    .map(({ name, link, img }) => ({ name, link, ...(img ? { img } : {}) }));
  const basePath = basePathOf(site.siteUrl);
  const pages: RenderedPage[] = [];
  const files: OutputFile[] = [];
  instances.forEach((instance, index) => {
    const { route, params, path } = instance;
    try {
      if (route.kind === 'file') {
        const contents = route.content(site, params);
        files.push({ path, contents: path.endsWith('.json') && typeof contents === 'string' ? prefixJsonUrls(contents, basePath) : contents });
      } else {
        const { element, head } = route.render(site, params);
        const canonicalPath = withTrailingSlash(head.canonicalPath ?? (route.aliasOf ? pathOf(route.aliasOf) : path));
        const bodyHtml = renderToString(
          <Layout menu={menu} currentPath={path} partners={partners}>
            {element}
          </Layout>,
        );
        const islands = islandsIn(bodyHtml);
        const html = renderDocument({
          head: { ...head, canonicalPath },
          bodyHtml,
          path,
          siteUrl: site.siteUrl,
          basePath,
          cssHref: assets.cssHref,
          scripts: islands.map((name) => assets.islands[name].entry),
          preloads: [...new Set(islands.flatMap((name) => assets.islands[name].chunks))].sort(),
        });
        const file = route.outputFile ?? pageOutputFile(path);
        pages.push({ path: `/${file}`, contents: prefixRootPaths(html, basePath), routeId: route.id, pageType: route.pageType, islands });
      }
    } catch (error) {
      throw new RenderError(`route ${route.id} (${path}): ${(error as Error).message}`);
    }
    onProgress(index + 1, instances.length);
  });
  return { pages, files };
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

/** Pages are served as <path>/index.html, so their public URL ends with a slash. */
function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
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
