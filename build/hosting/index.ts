import type { Route } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import type { OutputFile } from '../output-file.js';
import { GENERATED, renderNginxConf } from './nginx.js';
import { COMMON_HEADERS, hostingPlan, type HostingPlan } from './policy.js';

/**
 * Stage (part of write): `_headers` and `_redirects` for Netlify and Cloudflare Pages, `_nginx.conf`
 * for nginx, none of which serve them; a plain static server shows only public paths and headers.
 */
export function hostingFiles(site: SiteData, routes?: readonly Route[]): OutputFile[] {
  const plan = hostingPlan(site, routes);
  return [
    { path: '/_headers', contents: renderHeadersFile(plan) },
    { path: '/_redirects', contents: renderRedirectsFile(plan) },
    { path: '/_nginx.conf', contents: renderNginxConf(plan) },
  ];
}

/**
 * `_headers` in the format Netlify and Cloudflare Pages read. On Cloudflare, a header two matching
 * rules both set is sent once with both values joined (two Content-Security-Policies would both
 * apply, so the stricter wins); on Netlify the later rule wins. So no header is set twice for one
 * path: '/*' carries only the headers every response shares, each route's rule the ones that vary.
 */
function renderHeadersFile(plan: HostingPlan): string {
  const lines = [
    GENERATED,
    '# Netlify and Cloudflare Pages read it. An unknown path gets 404.html with the headers of /* only.',
    '# HSTS: both hosts serve HTTPS; add "Strict-Transport-Security: max-age=63072000; includeSubDomains"',
    '# under /* (or set it in the host\'s dashboard) once every subdomain it covers serves HTTPS.',
  ];
  for (const { url, headers } of [{ url: `${plan.basePath}/*`, headers: COMMON_HEADERS }, ...plan.rules]) {
    lines.push(url, ...headers.map(([name, value]) => `  ${name}: ${value}`), '');
  }
  return lines.join('\n');
}

/**
 * `_redirects`: each alias of the route table, 301 to its route. Cloudflare Pages applies a redirect
 * even where a file exists; Netlify serves the existing alias page instead unless the status is
 * forced ('301!'), which Cloudflare rejects: see README, "Deploying".
 */
function renderRedirectsFile(plan: HostingPlan): string {
  const lines = [GENERATED];
  for (const { from, to, status } of plan.redirects) {
    lines.push(`${from.replace(/\/$/, '')} ${to} ${status}`, `${from} ${to} ${status}`);
  }
  return `${lines.join('\n')}\n`;
}
