import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { load } from 'cheerio';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../browser/chromium.js';
import { startBuilderProcess, type BuilderProcess } from './builder-process.js';
import { hashTree } from './hash-tree.js';
import { freePort, startWordPress, type RunningWordPress } from './server.js';
import { serveFolder } from './static-server.js';

/**
 * Issue 32 against the real WordPress (Debian's packages) with wordpress/sqbb-builder.php installed
 * as a must-use plugin: the builder (`npm run builder`, its own process) publishes what an editor
 * publishes, edits and trashes, each time the output of a clean build, served by a real HTTP server;
 * "Preview" in wp-admin opens the site's own page of the draft; images come through WordPress's
 * other addresses and a configured media origin.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SEED = path.join(import.meta.dirname, 'seed/builder-news.json');
const run = promisify(execFile);
const SECRET = randomBytes(24).toString('hex');
const SITE_URL = 'http://127.0.0.1:4173';
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
  wordpress = await startWordPress(SEED, log, {
    muPlugins: [path.join(ROOT, 'wordpress/sqbb-builder.php'), path.join(import.meta.dirname, 'php/mu-plugins/sqbb-test-builder.php')],
    env: { SQBB_BUILDER_URL: `http://127.0.0.1:${builderPort}`, SQBB_BUILDER_SECRET: SECRET },
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

  beforeAll(async () => {
    editorId = Number(await wordpress.php(`echo wp_insert_user(['user_login' => '${EDITOR.login}', 'user_pass' => '${EDITOR.password}', 'role' => 'editor', 'user_email' => 'redactrice@example.org', 'display_name' => 'Rédaction']);`));
    const appPassword = (
      await wordpress.php(`
        $id = wp_insert_user(['user_login' => 'sqbb-builder', 'user_pass' => wp_generate_password(), 'role' => 'editor', 'user_email' => 'builder@example.org']);
        [$password] = WP_Application_Passwords::create_new_application_password($id, ['name' => 'Builder']);
        echo $password;`)
    ).trim();
    expect(editorId).toBeGreaterThan(0);
    builder = await startBuilderProcess(
      {
        WP_API_URL: wordpress.apiUrl,
        OUT_DIR: out(),
        BUILD_CACHE: path.join(workDir, 'site-cache'),
        SITE_URL,
        BUILD_NOW: NOW,
        BUILDER_PORT: String(builderPort),
        BUILDER_SECRET: SECRET,
        WP_APP_USER: 'sqbb-builder',
        WP_APP_PASSWORD: appPassword,
        CI: '1',
      },
      log,
    );
    await builder.waitFor(/^build ok .*\(start\)/);
    site = await serveFolder(out());
  });

  afterAll(async () => {
    await site?.close();
    await builder?.stop();
  });

  async function expectCleanBuild(step: string): Promise<void> {
    const clean = path.join(workDir, `clean-${step}`);
    await build(clean, wordpress.apiUrl, ['--clean']);
    expect(differing(await hashTree(out()), await hashTree(clean)), step).toEqual([]);
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
      const wp = await context.newPage();
      await wp.goto(`${wordpress.siteUrl}/wp-login.php`);
      await wp.fill('#user_login', EDITOR.login);
      await wp.fill('#user_pass', EDITOR.password);
      await Promise.all([wp.waitForURL(/wp-admin/), wp.click('#wp-submit')]);
      await wp.goto(`${wordpress.siteUrl}/wp-admin/post-new.php`, { timeout: 120_000 });
      // The editor, or first its welcome guide (a modal over it, shown on a first visit).
      await wp.locator('.editor-post-title__input, .edit-post-welcome-guide').first().waitFor({ timeout: 120_000 });
      await wp.waitForTimeout(1_000);
      const guide = wp.locator('.edit-post-welcome-guide');
      if (await guide.isVisible()) await guide.getByRole('button', { name: /Close|Fermer/ }).click();
      const titleBox = wp.getByRole('textbox', { name: /Add title|Ajouter un titre/ });
      await titleBox.waitFor();
      // As an editor writes it: the code editor takes the blocks as text.
      if ((await wp.locator('textarea.editor-post-text-editor').count()) === 0) await wp.keyboard.press('Control+Shift+Alt+M');
      await titleBox.fill(title);
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
