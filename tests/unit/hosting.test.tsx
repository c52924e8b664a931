import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { hostingFiles } from '../../build/hosting/index.js';
import { hostingPlan, IMMUTABLE, type HostingPlan } from '../../build/hosting/policy.js';
import { EMBED_FRAME_ORIGINS } from '../../src/lib/embed-providers.js';
import { expandRoutes, ROUTES } from '../../src/routes.js';
import { pageUrl } from '../../src/routes/paths.js';
import type { RouteId } from '../../src/routes/route-paths.js';
import type { PageRoute, Route } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import { NGINX, nginxConf } from '../browser/nginx-server.mjs';
import { makeSite } from './site-fixture.js';

const site = makeSite({});

function files(siteData: SiteData = site, routes: readonly Route[] = ROUTES) {
  const [headers, redirects, nginx] = hostingFiles(siteData, routes).map((file) => String(file.contents));
  return { headers: headers as string, redirects: redirects as string, nginx: nginx as string };
}

/** The URL fans request for each output of the table: pages with their slash, the error page and files as written. */
function requestedUrls(siteData: SiteData, routes: readonly Route[] = ROUTES): { url: string; route: Route }[] {
  return expandRoutes(siteData, routes).map(({ route, path: routePath }) => ({
    route,
    url: route.kind === 'file' ? routePath : route.outputFile ? `/${route.outputFile}` : pageUrl(routePath),
  }));
}

/** `_headers` read the way Cloudflare Pages does: '*' any characters, ':name' one path segment. */
function parseHeadersFile(text: string): { pattern: RegExp; source: string; headers: [string, string][] }[] {
  const rules: { pattern: RegExp; source: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line.trim();
      const regex = source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/:[A-Za-z]\w*/g, '[^/]+');
      rules.push({ pattern: new RegExp(`^${regex}$`), source, headers: [] });
    } else {
      const match = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line);
      if (!match || !rules.length) throw new Error(`unreadable _headers line: ${line}`);
      rules.at(-1)?.headers.push([match[1] as string, match[2] as string]);
    }
  }
  return rules;
}

function headersFor(rules: ReturnType<typeof parseHeadersFile>, url: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const rule of rules.filter((candidate) => candidate.pattern.test(url))) {
    for (const [name, value] of rule.headers) {
      // Cloudflare would join both values; Netlify would keep one: either way a path must not get a header twice.
      if (found.has(name)) throw new Error(`${url}: ${name} set by two rules (the second is ${rule.source})`);
      found.set(name, value);
    }
  }
  return found;
}

function cspDirectives(csp: string): Map<string, string[]> {
  return new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name as string, sources]));
}

/** nginx's location answering `from` with a 301 to `to`, carrying the common headers (nosniff...). */
function redirectBlock(from: string, to: string): RegExp {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`location = ${escape(from)} \\{\n(  add_header [^\n]+ always;\n)*  add_header X-Content-Type-Options "nosniff" always;\n(  add_header [^\n]+ always;\n)*  return 301 ${escape(to)};\n\\}`);
}

/** A copy of a static page route at another path: what adding a route to the table looks like. */
function newRoute(from: RouteId, pattern: string, extra: Partial<PageRoute> = {}): PageRoute {
  const route = ROUTES.find((candidate) => candidate.id === from);
  if (route?.kind !== 'page') throw new Error(`${from} is not a page`);
  return { ...route, id: pattern as RouteId, pattern, ...extra };
}

describe('hosting files from the route table', () => {
  const { headers, redirects, nginx } = files();
  const rules = parseHeadersFile(headers);

  it('gives every page and file of the table its headers, each header once per path', () => {
    for (const { url, route } of requestedUrls(site)) {
      const got = headersFor(rules, url);
      expect(got.get('X-Content-Type-Options'), url).toBe('nosniff');
      expect(got.get('Referrer-Policy'), url).toBe('strict-origin-when-cross-origin');
      expect(got.get('Permissions-Policy'), url).toContain('camera=()');
      expect(got.get('Cache-Control'), url).toBe('no-cache');
      if (route.kind === 'page') {
        const csp = cspDirectives(got.get('Content-Security-Policy') ?? '');
        expect(csp.get('script-src')?.[0], url).toBe("'self'");
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(got.get('X-Frame-Options'), url).toBe('DENY');
      }
    }
    expect(headersFor(rules, '/assets/islands/nav-33435H2E.js').get('Cache-Control')).toBe(IMMUTABLE);
    expect(headersFor(rules, '/assets/site-0123456789.css').get('Cache-Control')).toBe(IMMUTABLE);
    expect(headersFor(rules, '/media/0038fdeb55d20a8d-1024.avif').get('Cache-Control')).toBe(IMMUTABLE);
    // A snapshot's document keeps WordPress's folders and its name: not immutable.
    expect(headersFor(rules, '/media/2025/06/reglement.pdf').get('Cache-Control')).toBeUndefined();
  });

  it('lets no page be framed, and lets articles frame only the embeds a fan clicks', () => {
    const article = requestedUrls(site).find(({ route }) => route.id === 'news-article');
    const csp = cspDirectives(headersFor(rules, article?.url ?? '').get('Content-Security-Policy') ?? '');
    expect(csp.get('frame-src')).toEqual([...EMBED_FRAME_ORIGINS]);
    expect(csp.get('frame-src')).toContain('https://www.youtube-nocookie.com');
    expect(csp.get('style-src')).toEqual(["'self'"]);
  });

  it("allows the cashless provider's origin on the page that loads its script only", () => {
    const withScripts = ROUTES.flatMap((route) => (route.kind === 'page' && route.paths(site).some((params) => route.load(site, params).head.scripts?.length) ? [route.id] : []));
    expect(withScripts).toEqual(['cashless']);
    const widget = new URL(site.club.cashless.widgetScript).origin;
    for (const { url, route } of requestedUrls(site)) {
      if (route.kind !== 'page') continue;
      const csp = cspDirectives(headersFor(rules, url).get('Content-Security-Policy') ?? '');
      expect(csp.get('script-src')?.includes(widget), url).toBe(route.id === 'cashless');
      expect(csp.get('frame-src')?.includes(widget), url).toBe(route.id === 'cashless');
    }
  });

  it("allows every frame and script a page's HTML holds", () => {
    const withEmbed = makeSite({
      news: {
        ...site.news,
        posts: site.news.posts.map((post, index) =>
          index === 0 ? { ...post, contentHtml: '<p>Vidéo</p><iframe src="https://www.youtube-nocookie.com/embed/abc" title="Vidéo"></iframe>' } : post,
        ),
      },
    });
    const planRules = parseHeadersFile(files(withEmbed).headers);
    let frames = 0;
    for (const { url, route } of requestedUrls(withEmbed)) {
      if (route.kind !== 'page') continue;
      const instance = expandRoutes(withEmbed).find((candidate) => candidate.route === route && (route.outputFile ? `/${route.outputFile}` : pageUrl(candidate.path)) === url);
      const { element, head } = route.render(withEmbed, instance?.params ?? {});
      const $ = load(renderToString(element));
      const csp = cspDirectives(headersFor(planRules, url).get('Content-Security-Policy') ?? '');
      $('iframe[src]').each((_, frame) => {
        frames += 1;
        const src = $(frame).attr('src') ?? '';
        const allowed = src.startsWith('/') ? "'self'" : new URL(src).origin;
        expect(csp.get('frame-src'), `${url}: <iframe src="${src}">`).toContain(allowed);
      });
      for (const script of head.scripts ?? []) expect(csp.get('script-src'), url).toContain(new URL(script.src).origin);
    }
    // The article's embed and the contact map.
    expect(frames).toBeGreaterThanOrEqual(1);
  });

  it('redirects each alias of the table, and only those, to its route', () => {
    const aliases = ROUTES.filter((route) => route.kind === 'page' && route.aliasOf);
    expect(aliases.length).toBeGreaterThanOrEqual(3);
    const lines = redirects.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines).toHaveLength(aliases.length * 2);
    for (const route of aliases) {
      if (route.kind !== 'page' || !route.aliasOf) continue;
      const target = ROUTES.find((candidate) => candidate.id === route.aliasOf);
      const to = pageUrl(target?.pattern ?? '');
      expect(lines).toContain(`${route.pattern} ${to} 301`);
      expect(lines).toContain(`${route.pattern}/ ${to} 301`);
      expect(nginx).toMatch(redirectBlock(`${route.pattern}/`, to));
    }
    expect(lines).toContain('/stade /club/info-pratiques/stade/ 301');
  });

  it('gives a new route its headers, location and redirect without anyone writing them', () => {
    const routes = [
      ...ROUTES,
      newRoute('contact', '/billetterie'),
      newRoute('contact', '/boutique/produit/:id', { paths: () => [{ id: '12' }] }),
      newRoute('contact', '/billets', { aliasOf: 'contact' }),
    ];
    const extra = files(site, routes);
    const extraRules = parseHeadersFile(extra.headers);
    expect(headersFor(extraRules, '/billetterie/').get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(headersFor(extraRules, '/boutique/produit/12/').get('X-Frame-Options')).toBe('DENY');
    expect(extra.nginx).toContain('location = /billetterie/index.html {');
    expect(extra.nginx).toContain('location ~ "^/boutique/produit/[^/]+/index\\.html$" {');
    expect(extra.redirects).toContain('/billets /contact/ 301');
    expect(extra.nginx).toMatch(redirectBlock('/billets', '/contact/'));
  });

  it('needs a content type for every file of the table', () => {
    const csv = { kind: 'file', id: 'export' as RouteId, pattern: '/export.csv', content: () => '' } satisfies Route;
    expect(() => files(site, [...ROUTES, csv])).toThrow(/no content type for \.csv/);
  });

  it('stays within what Cloudflare Pages reads (100 header rules, 2,000 static redirects)', () => {
    expect(rules.length).toBeLessThanOrEqual(100);
    expect(redirects.split('\n').filter((line) => line && !line.startsWith('#')).length).toBeLessThanOrEqual(2000);
  });

  it("puts SITE_URL's path prefix in front of every path", () => {
    const plan: HostingPlan = hostingPlan(makeSite({ siteUrl: 'https://club.example/sqbb' }));
    expect(plan.notFound).toBe('/sqbb/404.html');
    for (const rule of plan.rules) expect(rule.url.startsWith('/sqbb/'), rule.url).toBe(true);
    expect(plan.redirects).toContainEqual({ from: '/sqbb/stade/', to: '/sqbb/club/info-pratiques/stade/', status: 301 });
    const prefixed = files(makeSite({ siteUrl: 'https://club.example/sqbb' })).nginx;
    expect(prefixed).toContain('error_page 404 /sqbb/404.html;');
    expect(prefixed).toContain('location = /sqbb/contact/index.html {');
  });

  it.runIf(existsSync(NGINX))('is a configuration nginx accepts (nginx -t)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sqbb-nginx-test-'));
    try {
      writeFileSync(path.join(dir, '_nginx.conf'), nginx);
      writeFileSync(path.join(dir, 'nginx.conf'), nginxConf({ site: dir, port: 4399, dir }));
      const output = execFileSync(NGINX, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      // -t writes its verdict on stderr; a file nginx refuses makes it exit non-zero, which throws.
      expect(output).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
