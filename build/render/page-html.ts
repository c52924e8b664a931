import { isIslandName, type IslandName } from '../../src/islands/registry.js';

export class RenderError extends Error {
  override name = 'RenderError';
}

const ISLAND_MARK = 'data-island="';

/** Island names marked in rendered HTML; an unregistered one is a build error. */
export function islandsIn(html: string): IslandName[] {
  const names = new Set<IslandName>();
  // A plain search: a regular expression over every page costs more (bench/README.md).
  for (let at = html.indexOf(ISLAND_MARK); at !== -1; at = html.indexOf(ISLAND_MARK, at)) {
    at += ISLAND_MARK.length;
    const end = html.indexOf('"', at);
    if (end === -1) break;
    if (end === at) continue;
    const name = html.slice(at, end);
    if (!isIslandName(name)) throw new RenderError(`unknown island "${name}" (add it to src/islands/registry.ts)`);
    names.add(name);
  }
  return [...names].sort();
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

/**
 * Components write root-relative links ('/contact/'); when SITE_URL has a path prefix they must
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
