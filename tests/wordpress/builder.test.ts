import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, readdir, readFile, rm, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { load } from 'cheerio';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../browser/chromium.js';
import { startBuilderProcess, type BuilderProcess } from './builder-process.js';
import { logIn, openEditor, publish, siteColumn, snackbarLink, titleBox, update, writePost } from './wp-admin.js';
import { hashTree } from './hash-tree.js';
import { freePort, startWordPress, type RunningWordPress } from './server.js';
import { serveWithNginx } from './static-server.js';

/**
 * Issues 32 and 39 against the real WordPress (Debian's packages) with wordpress/sqbb-builder.php
 * installed as a must-use plugin: the builder (`npm run builder`, its own process) publishes what an
 * editor publishes, edits and trashes, each time the output of a clean build, served by a real HTTP
 * server; in wp-admin (Chromium) "Afficher l'article" opens the article on the site, the posts list
 * says whether the site is up to date, scheduled posts go out on time, WordPress's own addresses
 * redirect to the site; "Preview" opens the site's own page of the draft; images come through
 * WordPress's other addresses and a configured media origin.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED = path.join(import.meta.dirname, 'seed/builder-news.json');
const run = promisify(execFile);
const SECRET = randomBytes(24).toString('hex');
/** The public site: the static server of the builder's output, on a port chosen before WordPress starts (SQBB_SITE_URL). */
let SITE_URL = '';
let sitePort = 0;
/** The build's "now", fixed for the builder and the clean builds it is compared with. */
const NOW = new Date().toISOString();
const EDITOR = { login: 'redactrice', password: 'sqbb-editor-password' };

let wordpress: RunningWordPress;
let workDir = '';
let builderPort = 0;
const log = (line: string) => {
  if (process.env.SQBB_TEST_VERBOSE) console.log(line);
};

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'sqbb-wp-builder-'));
  builderPort = await freePort();
  sitePort = await freePort();
  SITE_URL = `http://127.0.0.1:${sitePort}`;
  wordpress = await startWordPress(SEED, log, {
    muPlugins: [path.join(ROOT, 'wordpress/sqbb-builder.php'), path.join(import.meta.dirname, 'php/mu-plugins/sqbb-test-builder.php')],
    env: { SQBB_BUILDER_URL: `http://127.0.0.1:${builderPort}`, SQBB_BUILDER_SECRET: SECRET, SQBB_SITE_URL: SITE_URL },
    workers: 4,
  });
});

afterAll(async () => {
  await wordpress?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** `npm run build` as cron runs it. */
async function build(out: string, apiUrl: string, extra: string[] = []): Promise<string> {
  const args = ['build/launch.mjs', '--wp', apiUrl, '--out', out, '--cache', `${out}-cache`, '--site-url', SITE_URL, '--now', NOW, ...extra];
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, CI: '1' }, maxBuffer: 20_000_000 });
  return stdout;
}

/** French typography puts non-breaking spaces (characters or entities) before ':' and in « »: pages are compared by their letters. */
const letters = (text: string) => text.replace(/&nbsp;|&#160;|&#8239;|[\u00a0\u202f]/g, ' ');

function differing(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys({ ...a, ...b }).filter((file) => a[file] !== b[file]).sort();
}

describe('images through WordPress\'s other addresses and a media origin', () => {
  it('builds the same site through a second address of WordPress as through its own', async () => {
    const own = path.join(workDir, 'own');
    const other = path.join(workDir, 'other');
    await build(own, wordpress.apiUrl);
    const second = await wordpress.addAddress();
    const output = await build(other, `${second}/wp-json/wp/v2`);
    expect(output).not.toMatch(/image left out/);
    expect(differing(await hashTree(own), await hashTree(other))).toEqual([]);
    // And the images are there: every post with one shows it, converted.
    const media = (await readdir(path.join(own, 'media'))).filter((name) => /^[0-9a-f]{16}-\d+\.avif$/.test(name));
    expect(media.length).toBeGreaterThan(10);
  });

  it('builds the same site when the uploads are on a CDN named by --media-origin, and refuses them without it', async () => {
    const uploads = path.join(wordpress.root, 'wp-content/uploads');
    const cdn = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://cdn.test');
      const relative = decodeURIComponent(url.pathname.replace(/^\/club-uploads\//, ''));
      if (relative.includes('..') || !url.pathname.startsWith('/club-uploads/')) return void response.writeHead(404).end();
      readFile(path.join(uploads, relative)).then(
        (bytes) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(bytes),
        () => response.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const cdnBase = `http://127.0.0.1:${(cdn.address() as { port: number }).port}/club-uploads`;
    try {
      await wordpress.php(`update_option('sqbb_test_cdn', '${cdnBase}');`);
      const sample = JSON.parse(await (await fetch(`${wordpress.apiUrl}/posts?per_page=1&_embed=1`)).text()) as { _embedded: { 'wp:featuredmedia': { source_url: string }[] } }[];
      expect(sample[0]?._embedded['wp:featuredmedia'][0]?.source_url.startsWith(cdnBase)).toBe(true);
      const viaCdn = path.join(workDir, 'cdn');
      const output = await build(viaCdn, wordpress.apiUrl, ['--media-origin', `${cdnBase}/`]);
      expect(output).not.toMatch(/image left out/);
      expect(differing(await hashTree(path.join(workDir, 'own')), await hashTree(viaCdn))).toEqual([]);
      await build(path.join(workDir, 'cdn-unnamed'), wordpress.apiUrl);
      const report = JSON.parse(await readFile(path.join(workDir, 'cdn-unnamed-report.json'), 'utf8')) as { warnings: { kind: string; message: string }[] };
      const leftOut = report.warnings.filter((warning) => warning.kind === 'image-left-out');
      expect(leftOut.length).toBeGreaterThan(0);
      // Contents' images: not WordPress's address nor a configured origin; featured images the REST API gave: a loopback address that is not WordPress's.
      for (const warning of leftOut) expect(warning.message).toMatch(/127\.0\.0\.1:\d+ (is not the WordPress host .* nor a configured media origin|is a loopback or private address \(127\.0\.0\.1\) and not WordPress's own)/);
    } finally {
      await wordpress.php("delete_option('sqbb_test_cdn');");
      await new Promise((resolve) => cdn.close(resolve));
    }
  });
});

describe('the builder service with the plugin', () => {
  let builder: BuilderProcess;
  let site: { origin: string; close: () => Promise<void> };
  let editorId = 0;
  const out = () => path.join(workDir, 'site');
  /** The service's environment: no WordPress account of its own (drafts are read through the plugin). */
  const builderEnv = () => ({
    WP_API_URL: wordpress.apiUrl,
    OUT_DIR: out(),
    BUILD_CACHE: path.join(workDir, 'site-cache'),
    SITE_URL,
    BUILD_NOW: NOW,
    BUILDER_PORT: String(builderPort),
    BUILDER_SECRET: SECRET,
    CI: '1',
  });

  beforeAll(async () => {
    editorId = Number(await wordpress.php(`echo wp_insert_user(['user_login' => '${EDITOR.login}', 'user_pass' => '${EDITOR.password}', 'role' => 'editor', 'user_email' => 'redactrice@example.org', 'display_name' => 'Rédaction']);`));
    expect(editorId).toBeGreaterThan(0);
    builder = await startBuilderProcess(builderEnv(), log);
    await builder.waitFor(/^build ok .*\(start\)/);
    site = await serveWithNginx(out(), sitePort);
  });

  afterAll(async () => {
    await site?.close();
    await builder?.stop();
  });

  /** Until the builder has nothing running or queued (a save may bring a second notification). */
  async function builderIdle(): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const health = (await (await fetch(`${builder.url}/healthz`)).json()) as { building: unknown; queued: unknown };
      if (health.building === null && health.queued === null) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the builder never went idle:\n${builder.lines.join('\n')}`);
  }

  async function expectCleanBuild(step: string): Promise<void> {
    await builderIdle();
    const clean = path.join(workDir, `clean-${step}`);
    await build(clean, wordpress.apiUrl, ['--clean']);
    const different = differing(await hashTree(out()), await hashTree(clean));
    expect(different, `${step}: ${different.join(', ')}`).toEqual([]);
    await rm(clean, { recursive: true, force: true });
    await rm(`${clean}-cache`, { recursive: true, force: true });
    await rm(`${clean}-report.json`, { force: true });
  }

  /** Polls the static server until `check` holds for the page; resolves with the seconds it took. */
  async function served(urlPath: string, check: (status: number, html: string) => boolean, since: number): Promise<number> {
    for (;;) {
      const response = await fetch(`${site.origin}${urlPath}`);
      const html = letters(await response.text());
      if (check(response.status, html)) return (performance.now() - since) / 1000;
      if (performance.now() - since > 90_000) throw new Error(`${urlPath} not as expected after 90 s (${response.status}):\n${builder.lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const page = async (urlPath: string) => load(letters(await (await fetch(`${site.origin}${urlPath}`)).text()));

  it('publishes what an editor publishes, updates and trashes, each time the output of a clean build', async () => {
    const title = 'Victoire au buzzer contre Cholet : le récit du match';
    let from = builder.lines.length;
    const published = performance.now();
    const id = Number(
      await wordpress.php(`
        wp_set_current_user(${editorId});
        $id = wp_insert_post(['post_title' => '${title}', 'post_status' => 'publish', 'post_author' => ${editorId},
          'post_content' => "<!-- wp:paragraph -->\\n<p>Un panier à la dernière seconde offre la victoire au SQBB.</p>\\n<!-- /wp:paragraph -->",
          'post_category' => [get_term_by('slug', 'equipe-pro', 'category')->term_id]]);
        wp_set_post_tags($id, ['victoire']);
        echo $id;`),
    );
    const saved = (performance.now() - published) / 1000;
    const seconds = await served(`/actualites/article/${id}/`, (status, html) => status === 200 && html.includes(title), published);
    log(`published → served in ${seconds.toFixed(2)} s (WordPress's PHP process returned after ${saved.toFixed(2)} s)`);
    expect(await builder.waitFor(/^build ok .*post \d+ publish/, from)).toMatch(/incremental: 1 new, 0 changed, 0 removed posts/);
    const list = await page('/actualites/');
    expect(list('.news-card-title').first().text()).toBe(title);
    const home = await page('/');
    expect(home('.news-slide-title').first().text()).toBe(title);
    expect(letters(await (await fetch(`${site.origin}/actualites/feed.xml`)).text())).toContain(title);
    await expectCleanBuild('published');

    from = builder.lines.length;
    const edited = performance.now();
    await wordpress.php(`wp_set_current_user(${editorId}); wp_update_post(['ID' => ${id}, 'post_title' => '${title} (photos)']);`);
    await served(`/actualites/article/${id}/`, (status, html) => html.includes(`${title} (photos)`), edited);
    await builder.waitFor(/^build ok .*post \d+ update\): incremental: 0 new, 1 changed/, from);
    expect((await page('/actualites/'))('.news-card-title').first().text()).toBe(`${title} (photos)`);
    await expectCleanBuild('updated');

    from = builder.lines.length;
    const trashed = performance.now();
    await wordpress.php(`wp_set_current_user(${editorId}); wp_trash_post(${id});`);
    await served(`/actualites/article/${id}/`, (status) => status === 404, trashed);
    await builder.waitFor(/^build ok .*post \d+ trash\): incremental: 0 new, 0 changed, 1 removed/, from);
    expect((await page('/actualites/'))('.news-card-title').text()).not.toContain(title);
    expect(letters(await (await fetch(`${site.origin}/actualites/feed.xml`)).text())).not.toContain(title);
    await expectCleanBuild('trashed');
  });

  it('publishes a scheduled post when WordPress publishes it, follows a renamed tag, and removes an unpublished and a deleted post', async () => {
    const title = 'Programmé : la billetterie du derby ouvre ce soir';
    const id = Number(await wordpress.php(`wp_set_current_user(${editorId}); echo wp_insert_post(['post_title' => '${title}', 'post_status' => 'future', 'post_date' => wp_date('Y-m-d H:i:s', time() + 86400), 'post_content' => '<p>Ouverture à 18 h.</p>']);`));
    const from = builder.lines.length;
    const start = performance.now();
    // What WP-Cron does when the date comes.
    await wordpress.php(`wp_publish_post(${id});`);
    await served(`/actualites/article/${id}/`, (status, html) => status === 200 && html.includes(title), start);
    expect(await builder.waitFor(/^build ok .*post \d+ scheduled/, from)).toContain('1 new');
    const tagId = Number(await wordpress.php(`echo get_term_by('slug', 'victoire', 'post_tag')->term_id;`));
    await wordpress.php(`wp_update_term(${tagId}, 'post_tag', ['name' => 'Victoires']);`);
    await served(`/actualites/tag/${tagId}/`, (status, html) => load(html)('h1').text().includes('Victoires'), performance.now());
    await expectCleanBuild('tag renamed');

    let since = builder.lines.length;
    await wordpress.php(`wp_update_post(['ID' => ${id}, 'post_status' => 'draft']);`);
    await served(`/actualites/article/${id}/`, (status) => status === 404, performance.now());
    await builder.waitFor(/^build ok .*post \d+ unpublish\): incremental: 0 new, 0 changed, 1 removed/, since);
    const oldest = Number(await wordpress.php("echo get_posts(['numberposts' => 1, 'orderby' => 'date', 'order' => 'ASC'])[0]->ID;"));
    expect(await (await fetch(`${site.origin}/actualites/article/${oldest}/`)).text()).toContain('<h1');
    since = builder.lines.length;
    await wordpress.php(`wp_delete_post(${oldest}, true);`);
    await served(`/actualites/article/${oldest}/`, (status) => status === 404, performance.now());
    await builder.waitFor(/^build ok .*post \d+ delete\): incremental: 0 new, 0 changed, 1 removed/, since);
    await expectCleanBuild('unpublished and deleted');
  });

  describe('in wp-admin', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('publishes from the block editor: "Afficher l\'article" followed at once opens the article on the site; the posts list says "En ligne"; a correction right after is not held back; a trashed post leaves the site', async () => {
      const title = 'Le SQBB s’impose à Nanterre au bout du suspense';
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const wp = await logIn(context, wordpress.siteUrl, EDITOR);
      await openEditor(wp, wordpress.siteUrl);
      await writePost(wp, title, '<!-- wp:paragraph -->\n<p>Victoire 81-79 après prolongation.</p>\n<!-- /wp:paragraph -->');
      const from = builder.lines.length;
      const clicked = performance.now();
      await publish(wp);
      const published = performance.now();
      const link = snackbarLink(wp);
      const id = Number(/\/actualites\/article\/(\d+)\/$/.exec((await link.getAttribute('href')) ?? '')?.[1]);
      expect(id, 'the snackbar links to the article on the site').toBeGreaterThan(0);
      expect(await link.getAttribute('href')).toBe(`${SITE_URL}/actualites/article/${id}/`);
      // Followed at once, as an editor does: the article, never a 404.
      await link.click();
      await wp.waitForURL(`${SITE_URL}/actualites/article/${id}/`, { timeout: 30_000 });
      expect(letters((await wp.locator('h1').textContent()) ?? '')).toBe(title);
      const landed = (performance.now() - published) / 1000;
      const publishBuild = await builder.waitFor(/^build ok .*post \d+ publish/, from);
      log(`block editor: "Publier" clicked → WordPress answered in ${((published - clicked) / 1000).toFixed(2)} s; "Afficher l'article" → on the article ${landed.toFixed(2)} s after the answer; build: ${publishBuild}`);

      // The posts list: the site has this version.
      await wp.goto(`${wordpress.siteUrl}/wp-admin/edit.php`);
      await expect.poll(async () => (await siteColumn(wp, id).textContent()) ?? '', { timeout: 30_000 }).toMatch(/^En ligne depuis le /);
      expect(await wp.locator('th#sqbb_site').textContent()).toBe('Site public');
      // "Afficher" in the posts list and the admin bar's site link open the site.
      expect(await wp.locator(`#post-${id} .row-actions .view a`).getAttribute('href')).toBe(`${SITE_URL}/actualites/article/${id}/`);
      expect(await wp.locator('#wp-admin-bar-site-name > a').getAttribute('href')).toBe(`${SITE_URL}/`);

      // A correction two seconds after publishing: its build starts as soon as the running one ends.
      const fromCorrection = builder.lines.length;
      const first = performance.now();
      await wordpress.php(`wp_set_current_user(${editorId}); wp_update_post(['ID' => ${id}, 'post_content' => '<p>Victoire 81-79 après prolongation.</p>']);`);
      await new Promise((resolve) => setTimeout(resolve, 2_000 - (performance.now() - first)));
      const corrected = performance.now();
      await wordpress.php(`wp_set_current_user(${editorId}); wp_update_post(['ID' => ${id}, 'post_title' => '${title} (corrigé)']);`);
      const seconds = await served(`/actualites/article/${id}/`, (status, html) => html.includes('(corrigé)'), corrected);
      await builderIdle();
      const builds = builder.lines.map((line, index) => ({ line, at: builder.times[index] ?? 0 })).slice(fromCorrection).filter(({ line }) => line.startsWith('build ok'));
      log(`correction 2 s after a save: served in ${seconds.toFixed(2)} s (${builds.map(({ line }) => line).join(' | ')})`);
      // Never held back (builds were kept 10 s apart): the build serving the correction started as soon as
      // the correction came or the build before it ended. Counted from the log, so a busy machine's slower builds do not count.
      const serving = builds.at(-1);
      const started = (serving?.at ?? 0) - Number(/^build ok in ([\d.]+) s/.exec(serving?.line ?? '')?.[1] ?? 0) * 1000;
      const ready = Math.max(corrected, builds.at(-2)?.at ?? 0);
      expect(started - ready, builds.map(({ line }) => line).join('\n')).toBeLessThan(3_000);

      // Updated in the block editor: the editor says when the site shows it.
      await openEditor(wp, wordpress.siteUrl, id);
      await titleBox(wp).fill(`${title} (photos)`);
      await update(wp);
      await expect.poll(async () => letters((await wp.locator('.components-notice').allTextContents()).join(' ')), { timeout: 60_000 }).toMatch(/Site public : En ligne depuis le /);
      expect(letters(await (await fetch(`${site.origin}/actualites/article/${id}/`)).text())).toContain(`${title} (photos)`);

      // Trashed from the posts list: gone from the site, and the list says so.
      await wp.goto(`${wordpress.siteUrl}/wp-admin/edit.php`);
      await wp.locator(`#post-${id}`).hover();
      const trashedAt = performance.now();
      await wp.locator(`#post-${id} .row-actions .trash a`).click();
      await served(`/actualites/article/${id}/`, (status) => status === 404, trashedAt);
      await wp.goto(`${wordpress.siteUrl}/wp-admin/edit.php?post_status=trash&post_type=post`);
      expect(await siteColumn(wp, id).textContent()).toBe('Non publié');
      await context.close();
      await expectCleanBuild('block editor');
    }, 300_000);

    it('sends WordPress\'s own public addresses (a post, a category, a tag, its home, its feed) to the site with a 301; wp-admin, the login, the REST API and uploads keep working', async () => {
      const [postId, categoryId, tagSlug, tagId] = (
        await wordpress.php("$p = get_posts(['numberposts' => 1])[0]; $c = get_the_category($p->ID)[0]; $t = get_tags(['number' => 1])[0]; echo $p->ID . ' ' . $c->term_id . ' ' . $t->slug . ' ' . $t->term_id;")
      ).trim().split(' ');
      const expectations: [string, string][] = [
        [`/?p=${postId}`, `${SITE_URL}/actualites/article/${postId}/`],
        [`/?cat=${categoryId}`, `${SITE_URL}/actualites/category/${categoryId}/`],
        [`/?tag=${tagSlug}`, `${SITE_URL}/actualites/tag/${tagId}/`],
        ['/', `${SITE_URL}/`],
        ['/?feed=rss2', `${SITE_URL}/actualites/feed.xml`],
      ];
      for (const [from, to] of expectations) {
        const response = await fetch(`${wordpress.siteUrl}${from}`, { redirect: 'manual' });
        expect(response.status, from).toBe(301);
        expect(response.headers.get('location'), from).toBe(to);
      }
      // Any tool reading WordPress gets the site's addresses.
      const rest = (await (await fetch(`${wordpress.apiUrl}/posts/${postId}`)).json()) as { link: string };
      expect(rest.link).toBe(`${SITE_URL}/actualites/article/${postId}/`);
      const category = (await (await fetch(`${wordpress.apiUrl}/categories/${categoryId}`)).json()) as { link: string };
      expect(category.link).toBe(`${SITE_URL}/actualites/category/${categoryId}/`);
      expect((await fetch(`${wordpress.siteUrl}/wp-login.php`)).status).toBe(200);
      expect((await fetch(`${wordpress.siteUrl}/wp-admin/`, { redirect: 'manual' })).status).toBe(302);
      const upload = (await wordpress.php("echo wp_get_attachment_url(get_posts(['post_type' => 'attachment', 'numberposts' => 1])[0]->ID);")).trim();
      expect((await fetch(upload)).status).toBe(200);
    });

    it('gives posts the "Image mise en avant" panel with no theme', async () => {
      expect((await wordpress.php("echo count(wp_get_themes());")).trim()).toBe('0');
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const wp = await logIn(context, wordpress.siteUrl, EDITOR);
      await openEditor(wp, wordpress.siteUrl);
      const settings = wp.getByRole('button', { name: /^(Settings|Réglages)$/ });
      if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
      // The sidebar's "Post" tab (WordPress 6.1: a button, not a tab).
      const postTab = wp.locator('.edit-post-sidebar__panel-tab[data-label="Post"], .edit-post-sidebar__panel-tab[data-label="Article"]');
      if ((await postTab.count()) > 0) await postTab.first().click();
      await expect.poll(() => wp.getByRole('button', { name: /^(Featured image|Image mise en avant)$/ }).count(), { timeout: 30_000 }).toBe(1);
      await context.close();
    });

    it('publishes a post scheduled two minutes ahead within a minute of its time, with no visit to WordPress', async () => {
      const title = 'Programmé : ouverture de la billetterie des playoffs';
      // WordPress publishes at once a post due within a minute: 70 s ahead is "scheduled".
      const due = Math.floor(Date.now() / 1000) + 70;
      const from = builder.lines.length;
      const id = Number(await wordpress.php(`wp_set_current_user(${editorId}); echo wp_insert_post(['post_title' => '${title}', 'post_status' => 'future', 'post_date_gmt' => gmdate('Y-m-d H:i:s', ${due}), 'post_date' => get_date_from_gmt(gmdate('Y-m-d H:i:s', ${due})), 'post_content' => '<p>Dès 10 h.</p>']);`));
      expect((await wordpress.php(`echo get_post_status(${id});`)).trim()).toBe('future');
      // The test site runs no WP-Cron (DISABLE_WP_CRON) and nobody visits it: only the builder can publish it.
      const onSite = await served(`/actualites/article/${id}/`, (status, html) => status === 200 && html.includes(title), performance.now());
      const late = Date.now() / 1000 - due;
      log(`scheduled post: on the site ${late.toFixed(1)} s after its time (${onSite.toFixed(1)} s after it was scheduled)`);
      expect(late).toBeLessThan(60);
      expect(builder.lines.slice(from).join('\n')).toMatch(new RegExp(`scheduled posts due: ${id} published by WordPress`));
      await expectCleanBuild('scheduled');
    }, 240_000);

    it('says in wp-admin that the site is not up to date while the builder is stopped, and catches up when it starts', async () => {
      const title = 'Pendant la panne : le SQBB recrute un meneur';
      await builder.stop();
      const id = Number(await wordpress.php(`wp_set_current_user(${editorId}); echo wp_insert_post(['post_title' => '${title}', 'post_status' => 'publish', 'post_content' => '<p>Signature pour deux saisons.</p>']);`));
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const wp = await logIn(context, wordpress.siteUrl, EDITOR);
      // Every screen says it.
      for (const screen of ['/wp-admin/', '/wp-admin/edit.php']) {
        await wp.goto(`${wordpress.siteUrl}${screen}`);
        expect(letters((await wp.locator('.sqbb-site-notice').textContent()) ?? ''), screen).toMatch(/Site public : Le site public n['’]est pas à jour depuis le .+ : le service de construction ne répond pas/);
      }
      expect(letters((await siteColumn(wp, id).textContent()) ?? '')).toMatch(/^Échec : le service de construction ne répond pas/);
      // The block editor too, after a save.
      await openEditor(wp, wordpress.siteUrl, id);
      await titleBox(wp).fill(`${title} (précisions)`);
      await update(wp);
      await expect.poll(async () => letters((await wp.locator('.components-notice.is-error').allTextContents()).join(' ')), { timeout: 30_000 }).toMatch(/Site public : .*ne répond pas/);
      expect((await fetch(`${site.origin}/actualites/article/${id}/`)).status).toBe(404);

      // A post whose time passed while the builder was down (scheduled, then its date moved into the past as time goes by).
      const missed = Number(await wordpress.php(`wp_set_current_user(${editorId}); $due = time() + 3600; echo wp_insert_post(['post_title' => 'Programmé pendant la panne', 'post_status' => 'future', 'post_date_gmt' => gmdate('Y-m-d H:i:s', $due), 'post_date' => get_date_from_gmt(gmdate('Y-m-d H:i:s', $due)), 'post_content' => '<p>À l’heure.</p>']);`));
      await wordpress.php(`global $wpdb; $past = time() - 120; $wpdb->update($wpdb->posts, ['post_date_gmt' => gmdate('Y-m-d H:i:s', $past), 'post_date' => get_date_from_gmt(gmdate('Y-m-d H:i:s', $past))], ['ID' => ${missed}]); clean_post_cache(${missed});`);
      expect((await wordpress.php(`echo get_post_status(${missed});`)).trim()).toBe('future');

      // The builder starts again: it builds what it missed, publishes what is due, and the first preview is quick.
      const restarted = performance.now();
      builder = await startBuilderProcess(builderEnv(), log);
      const draft = Number(await wordpress.php(`wp_set_current_user(${editorId}); echo wp_insert_post(['post_title' => 'Brouillon du matin', 'post_status' => 'draft', 'post_content' => '<p>À relire.</p>']);`));
      const previewLink = (await wordpress.php(`wp_set_current_user(${editorId}); echo get_preview_post_link(${draft});`)).trim();
      const asked = performance.now();
      const preview = await fetch(previewLink);
      expect(preview.status).toBe(200);
      expect(letters(await preview.text())).toContain('Non publié : brouillon');
      log(`first preview after the builder started: ${((performance.now() - asked) / 1000).toFixed(2)} s (asked ${((asked - restarted) / 1000).toFixed(2)} s after the start)`);
      await served(`/actualites/article/${id}/`, (status, html) => status === 200 && html.includes('(précisions)'), restarted);
      await served(`/actualites/article/${missed}/`, (status, html) => status === 200 && html.includes('Programmé pendant la panne'), restarted);
      await wp.goto(`${wordpress.siteUrl}/wp-admin/edit.php`);
      await expect.poll(async () => (await siteColumn(wp, id).textContent()) ?? '', { timeout: 30_000 }).toMatch(/^En ligne depuis le /);
      // The builder built since the first lost notification: the notice is gone.
      await wp.reload();
      expect(await wp.locator('.sqbb-site-notice').count()).toBe(0);
      await context.close();
    }, 300_000);

    it('says in wp-admin why the site was not updated when a build fails, and stops saying it once a build succeeds', async () => {
      // A club data file broken by hand: every build fails on it.
      const data = path.join(workDir, 'broken-data');
      await cp(path.join(ROOT, 'data'), data, { recursive: true });
      const settings = path.join(data, 'settings.json');
      const good = await readFile(settings, 'utf8');
      await writeFile(settings, good.replace(/"currentSeason":\s*"[^"]+"/, '"currentSeason": 2025'));
      await builder.stop();
      builder = await startBuilderProcess({ ...builderEnv(), DATA_DIR: data }, log);
      try {
        await builder.waitFor(/^build failed .*\(start\): DataError: /);
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const wp = await logIn(context, wordpress.siteUrl, EDITOR);
        await wp.goto(`${wordpress.siteUrl}/wp-admin/`);
        // wp-admin keeps the builder's answer 5 s: the notice comes with a screen loaded after that.
        await expect.poll(async () => { await wp.reload(); return wp.locator('.sqbb-site-notice').count(); }, { timeout: 30_000 }).toBe(1);
        expect(letters((await wp.locator('.sqbb-site-notice').textContent()) ?? '')).toMatch(/Site public : Le site public n’est pas à jour .+ : la dernière mise à jour a échoué \(un fichier de données du club est invalide \(.*settings\.json\) : la personne qui gère le site doit le corriger\)\. Nouvel essai automatique à \d\d:\d\d\./);
        // Fixed: the next try succeeds, and wp-admin says nothing any more.
        await writeFile(settings, good);
        await builder.waitFor(/^build ok .*\(retry\)/);
        await wp.reload();
        await expect.poll(async () => { await wp.reload(); return wp.locator('.sqbb-site-notice').count(); }, { timeout: 30_000 }).toBe(0);
        await context.close();
      } finally {
        // The builder of the other tests, whatever happened here.
        await builder.stop();
        builder = await startBuilderProcess(builderEnv(), log);
      }
      await builder.waitFor(/^build ok .*\(start\)/);
    }, 300_000);

    it('checks each link of the chain with npm run builder -- --check, and says what to fix', async () => {
      const check = (env: Record<string, string>) =>
        run('npm', ['run', '--silent', 'builder', '--', '--check'], { cwd: ROOT, env: { ...process.env, ...builderEnv(), BUILDER_PORT: String(builderPort), ...env } }).then(
          (result) => ({ code: 0, stdout: result.stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      const good = await check({});
      expect(good.stdout.trim().split('\n').map((line) => line.slice(0, 4))).toEqual(['ok  ', 'ok  ', 'ok  ', 'ok  ', 'ok  ', 'ok  ', 'ok  ', 'ok  ']);
      expect(good.code).toBe(0);
      const wrong = await check({ BUILDER_SECRET: 'x'.repeat(40) });
      expect(wrong.code).toBe(1);
      expect(wrong.stdout).toMatch(/^FAIL Plugin signing with the same secret: .*SQBB_BUILDER_SECRET equal to BUILDER_SECRET/m);
    });
  });

  describe('preview', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('opens the site\'s own page of a draft written in wp-admin, with the banner, its text and its image; the draft stays out of the site', async () => {
      const image = (
        await wordpress.php(`
          require_once ABSPATH . 'wp-admin/includes/image.php';
          $upload = wp_upload_dir();
          $file = $upload['path'] . '/apercu-tribune.jpg';
          $canvas = imagecreatetruecolor(1200, 675);
          imagefilledrectangle($canvas, 0, 0, 1200, 675, imagecolorallocate($canvas, 20, 60, 140));
          imagefilledellipse($canvas, 600, 337, 300, 300, imagecolorallocate($canvas, 230, 120, 30));
          imagejpeg($canvas, $file, 70);
          $id = wp_insert_attachment(['post_mime_type' => 'image/jpeg', 'post_title' => 'Tribune', 'post_status' => 'inherit'], $file);
          wp_update_attachment_metadata($id, wp_generate_attachment_metadata($id, $file));
          echo $id . ' ' . wp_get_attachment_url($id);`)
      ).trim().split(' ');
      const [imageId, imageUrl] = image as [string, string];
      const title = 'Brouillon : la tribune nord fait peau neuve';
      const text = 'Les travaux de la tribune nord se termineront avant le derby.';

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const wp = await logIn(context, wordpress.siteUrl, EDITOR);
      await openEditor(wp, wordpress.siteUrl);
      await titleBox(wp).fill(title);
      await wp.locator('textarea.editor-post-text-editor').fill(
        `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:image {"id":${imageId},"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="${imageUrl}" alt="La tribune nord en travaux" class="wp-image-${imageId}"/></figure>\n<!-- /wp:image -->`,
      );
      await wp.getByRole('button', { name: /^(Preview|Prévisualiser)$/ }).click();
      const [preview] = await Promise.all([context.waitForEvent('page'), wp.getByRole('menuitem', { name: /Preview in new tab|Prévisualiser dans un nouvel onglet/ }).click()]);
      const problems: string[] = [];
      preview.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      await preview.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${builderPort}/preview/\\d+\\?user=${editorId}&expires=\\d+&signature=[0-9a-f]{64}$`), { timeout: 120_000 });
      await preview.waitForLoadState('load');
      expect(letters((await preview.locator('h1').textContent()) ?? '')).toBe(title);
      expect(await preview.locator('.sqbb-preview-banner').isVisible()).toBe(true);
      expect(await preview.locator('.sqbb-preview-banner').textContent()).toBe('Aperçu — non publié');
      expect(letters((await preview.locator('.article-content').textContent()) ?? '')).toContain(text);
      const picture = preview.locator('.article-content picture img');
      expect(await picture.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.jpg$/);
      expect(await picture.evaluate(async (element: HTMLImageElement) => {
        element.loading = 'eager';
        await element.decode().catch(() => {});
        return element.naturalWidth;
      })).toBeGreaterThan(0);
      // The site's islands run: the menu's island hydrates.
      await preview.waitForSelector('[data-island][data-hydrated]', { timeout: 30_000 });
      expect(problems).toEqual([]);
      if (process.env.SQBB_TEST_SCREENSHOTS) await preview.screenshot({ path: path.join(process.env.SQBB_TEST_SCREENSHOTS, 'builder-preview.png') });

      const link = new URL(preview.url());
      const postId = Number(/\/preview\/(\d+)/.exec(link.pathname)?.[1]);
      const changed = (replace: (href: string) => string) => fetch(replace(link.href));
      for (const variant of [
        (href: string) => href.replace(`/preview/${postId}?`, `/preview/${postId + 1}?`),
        (href: string) => href.replace(`user=${editorId}`, `user=${editorId + 1}`),
        (href: string) => href.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) - 1}`),
      ]) {
        const response = await changed(variant);
        expect(response.status).toBe(403);
        expect(letters(await response.text())).not.toContain(title);
      }
      // A link WordPress signed for two seconds, used after it expired.
      const short = (await wordpress.php(`wp_set_current_user(${editorId}); add_filter('sqbb_builder_preview_lifetime', fn () => 2); echo get_preview_post_link(${postId});`)).trim();
      expect((await fetch(short)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const expired = await fetch(short);
      expect(expired.status).toBe(403);
      expect(letters(await expired.text())).not.toContain(title);

      // "Preview" in the posts list and in the classic editor give the same signed link.
      await wp.goto(`${wordpress.siteUrl}/wp-admin/edit.php?post_status=draft&post_type=post`);
      const rowPreview = await wp.locator(`#post-${postId} .row-actions .view a`).getAttribute('href');
      expect(rowPreview).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${builderPort}/preview/${postId}\\?user=${editorId}&`));
      await wordpress.php("update_option('sqbb_test_classic_editor', 1);");
      await wp.goto(`${wordpress.siteUrl}/wp-admin/post.php?post=${postId}&action=edit`);
      expect(await wp.locator('#post-preview').getAttribute('href')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${builderPort}/preview/${postId}\\?user=${editorId}&`));
      await wordpress.php("delete_option('sqbb_test_classic_editor');");
      await context.close();

      // A build after the draft was saved: the draft is nowhere in the output.
      const from = builder.lines.length;
      await wordpress.php(`wp_update_term(get_term_by('slug', 'kop', 'post_tag')->term_id, 'post_tag', ['name' => 'Le Kop']);`);
      await builder.waitFor(/^build ok .*post_tag|^build ok .*tag \d+ edit/, from);
      const files = await readdir(out(), { recursive: true });
      expect(files.filter((file) => file.includes(`article/${postId}`))).toEqual([]);
      for (const file of files.filter((name) => /\.(html|json|xml)$/.test(name))) {
        expect(letters(await readFile(path.join(out(), file), 'utf8')), file).not.toContain('tribune nord fait peau neuve');
      }
    });
  });
});
