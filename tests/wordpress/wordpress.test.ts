import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { load, type CheerioAPI } from 'cheerio';
import { chromium, type Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainSpaces } from '../../src/lib/typography.js';
import { CHROMIUM_ARGS, chromiumPath } from '../browser/chromium.js';
import { hashTree } from './hash-tree.js';
import { DEFAULT_SEED, startWordPress, type RunningWordPress } from './server.js';
import { serveFolder } from './static-server.js';

/**
 * The build against a real WordPress (Debian's wordpress, mariadb-server, php): the seeded posts,
 * categories, tags and images appear on the pages; once WordPress is down, the build fails on one
 * line and the previous output stays byte for byte as it was.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface SeedPost { title: string; date: string; categories: string[]; tags: string[]; image: unknown; video?: boolean; reference?: boolean }
interface Seed { categories: { slug: string; name: string; parent?: string }[]; tags: { slug: string; name: string }[]; posts: SeedPost[] }

let wordpress: RunningWordPress | undefined;
let workDir = '';
let outDir = '';
let seed: Seed;
/** What the first build printed (its report lists the warnings). */
let buildOutput = '';

beforeAll(async () => {
  seed = JSON.parse(await readFile(DEFAULT_SEED, 'utf8')) as Seed;
  workDir = await mkdtemp(path.join(tmpdir(), 'sqbb-wp-build-'));
  outDir = path.join(workDir, 'site');
  wordpress = await startWordPress();
});

afterAll(async () => {
  await wordpress?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The site's address in its pages (--site-url of every build here). */
const SITE_URL = 'http://127.0.0.1:4173';

async function build(apiUrl: string, { out = outDir, extra = [] as string[] } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const cache = path.join(workDir, `${path.basename(out)}-cache`);
  const args = ['build/launch.mjs', '--wp', apiUrl, '--out', out, '--cache', cache, '--site-url', SITE_URL, '--now', '2025-09-01T12:00:00Z', ...extra];
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, CI: '1' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A built page, its non-breaking spaces (French typography, issue 33) read as spaces: these checks compare letters. */
const page = async (urlPath: string): Promise<CheerioAPI> =>
  load(plainSpaces(await readFile(path.join(outDir, urlPath, 'index.html'), 'utf8')).replace(/&nbsp;|&#160;|&#x202f;|&#8239;/gi, ' '));
/** WordPress turns straight quotes into typographic ones (fr_FR: « » and ’); compare without that. */
const plainQuotes = (text: string) => text.replace(/[’‘]/g, "'").replace(/«\s*|\s*»|[“”]/g, '"').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

async function articles(): Promise<Map<string, CheerioAPI>> {
  const byTitle = new Map<string, CheerioAPI>();
  for (const id of await readdir(path.join(outDir, 'actualites/article'))) {
    const $ = await page(`actualites/article/${id}`);
    byTitle.set(plainQuotes($('h1').text()), $);
  }
  return byTitle;
}

/** Every image address a page names: <img> and <source> (each srcset candidate) and its social preview. */
function imageReferences(html: string): string[] {
  const $ = load(html);
  const references: string[] = [];
  $('img[src]').each((_, element) => void references.push($(element).attr('src') as string));
  $('img[srcset], source[srcset]').each((_, element) => {
    for (const candidate of ($(element).attr('srcset') as string).split(',')) references.push(candidate.trim().split(/\s+/)[0] as string);
  });
  $('meta[property="og:image"]').each((_, element) => void references.push($(element).attr('content') as string));
  return references.filter(Boolean);
}

/** What the browser loads without a click: scripts, styles, icons, preloads, images, frames, media, and url()s in styles. */
function loadedReferences(html: string): string[] {
  const $ = load(html);
  const references = imageReferences(html);
  const attribute = (selector: string, name: string) => $(selector).each((_, element) => void references.push($(element).attr(name) as string));
  attribute('script[src], iframe[src], video[src], audio[src], source[src], track[src], embed[src], input[type="image"][src]', 'src');
  attribute('video[poster]', 'poster');
  attribute('object[data]', 'data');
  attribute('link[href]:not([rel~="canonical"]):not([rel~="alternate"]):not([rel~="next"]):not([rel~="prev"])', 'href');
  const styles = [...$('style').map((_, element) => $(element).text()).get(), ...$('[style]').map((_, element) => $(element).attr('style')).get()];
  for (const style of styles) for (const [, url] of style.matchAll(/url\(\s*['"]?([^'")]+)/g)) references.push(url as string);
  return references.filter(Boolean);
}

/** A page's file in the output: /404.html as it is, /x/ as /x/index.html. */
const pageFile = (urlPath: string) => path.join(outDir, urlPath.endsWith('.html') ? urlPath : path.join(urlPath, 'index.html'));

/** Runs `task` on every item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[(next += 1) - 1] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

describe('build against a real WordPress', () => {
  it('pulls every seeded post, category, tag and image into the pages', async () => {
    const api = wordpress?.apiUrl as string;
    const result = await build(api);
    buildOutput = result.stdout;
    expect(result.stderr).not.toMatch(/Build failed/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`wordpress  full pull: ${seed.posts.length} posts, ${seed.categories.length + 1} categories, ${seed.tags.length} tags`);

    const byTitle = await articles();
    expect([...byTitle.keys()].sort()).toEqual(seed.posts.map((post) => plainQuotes(post.title)).sort());
    for (const post of seed.posts) {
      const $ = byTitle.get(plainQuotes(post.title)) as CheerioAPI;
      expect($('title').text()).toBe(`SQBB | ${$('h1').text()}`);
      expect($('.article-author-name').text()).toBe('Admin');
      const categoryNames = $('.sidebar-terms a').map((_, link) => $(link).text()).get();
      // A post saved without a category is in WordPress's 'Non classé', which the site does not show.
      const expected = post.categories.map((slug) => seed.categories.find((category) => category.slug === slug)?.name);
      expect(categoryNames.sort()).toEqual(expected.sort());
      if (post.categories.length === 0) expect($('.article-sidebar').text()).toContain('Pas de catégories');
      const tagNames = $('.sidebar-tags a').map((_, link) => $(link).text()).get();
      expect(tagNames.sort()).toEqual(post.tags.map((slug) => seed.tags.find((tag) => tag.slug === slug)?.name).sort());
      if (post.tags.length === 0) expect($('.article-sidebar').text()).toContain('Pas d’étiquettes');
      // Videos wait for the fan's click (issue 16): a placeholder whose frame comes from youtube-nocookie.com, no iframe yet.
      expect($('.article-content iframe')).toHaveLength(0);
      if (post.video) expect(JSON.parse($('.article-content [data-island="embed"]').attr('data-props') ?? '{}')).toMatchObject({ provider: 'youtube', frame: expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\//) });
      const image = $('picture img.article-image');
      if (post.image === null) {
        expect(image).toHaveLength(0);
      } else {
        // Downloaded once, converted, served by the site itself: nothing of WordPress's host in the page.
        expect(image.attr('src')).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.jpg$/);
        expect($('picture source[type="image/avif"]').first().attr('srcset')).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.avif \d+w/);
        expect($('meta[property="og:image"]').attr('content')).toMatch(/^http:\/\/127\.0\.0\.1:4173\/media\/[0-9a-f]{16}-\d+\.jpg$/);
        const bytes = await readFile(path.join(outDir, image.attr('src') as string));
        expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      }
      expect($('img[src*="/wp-content/"], source[srcset*="/wp-content/"], img[srcset*="/wp-content/"]')).toHaveLength(0);
    }

    const strongTitle = byTitle.get('Défaite sans appel contre Monaco') as CheerioAPI;
    expect(strongTitle('h1').text()).toBe('Défaite sans appel contre Monaco');

    const newestFirst = [...seed.posts].sort((a, b) => b.date.localeCompare(a.date));
    const list = await page('actualites');
    expect(list('.news-grid .news-card')).toHaveLength(12);
    expect(plainQuotes(list('.news-card-title').first().text())).toBe(plainQuotes(newestFirst[0]?.title ?? ''));
    const home = await page('');
    expect(home('.news-slide .news-slide-title').map((_, title) => plainQuotes(home(title).text())).get()).toEqual(
      newestFirst.slice(0, 4).map((post) => plainQuotes(post.title)),
    );

    for (const category of seed.categories) {
      // As WordPress's category archive: a parent's page lists its sub-categories' posts too.
      const slugs = [category.slug, ...seed.categories.filter((other) => other.parent === category.slug).map((other) => other.slug)];
      const count = seed.posts.filter((post) => post.categories.some((slug) => slugs.includes(slug))).length;
      const dirs = await readdir(path.join(outDir, 'actualites/category'));
      const pages = await Promise.all(dirs.map((id) => page(`actualites/category/${id}`)));
      const categoryPage = pages.find(($) => $('h1').text() === category.name);
      expect(categoryPage, category.name).toBeDefined();
      const shown = Math.min(count, 12);
      expect(categoryPage?.('.news-grid .news-card'), category.name).toHaveLength(shown);
    }
  });

  it('shows the reference post as its editor wrote it: blocks styled, leftovers resolved (issue 18)', async () => {
    const reference = seed.posts.find((post) => post.reference);
    expect(reference).toBeDefined();
    const $ = (await articles()).get(plainQuotes(reference?.title ?? '')) as CheerioAPI;
    const body = $('.article-content');
    expect($('link[rel="stylesheet"][href^="/assets/content-"]')).toHaveLength(1);
    expect(body.text()).not.toMatch(/\[\/?(caption|contact-form-7)/);
    const caption = body.find('figure.wp-caption.alignright');
    expect(caption.find('picture img').attr('src')).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.jpg$/);
    expect(caption.find('figcaption').text()).toBe('Le trophée, ancien shortcode d’un article de 2019');
    expect(body.find('p').filter((_, paragraph) => $(paragraph).text().trim() === '')).toHaveLength(0);
    expect(body.find('figure.wp-block-table > .table-scroll[tabindex="0"] > table thead th')).toHaveLength(10);
    expect(body.find('.wp-block-gallery.columns-2 > figure.wp-block-image img')).toHaveLength(2);
    expect(body.find('[data-id]')).toHaveLength(0);
    expect(body.find('.wp-block-columns > .wp-block-column')).toHaveLength(2);
    expect(body.find('.wp-block-buttons .wp-block-button__link').map((_, link) => $(link).text()).get()).toEqual(['Réserver', 'Voir le calendrier']);
    expect(body.find('.wp-block-cover .wp-block-cover__inner-container').text()).toContain('Merci aux 400 spectateurs');
    expect(body.find('details.wp-block-details > summary').text()).toBe('Comment inscrire son enfant au prochain tournoi ?');
    expect(body.find('.wp-block-embed.is-provider-youtube').html()).toContain('dQw4w9WgXcQ');
    // The YouTube oEmbed and the tweet pasted as X's embed code: placeholders, no frame, no script of X.
    const embeds = body.find('[data-island="embed"]').map((_, island) => JSON.parse($(island).attr('data-props') ?? '{}') as { provider: string; frame: string }).get();
    expect(embeds.map(({ provider, frame }) => [provider, frame])).toEqual([
      ['youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
      ['x', 'https://platform.twitter.com/embed/Tweet.html?id=1801234567890123456&dnt=true&lang=fr'],
    ]);
    expect(body.find('iframe, script, blockquote.twitter-tweet')).toHaveLength(0);
    expect(body.find('.embed-x .embed-title').text()).toContain('Finale du tournoi U15');
    // The file block's PDF is the site's own copy (issue 33: no link to WordPress), named by its bytes.
    const pdf = body.find('.wp-block-file .wp-block-file__button').attr('href') as string;
    expect(pdf).toMatch(/^\/media\/[0-9a-f]{16}-reglement-tournoi-u15\.pdf$/);
    expect(body.find('.wp-block-file > a').first().attr('href')).toBe(pdf);
    expect((await readFile(path.join(outDir, pdf))).subarray(0, 5).toString()).toBe('%PDF-');
    // WordPress's [gallery]: its thumbnails become the full pictures, its attachment-page links our files.
    const gallery = body.find('.gallery');
    expect(gallery.find('img')).toHaveLength(3);
    gallery.find('img').each((_, image) => {
      expect($(image).attr('src')).toMatch(/^\/media\/[0-9a-f]{16}-1024\.jpg$/);
      // Cropped square in a 272-px column: the 16:9 picture is drawn 272 × 16/9 = 483.56 px wide (issue 42, item 4).
      expect($(image).parent('picture').find('source').first().attr('sizes')).toMatch(/, 483\.56px$/);
    });
    expect(gallery.find('a').map((_, link) => $(link).attr('href')).get()).toEqual(gallery.find('img').map((_, image) => $(image).attr('src')).get());
    // A link to an attachment page in the text stays as its words.
    expect(body.text()).toContain("la page de la photo de l’échauffement");
    expect(body.find('a').filter((_, link) => /attachment_id|wp-content/.test($(link).attr('href') ?? ''))).toHaveLength(0);
    expect(buildOutput).toMatch(/post \d+: shortcode \[contact-form-7\] removed: WordPress did not render it/);
    expect(buildOutput).toMatch(/post \d+: link to WordPress left as plain text: http:\/\/127\.0\.0\.1:\d+\/\?attachment_id=\d+/);
  });

  it("links nowhere to WordPress's host on any page of the site (issue 33)", async () => {
    const host = new URL(wordpress?.apiUrl as string).host;
    const problems: string[] = [];
    for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const $ = load(await readFile(file, 'utf8'));
      $('[href], [src], [srcset], [action], [data]').each((_, element) => {
        for (const name of ['href', 'src', 'srcset', 'action', 'data']) {
          const value = $(element).attr(name) ?? '';
          if (value.includes(host) || /\/wp-content\/|attachment_id=/.test(value)) problems.push(`${path.relative(outDir, file)}: ${name}="${value}"`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('asks only what changed on a cron run, and gives byte for byte the site of a clean build', async () => {
    const api = wordpress?.apiUrl as string;
    const quiet = await build(api);
    expect(quiet.stdout).toMatch(/^incremental: 0 new, 0 changed, 0 removed posts; 0 of \d+ pages rendered; WordPress: [1-5] requests, \d+ KB$/m);

    // What the club's staff do between two runs, through WordPress's own functions.
    await wordpress?.php(`
      $new = wp_insert_post(['post_title' => 'Nouvelle recrue : un pivot de 2,11 m', 'post_status' => 'publish',
        'post_content' => "<!-- wp:paragraph -->\n<p>Le SQBB se renforce dans la raquette.</p>\n<!-- /wp:paragraph -->",
        'post_category' => [get_term_by('slug', 'equipe-pro', 'category')->term_id]]);
      wp_set_object_terms($new, ['victoire'], 'post_tag');
      $oldest = get_posts(['numberposts' => 1, 'orderby' => 'date', 'order' => 'ASC'])[0];
      wp_update_post(['ID' => $oldest->ID, 'post_title' => $oldest->post_title . ' (mis à jour)']);
      wp_trash_post(get_posts(['numberposts' => 1, 'offset' => 6])[0]->ID);
      wp_update_term(get_term_by('slug', 'kop', 'post_tag')->term_id, 'post_tag', ['name' => 'Tribune Kop']);
      wp_delete_term(get_term_by('slug', 'partenaires', 'category')->term_id, 'category');
      $thumb = get_post_thumbnail_id(get_posts(['numberposts' => 1, 'offset' => 2])[0]->ID);
      update_post_meta($thumb, '_wp_attachment_image_alt', 'Photo retouchée par le club');
      wp_update_post(['ID' => $thumb]);
    `);
    const cron = await build(api);
    expect(cron.code).toBe(0);
    const line = cron.stdout.split('\n').find((text) => text.startsWith('incremental: ')) ?? '';
    expect(line).toMatch(/^incremental: 1 new, [1-9]\d* changed, 1 removed posts; \d+ of \d+ pages rendered; WordPress: \d+ requests/);
    const cleanDir = path.join(workDir, 'clean');
    expect((await build(api, { out: cleanDir, extra: ['--clean'] })).code).toBe(0);
    expect(await hashTree(outDir)).toEqual(await hashTree(cleanDir));
    const tagged = (await articles()).get('Nouvelle recrue : un pivot de 2,11 m');
    expect(tagged?.('.sidebar-tags a').text()).toBe('Victoire');
  });

  it('fails on one line when WordPress is down and leaves the previous output byte-identical', async () => {
    const before = await hashTree(outDir);
    expect(Object.keys(before).length).toBeGreaterThan(100);
    await wordpress?.stopWebServer();
    const result = await build(wordpress?.apiUrl as string);
    expect(result.code).not.toBe(0);
    const lines = result.stderr.trim().split('\n').filter((line) => !/^npm warn/.test(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Build failed: ContentError: WordPress at http:\/\/127\.0\.0\.1:\d+\/wp-json\/wp\/v2 could not be read: .*gave up after 4 attempts \(ECONNREFUSED\)$/);
    expect(await hashTree(outDir)).toEqual(before);
  });

  it('shows every image with WordPress stopped: every file a page or an island names is served and decodes', async () => {
    const report = JSON.parse(await readFile(`${outDir}-report.json`, 'utf8')) as { pagePaths: string[] };
    const site = await serveFolder(outDir);
    const problems: string[] = [];
    const images = new Map<string, string>();
    try {
      // The pages' HTML as the build wrote it (every srcset candidate, not only the one a browser picks)...
      for (const urlPath of report.pagePaths) {
        for (const reference of imageReferences(await readFile(pageFile(urlPath), 'utf8'))) {
          const url = new URL(reference, `${SITE_URL}${urlPath}`);
          if (url.protocol === 'data:') continue;
          if (url.origin !== SITE_URL) problems.push(`${urlPath}: image ${reference} is not on the site`);
          else if (!images.has(url.pathname)) images.set(url.pathname, urlPath);
        }
      }
      // ...and the JSON the islands swap in (the latest posts, further news pages).
      for (const file of (await readdir(outDir, { recursive: true })).filter((name) => name.endsWith('.json'))) {
        for (const [reference] of (await readFile(path.join(outDir, file), 'utf8')).matchAll(/\/media\/[\w./-]+\.(?:avif|webp|jpe?g|png|gif)/g)) {
          if (!images.has(reference)) images.set(reference, `/${file}`);
        }
      }
      expect(images.size).toBeGreaterThan(100);
      // Each file fetched from the served site and decoded, a few at a time: no browser, no waiting for a network to go idle.
      await eachLimited([...images], 6, async ([imagePath, namedBy]) => {
        const response = await fetch(`${site.origin}${imagePath}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        // Its bytes, not the test server's content type (http-server knows no AVIF; nginx's types are tests/browser/nginx.spec.ts's).
        if (!response.ok) return void problems.push(`${namedBy}: image ${imagePath} answered ${response.status}`);
        await sharp(bytes)
          .raw()
          .toBuffer()
          .catch((error: Error) => problems.push(`${namedBy}: image ${imagePath} does not decode (${error.message})`));
      });
    } finally {
      await site.close();
    }
    expect(problems).toEqual([]);
  });

  it('no page asks another host but its own widgets before a click: every page read, a browser on one page of each kind (WordPress stopped)', async () => {
    const report = JSON.parse(await readFile(`${outDir}-report.json`, 'utf8')) as { pagePaths: string[] };
    const problems: string[] = [];
    /** The spec's own external widget, on its own page (the cashless provider's top-up widget). */
    const allowed = (urlPath: string, url: URL) => url.origin === SITE_URL || url.protocol === 'data:' || (urlPath === '/cashless/' && url.host === 'widget.weezevent.com');
    // Every page's HTML: what it makes a browser load without a click (scripts, styles, images, frames).
    const kinds = new Map<string, string>([['/cashless/', '/cashless/']]);
    for (const urlPath of report.pagePaths) {
      const html = await readFile(pageFile(urlPath), 'utf8');
      for (const reference of loadedReferences(html)) {
        const url = new URL(reference, `${SITE_URL}${urlPath}`);
        if (!allowed(urlPath, url)) problems.push(`${urlPath}: loads ${reference}`);
      }
      // What the pages' scripts do depends on their islands (and an embed on its provider): one page of each set.
      const $ = load(html);
      const islands = [...new Set($('[data-island]').map((_, element) => $(element).attr('data-island')).get())].sort();
      const providers = [...new Set($('[data-island="embed"]').map((_, element) => (JSON.parse($(element).attr('data-props') ?? '{}') as { provider?: string }).provider).get())].sort();
      const kind = `${islands.join(',')}|${providers.join(',')}`;
      if (!kinds.has(kind)) kinds.set(kind, urlPath);
    }
    expect(kinds.size).toBeGreaterThan(5);
    expect(kinds.size).toBeLessThan(30);

    const site = await serveFolder(outDir);
    const siteHost = new URL(site.origin).host;
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext();
      // A few pages at once, each waiting on its own events (islands hydrated, its requests answered, its images decoded).
      await eachLimited([...kinds.values()], 3, async (urlPath) => {
        const page = await context.newPage();
        const inFlight = new Set<Request>();
        page.on('request', (request) => {
          inFlight.add(request);
          const url = new URL(request.url());
          if (url.host !== siteHost && !allowed(urlPath, url)) problems.push(`${urlPath}: requested ${request.url()}`);
        });
        page.on('requestfinished', (request) => inFlight.delete(request));
        page.on('requestfailed', (request) => inFlight.delete(request));
        /** Until the page's own requests are answered (the widget's frame may keep loading: not waited for). */
        const settled = async () => {
          for (let tries = 0; tries < 200 && [...inFlight].some((request) => new URL(request.url()).host === siteHost); tries += 1) {
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        };
        try {
          await page.goto(`${site.origin}${urlPath}`, { waitUntil: 'load' });
          await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((element) => element.hasAttribute('data-hydrated')));
          // The islands' effects run after a frame (the recent posts' island fetches the latest and swaps them in).
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
          await settled();
          // Lazy images and frames load when they near the viewport: ask for all of them now (a video
          // or map frame would ask its host; they must wait for a click, issue 16).
          const broken = await page.evaluate(async () => {
            for (const frame of document.querySelectorAll('iframe')) frame.loading = 'eager';
            const images = [...document.images];
            for (const image of images) image.loading = 'eager';
            await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
            return images.filter((image) => image.isConnected && image.naturalWidth === 0).map((image) => image.currentSrc || image.src);
          });
          await settled();
          problems.push(...broken.map((src) => `${urlPath}: image ${src} did not load`));
        } finally {
          await page.close();
        }
      });
    } finally {
      await browser.close();
      await site.close();
    }
    expect(problems).toEqual([]);
  });
});
