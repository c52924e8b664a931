import type { Route } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import type { OutputFile } from '../output-file.js';
import { renderNginxConf } from './nginx.js';
import { renderHeadersFile, renderRedirectsFile } from './netlify.js';
import { hostingPlan } from './policy.js';

/**
 * Stage (part of write): the hosting files, next to the site at the output's root. `_headers` and
 * `_redirects` for Netlify and Cloudflare Pages (which never serve them), `_nginx.conf` for nginx
 * (which it denies itself). Served by a plain static server such as http-server they are public
 * text naming only public paths and the headers any response shows: nothing to hide.
 */
export function hostingFiles(site: SiteData, routes?: readonly Route[]): OutputFile[] {
  const plan = hostingPlan(site, routes);
  return [
    { path: '/_headers', contents: renderHeadersFile(plan) },
    { path: '/_redirects', contents: renderRedirectsFile(plan) },
    { path: '/_nginx.conf', contents: renderNginxConf(plan) },
  ];
}
