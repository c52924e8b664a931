import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './fixtures.js';
import { representativePagePaths } from './site-pages.js';

/**
 * The built site behind a real nginx (Debian's) configured by the server block the build generated
 * (_nginx.conf, see tests/browser/nginx.config.ts): statuses, redirects and headers as a host sends
 * them, and Chromium reporting no Content-Security-Policy violation while every island is used.
 */

const SITE = path.resolve('.tmp/site');
const HOSTING_FILES = new Set(['_headers', '_redirects', '_nginx.conf']);

/** The generated `_headers`, read as Cloudflare Pages does ('*' any characters, ':name' one segment). */
function headerRules(): { pattern: RegExp; headers: [string, string][] }[] {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
  for (const line of readFileSync(path.join(SITE, '_headers'), 'utf8').split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (/^\s/.test(line)) {
      const [, name, value] = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line) ?? [];
      rules.at(-1)?.headers.push([name as string, value as string]);
    } else {
      const regex = line.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/:[A-Za-z]\w*/g, '[^/]+');
      rules.push({ pattern: new RegExp(`^${regex}$`), headers: [] });
    }
  }
  return rules;
}

/** What `_headers` promises for a URL: nginx must send the same. */
function promised(rules: ReturnType<typeof headerRules>, url: string): Map<string, string> {
  return new Map(rules.filter((rule) => rule.pattern.test(url)).flatMap((rule) => rule.headers));
}

/** The aliases, from the generated `_redirects`: `from to 301`. */
function redirects(): { from: string; to: string }[] {
  return readFileSync(path.join(SITE, '_redirects'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(/\s+/))
    .map(([from, to]) => ({ from: from as string, to: to as string }));
}

/** Every file of the output as the URL a fan requests ('contact/index.html' → '/contact/'), aliases aside. */
function outputUrls(): string[] {
  const aliases = new Set(redirects().map(({ from }) => from));
  return readdirSync(SITE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !HOSTING_FILES.has(entry.name))
    .map((entry) => `/${path.relative(SITE, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .map((file) => (file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file))
    .filter((url) => !aliases.has(url) && url !== '/404.html')
    .sort();
}

test.describe('nginx with the generated server block', () => {
  // Requests only: one project is enough.
  test.skip(({ isMobile }) => isMobile, 'HTTP answers do not depend on the browser');

  test('answers every file of the output with 200 and the headers _headers promises', async ({ request }) => {
    test.setTimeout(900_000);
    const urls = outputUrls();
    expect(urls.length).toBeGreaterThan(500);
    const rules = headerRules();
    // A few requests in flight: hundreds of files, one nginx worker.
    const answers = [];
    for (let start = 0; start < urls.length; start += 16) {
      answers.push(...(await Promise.all(urls.slice(start, start + 16).map(async (url) => ({ url, response: await request.get(url, { maxRedirects: 0 }) })))));
    }
    for (const { url, response } of answers) {
      expect(response.status(), url).toBe(200);
      const headers = response.headers();
      for (const [name, value] of promised(rules, url)) expect(headers[name.toLowerCase()], `${url}: ${name}`).toBe(value);
      expect(headers['strict-transport-security'], url).toBeUndefined();
      if (url.endsWith('/')) {
        expect(headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(headers['cache-control'], url).toBe('no-cache');
        expect(headers['content-security-policy'], url).toMatch(/^default-src 'self'; script-src 'self'[ ;]/);
        expect(headers['x-frame-options'], url).toBe('DENY');
        expect(headers['etag'], url).toBeTruthy();
      } else if (/^\/assets\/|^\/media\/[0-9a-f]{16}-/.test(url)) {
        expect(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      } else {
        expect(headers['cache-control'], url).not.toContain('immutable');
      }
    }
    const ics = await request.get('/calendrier.ics');
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    // Revalidation: the ETag gets a 304.
    const home = await request.get('/');
    const again = await request.get('/', { headers: { 'If-None-Match': home.headers()['etag'] ?? '' } });
    expect(again.status()).toBe(304);
  });

  test('redirects each alias to its route with a 301, and a folder without its slash to it, with the common headers', async ({ request }) => {
    const aliases = redirects();
    expect(aliases.map(({ from }) => from)).toEqual(expect.arrayContaining(['/stade', '/devenir-partenaire', '/equipe/pro/joueurs/detail']));
    for (const { from, to } of aliases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers()['location'], from).toBe(to);
      expect(response.headers()['x-content-type-options'], from).toBe('nosniff');
      expect(response.headers()['referrer-policy'], from).toBe('strict-origin-when-cross-origin');
      expect((await request.get(to, { maxRedirects: 0 })).status(), to).toBe(200);
    }
    const bare = await request.get('/contact', { maxRedirects: 0 });
    expect(bare.status()).toBe(301);
    expect(bare.headers()['location']).toBe('/contact/');
    expect(bare.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('answers an unknown path, a page-less folder and the hosting files with 404 and the error page', async ({ request }) => {
    for (const url of ['/nulle-part/', '/actualites/article/999999999/', '/actualites/page/', '/_nginx.conf', '/_headers', '/_redirects', '/404.html']) {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      expect(await response.text(), url).toContain('404 Error Page #2');
      expect(response.headers()['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});

/** Records CSP violations in every frame of the page, and Chromium's console reports of them. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      const text = `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`;
      // A frame's window has no exposed binding of its own: report through the top window.
      (report ?? (window.top as unknown as { __reportCspViolation?: (text: string) => void } | null)?.__reportCspViolation)?.(text);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Uses what the page's islands offer, as the other specs do (nav, sliders, calendar, load more, player tabs). */
async function useIslands(page: Page, url: string, phone: boolean): Promise<void> {
  if (phone) {
    await page.getByRole('link', { name: 'Menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    await page.keyboard.press('Escape');
  } else {
    const club = page.getByRole('button', { name: 'Club' });
    await club.click();
    await expect(club).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
  }
  const partners = page.locator('.partners-swiper');
  if (await partners.count()) {
    await partners.scrollIntoViewIfNeeded();
    await expect(partners).toHaveClass(/swiper-initialized/);
    await page.locator('[data-island="partners"]').getByRole('button', { name: 'Mettre en pause' }).click();
  }
  if (url === '/') {
    await expect(page.locator('.news-swiper')).toHaveClass(/swiper-initialized/);
    await page.getByRole('button', { name: 'Article suivant' }).click();
  }
  if (url === '/equipe/match/calendrier/') {
    await page.getByRole('button', { name: 'Octobre' }).click();
    await expect(page.getByRole('button', { name: 'Octobre' })).toHaveAttribute('aria-pressed', 'true');
  }
  const more = page.getByRole('button', { name: 'Charger plus d’articles' });
  if (await more.count()) {
    const before = await page.locator('.news-grid .news-card').count();
    await more.click();
    await expect.poll(() => page.locator('.news-grid .news-card').count()).toBeGreaterThan(before);
  }
  if (url === '/equipe/pro/joueurs/') await expect(page.locator('.players-swiper')).toHaveClass(/swiper-initialized/);
  if (url.startsWith('/equipe/pro/joueurs/details/') && !phone) {
    await page.getByRole('tab', { name: 'A propos' }).click();
    await expect(page.getByRole('tab', { name: 'A propos' })).toHaveAttribute('aria-selected', 'true');
    const champion = page.getByRole('button', { name: 'Champion' });
    if (await champion.count()) await champion.click();
  }
  const recent = page.locator('.sidebar-recent');
  if (await recent.count()) {
    // The island reads /actualites/recents.json under the real headers; its thumbnails load.
    await recent.scrollIntoViewIfNeeded();
    await expect(recent.locator('a').first()).toBeVisible();
  }
  const map = page.locator('.contact-map iframe');
  if (await map.count()) await map.scrollIntoViewIfNeeded();
  if (url === '/recherche/') {
    // The index's manifest, a term chunk, document bundles and their thumbnails, then a filter.
    await page.getByRole('searchbox', { name: 'Rechercher un article, un joueur, une page' }).fill('victoire');
    await expect(page.locator('.search-results > li').first()).toBeVisible();
    await page.getByLabel('Catégorie').selectOption('Équipe pro');
    await expect(page.locator('.search-results > li').first()).toBeVisible();
  }
}

test.describe('Content-Security-Policy in Chromium', () => {
  const pages = representativePagePaths();
  const batches = 4;
  for (let batch = 0; batch < batches; batch += 1) {
    test(`no violation on any route while its islands are used (batch ${batch + 1}/${batches})`, async ({ page, isMobile }) => {
      test.setTimeout(600_000);
      const violations = await watchViolations(page);
      let checked = 0;
      for (const url of pages.filter((_, index) => index % batches === batch)) {
        await page.goto(url);
        await waitForIslands(page);
        await useIslands(page, new URL(page.url()).pathname, isMobile);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(5);
      expect(violations).toEqual([]);
    });
  }

  test('the checks see a violation when there is one', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/contact/');
    await waitForIslands(page);
    // An inline script, which the policy forbids: the listener must hear about it.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __inline?: boolean }).__inline)).toBeUndefined();
  });
});
