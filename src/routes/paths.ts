/** A route's parameters as they fill its pattern: { id: '42' }. */
export type RouteParams = Readonly<Record<string, string>>;

/** A path segment may only come from a positive integer id or a lowercase slug. */
const SAFE_SEGMENT = /^[a-z0-9][a-z0-9-]*(\.[a-z0-9]+)?$/;

export class RouteError extends Error {
  override name = 'RouteError';
}

/** '/actualites/article/:id' + { id: '42' } → '/actualites/article/42'; rejects anything unsafe. */
export function fillPattern(routeId: string, pattern: string, params: RouteParams): string {
  let path = '';
  for (const part of partsOf(pattern)) {
    if (typeof part === 'string') {
      path += part;
      continue;
    }
    const value = params[part.name];
    if (value === undefined) throw new RouteError(`route ${routeId}: missing parameter "${part.name}" for ${pattern}`);
    if (!SAFE_SEGMENT.test(value)) throw new RouteError(`route ${routeId}: unsafe parameter ${part.name}=${JSON.stringify(value)}`);
    path += value;
  }
  // A safe segment is never empty, '.' or '..' and holds no '/': only the pattern itself can make a malformed path.
  if (!wellFormed.has(pattern)) {
    if (MALFORMED_PATH.test(path)) throw new RouteError(`route ${routeId}: malformed path ${JSON.stringify(path)}`);
    wellFormed.add(pattern);
  }
  return path;
}

/** A pattern's literal parts and parameters, split once (every route instance is filled on every run). */
function partsOf(pattern: string): readonly (string | { name: string })[] {
  let parts = patterns.get(pattern);
  if (!parts) {
    parts = pattern.split(/(:[a-zA-Z]+)/).filter(Boolean).map((part) => (/^:[a-zA-Z]+$/.test(part) ? { name: part.slice(1) } : part));
    patterns.set(pattern, parts);
  }
  return parts;
}

const patterns = new Map<string, readonly (string | { name: string })[]>();
/** Patterns whose filled path was found well formed once: with safe segments it always is. */
const wellFormed = new Set<string>();

/** Not root-relative, an empty segment before the last, or a '.' or '..' segment (one test: every route instance is filled). */
const MALFORMED_PATH = /^(?:$|[^/])|\/\/|\/\.\.?(?:\/|$)/;

/**
 * The URL to link a page with: pages are files '<path>/index.html', so their URL ends with a slash;
 * without it static hosts (http-server, nginx, S3) answer every click with a redirect first.
 */
export function pageUrl(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** Where a page of this path is written: '/' → 'index.html', '/a/b' → 'a/b/index.html'. */
export function pageOutputFile(path: string): string {
  // The route table's own paths: '/' and '/a/b' (every page, on every run).
  if (path === '/') return 'index.html';
  if (SIMPLE_PAGE_PATH.test(path)) return `${path.slice(1)}/index.html`;
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

const SIMPLE_PAGE_PATH = /^\/[^/].*[^/]$|^\/[^/]$/;

/** Positive integer ids only: nothing from the content source may shape a path otherwise. */
export function isPositiveIntegerId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
