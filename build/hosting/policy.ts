import { EMBED_FRAME_ORIGINS } from '../../src/lib/embed-providers.js';
import { basePathOf } from '../../src/lib/html.js';
import { ROUTES } from '../../src/routes.js';
import { href, type StaticRouteId } from '../../src/routes/route-paths.js';
import type { Route } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import type { PageHead } from '../../src/types/head.js';

// What the host must send with each URL, derived from the route table: the source of the three hosting files.

export type Header = readonly [name: string, value: string];

/** Hashed names ('/assets/islands/nav-33435H2E.js', see build/bundle.ts): a new build makes new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages, JSON pages, feeds, sitemap, iCalendar: the browser asks each time, the host answers 304 by ETag. */
const REVALIDATE = 'no-cache';
/** public/images keeps its names across builds (the logo, partners, players): one day, then revalidated. */
const PUBLIC_IMAGES = 'public, max-age=86400';

/** The same on every response, whatever the path. */
export const COMMON_HEADERS: readonly Header[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  // Powerful features nothing on the site uses, denied to the pages and to the frames they embed.
  // Only feature names Chromium knows (an unknown one is logged as a console error). Fullscreen,
  // autoplay and encrypted media stay allowed: the embedded video players use them.
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), midi=(), browsing-topics=()'],
];

/** One rule: a route's URLs (or a folder of static files) and the headers they get. */
export interface HostingRule {
  /** The route id, or the static folder ('assets', 'media', 'images'). */
  name: string;
  kind: 'page' | 'file' | 'folder';
  /** The URL pattern, SITE_URL's path prefix included: '/contact/', '/actualites/article/:id/' (one segment), '/assets/*'. */
  url: string;
  headers: readonly Header[];
}

export interface HostingPlan {
  basePath: string;
  rules: HostingRule[];
  /** From an alias's URL ('/stade/') to its route's ('/club/info-pratiques/stade/'). */
  redirects: { from: string; to: string; status: 301 }[];
  /** The error page's URL, answered with status 404 for unknown paths. */
  notFound: string;
}

/** Origins of the external images the data points to (team logos): pages may show them anywhere. */
export function dataImageOrigins(site: SiteData): string[] {
  return unique(site.team.teams.flatMap((team) => (/^https:\/\//.test(team.logo) ? [new URL(team.logo).origin] : [])));
}

/**
 * A page's Content-Security-Policy: scripts, styles and connections from the site only, but for the
 * scripts its head loads (the cashless widget, on its page only); frames only where a page shows
 * some (articles: the embeds; the contact map). No inline script exists to allow: islands are
 * module files and JSON-LD is data, which CSP does not block.
 */
export function contentSecurityPolicy({ head, imageOrigins }: { head: PageHead; imageOrigins: readonly string[] }): string {
  const scriptOrigins = unique((head.scripts ?? []).map((script) => new URL(script.src).origin));
  // A post's frames are those its click-to-load embeds create: every iframe of WordPress's becomes one, or is removed.
  const frames = unique([
    ...(head.contentStyles ? EMBED_FRAME_ORIGINS : []),
    ...(head.frameOrigins ?? []),
    ...scriptOrigins,
  ]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptOrigins]],
    ['style-src', ["'self'", ...scriptOrigins]],
    // WordPress contents keep a few style attributes (text-align, font-weight, column widths; the
    // sanitizer allows nothing that fetches): attributes only, never a <style> element.
    ...(head.contentStyles ? ([['style-src-attr', ["'unsafe-inline'"]]] as [string, string[]][]) : []),
    ['img-src', ["'self'", 'data:', ...imageOrigins, ...scriptOrigins]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...scriptOrigins]],
    ['frame-src', frames.length ? frames : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...scriptOrigins]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A route's head for its first parameter set; a route with none yet gets the strictest policy. */
function sampleHead(route: Extract<Route, { kind: 'page' }>, site: SiteData): PageHead {
  const [params] = route.paths(site);
  return params ? route.load(site, params).head : { title: '', description: '' };
}

/** '/actualites/article/:id' → '/actualites/article/:id/' (pages are folders), files as they are. */
function urlOf(route: Route, basePath: string): string {
  if (route.kind === 'file') return `${basePath}${route.pattern}`;
  if (route.outputFile) return `${basePath}/${route.outputFile}`;
  return route.pattern === '/' ? `${basePath}/` : `${basePath}${route.pattern}/`;
}

export function hostingPlan(site: SiteData, routes: readonly Route[] = ROUTES): HostingPlan {
  const basePath = basePathOf(site.siteUrl);
  const imageOrigins = dataImageOrigins(site);
  const rules: HostingRule[] = [
    { name: 'assets', kind: 'folder', url: `${basePath}/assets/*`, headers: [['Cache-Control', IMMUTABLE]] },
    // Converted images are named by their bytes ('/media/<16 hex>-<width>.<ext>', build/media); the
    // documents a snapshot publishes keep WordPress's folders (/media/2025/06/…) and are revalidated.
    { name: 'media', kind: 'folder', url: `${basePath}/media/:file`, headers: [['Cache-Control', IMMUTABLE]] },
    { name: 'images', kind: 'folder', url: `${basePath}/images/*`, headers: [['Cache-Control', PUBLIC_IMAGES]] },
  ];
  const redirects: HostingPlan['redirects'] = [];
  let notFound: string | undefined;
  for (const route of routes) {
    const url = urlOf(route, basePath);
    if (route.kind === 'file') {
      rules.push({ name: route.id, kind: 'file', url, headers: [['Cache-Control', REVALIDATE]] });
      continue;
    }
    if (route.aliasOf) redirects.push({ from: url, to: `${basePath}${href(route.aliasOf as StaticRouteId)}`, status: 301 });
    if (route.outputFile) notFound = url;
    const csp = contentSecurityPolicy({ head: sampleHead(route, site), imageOrigins });
    rules.push({ name: route.id, kind: 'page', url, headers: [['Cache-Control', REVALIDATE], ['Content-Security-Policy', csp], ['X-Frame-Options', 'DENY']] });
  }
  if (!notFound) throw new Error('the route table has no error page (a page route with outputFile)');
  return { basePath, rules, redirects, notFound };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
