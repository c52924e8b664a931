/**
 * The site's path prefix (SITE_URL may carry one), set on <html data-base>. Apart from
 * hydrate.ts: an island's component is rendered by the build too, which has no use for Preact.
 */
export function withBase(path: string): string {
  const base = document.documentElement.dataset.base ?? '';
  return path.startsWith('/') ? `${base}${path}` : path;
}
