import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, dataImageOrigins } from '../../build/hosting/policy.js';
import { loadStaticData } from '../../build/static-data.js';
import { parseBuilderConfig } from '../../builder/config.js';
import { previewPath } from '../../builder/preview/link.js';
import { signHook } from '../../builder/signature.js';
import { startBuilder, type RunningBuilder } from '../../builder/service.js';
import type { SiteData } from '../../src/site-data.js';

/**
 * Issues 32 and 39, previews: a draft (or a published post's autosave) read back from the plugin on a
 * grant the builder signs for the user the link was signed for (no application password), rendered
 * by the site's own article page with the banner, only through a link the plugin signed for a user
 * who may edit the post; never written to the output.
 */
const SECRET = 'a-shared-secret-of-at-least-32-characters';
const ROOT = path.resolve(import.meta.dirname, '../..');
const DRAFT = 39;
const PUBLISHED = 62;
const EDITOR = 3;
const AUTHOR_OF_OTHERS = 4;

let root: string;
let wordpress: Server;
let origin = '';
const requests: string[] = [];
let builder: RunningBuilder;
const lines: string[] = [];

/** A snapshot post as WordPress's REST API gives it with context=edit: its images at WordPress's uploads. */
function restPost(id: number, changes: Record<string, unknown>): Record<string, unknown> {
  const posts = JSON.parse(readFileSync(path.join(ROOT, 'data/wordpress/posts.json'), 'utf8')) as { id: number }[];
  const post = posts.find((candidate) => candidate.id === id);
  const json = JSON.stringify(post).replace(/(?<=["\s,])\/media\//g, `${origin}/wp-content/uploads/`);
  return { ...(JSON.parse(json) as Record<string, unknown>), ...changes };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-preview-'));
  await mkdir(path.join(root, 'site'));
  wordpress = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://wordpress.test');
    requests.push(`${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname.startsWith('/wp-content/uploads/')) {
      const file = path.join(ROOT, 'data/wordpress/media', url.pathname.slice('/wp-content/uploads/'.length));
      return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(readFileSync(file));
    }
    if (url.pathname === '/wp-json/') return json(200, { url: origin, home: origin });
    if (url.pathname !== '/wp-json/sqbb-builder/v1/preview-post' || request.method !== 'POST') return json(404, { code: 'rest_no_route' });
    // What wordpress/sqbb-builder.php does: the builder's signature, then the user's right, then the post as that user sees it.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const timestamp = String(request.headers['x-sqbb-timestamp']);
      if (request.headers['x-sqbb-signature'] !== signHook(SECRET, timestamp, body)) return json(401, { code: 'rest_forbidden' });
      const grant = JSON.parse(body.toString('utf8')) as { post: number; user: number; expires: number };
      if (grant.expires < Date.now() / 1000) return json(403, { code: 'sqbb_preview_expired' });
      if (grant.post !== DRAFT && grant.post !== PUBLISHED) return json(404, { code: 'sqbb_preview_no_post' });
      if (grant.user !== EDITOR) return json(403, { code: 'sqbb_preview_forbidden' });
      const autosaves = grant.post !== PUBLISHED ? [] : [
        { id: 901, parent: grant.post, author: EDITOR, modified: '2026-03-01T21:00:00', modified_gmt: '2026-03-01T20:00:00', title: { rendered: 'Prolongation : le titre que l’éditeur n’a pas encore publié', raw: '' }, content: { rendered: '<p>Le texte modifié, pas encore en ligne.</p>' }, excerpt: { rendered: '' } },
        { id: 902, parent: grant.post, author: AUTHOR_OF_OTHERS, modified: '2026-03-01T22:00:00', modified_gmt: '2026-03-01T21:00:00', title: { rendered: 'Autosave of another user' }, content: { rendered: '<p>Not theirs to see.</p>' }, excerpt: { rendered: '' } },
      ];
      const post = grant.post === DRAFT
        ? restPost(DRAFT, { status: 'draft', title: { rendered: 'Brouillon : la soirée des partenaires, vue de la tribune', raw: '' }, modified_gmt: '2026-03-01T19:00:00' })
        : restPost(PUBLISHED, { status: 'publish', modified_gmt: '2026-02-01T10:00:00' });
      json(200, { status: 200, post, autosaves });
    });
  });
  await new Promise<void>((resolve) => wordpress.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(wordpress.address() as AddressInfo).port}`;
  const env = {
    WP_API_URL: `${origin}/wp-json/wp/v2`,
    OUT_DIR: path.join(root, 'site'),
    BUILD_CACHE: path.join(root, 'cache'),
    SITE_URL: 'https://www.sqbb.example',
    BUILDER_SECRET: SECRET,
    BUILDER_PORT: '0',
  };
  const options = { catchUp: false, log: (line: string) => lines.push(line), build: async () => Promise.reject(new Error('no build in these tests')) };
  builder = await startBuilder(parseBuilderConfig([], env), options);
}, 60_000);

afterAll(async () => {
  await builder?.stop();
  await new Promise((resolve) => wordpress?.close(resolve));
  await rm(root, { recursive: true, force: true });
});

/** French typography puts non-breaking spaces before ':' and in « »: the letters are compared. */
const letters = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const link = (grant: { postId: number; userId: number; expires: number }, base = builder.url) => `${base}${previewPath(SECRET, grant)}`;

describe('GET /preview/', () => {
  it('shows a draft as the site\'s article page, with the banner, its text and its images through the media pipeline', async () => {
    const response = await fetch(link({ postId: DRAFT, userId: EDITOR, expires: inAnHour() }));
    expect(response.status).toBe(200);
    const $ = load(await response.text());
    expect($('.sqbb-preview-banner').text()).toBe('Aperçu — non publié');
    expect(letters($('h1').text())).toBe('Brouillon : la soirée des partenaires, vue de la tribune');
    expect(letters($('title').text())).toBe('SQBB | Brouillon : la soirée des partenaires, vue de la tribune');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    // The site's layout, styles and islands: the same page as an article of the site.
    expect($('.site-header')).toHaveLength(1);
    expect($('link[rel="stylesheet"][href^="/assets/site-"]')).toHaveLength(1);
    expect($('link[rel="stylesheet"][href^="/assets/content-"]')).toHaveLength(1);
    expect($('.article-author-name').text()).toBe('Admin');
    // A draft has not been published: its date line says so.
    expect(letters($('.page-banner-subtitle').text())).toBe('Non publié : brouillon');
    // Both images converted and served from /media/, nothing from WordPress's host in the page.
    const sources = $('picture img').map((_, image) => $(image).attr('src')).get();
    expect(sources.length).toBeGreaterThanOrEqual(2);
    for (const source of sources) expect(source).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.jpg$/);
    expect($.html()).not.toContain(origin);

    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const data = loadStaticData({ now: new Date() });
    const site = { team: data.team } as SiteData;
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ head: { title: '', description: '', contentStyles: true }, imageOrigins: dataImageOrigins(site) }));

    // What the page loads is served by the builder: its stylesheets, islands, images.
    for (const url of [$('link[href^="/assets/site-"]').attr('href'), $('link[href^="/assets/content-"]').attr('href'), $('script[type="module"]').first().attr('src'), sources[0], '/_builder/preview.css']) {
      const asset = await fetch(`${builder.url}${url}`);
      expect(asset.status, url).toBe(200);
    }
    // Never in the output folder.
    expect(await readdir(path.join(root, 'site'))).toEqual([]);
  });

  it('shows the unsaved changes of a published post: the editor\'s own autosave, not another user\'s', async () => {
    const response = await fetch(link({ postId: PUBLISHED, userId: EDITOR, expires: inAnHour() }));
    expect(response.status).toBe(200);
    const $ = load(await response.text());
    expect(letters($('h1').text())).toBe('Prolongation : le titre que l’éditeur n’a pas encore publié');
    expect(letters($('.article-content').text())).toContain('Le texte modifié, pas encore en ligne.');
    expect($.html()).not.toContain('Not theirs to see');
    expect(letters($('.page-banner-subtitle').text())).toMatch(/^Publié le /);
  });

  it('answers 403 and no content to a link changed in any part, expired, unsigned, or for a user who may not edit the post', async () => {
    const grant = { postId: DRAFT, userId: EDITOR, expires: inAnHour() };
    const good = new URL(link(grant));
    const variants = [
      good.href.replace(`/preview/${DRAFT}?`, `/preview/${PUBLISHED}?`),
      good.href.replace(`user=${EDITOR}`, `user=${AUTHOR_OF_OTHERS}`),
      good.href.replace(`expires=${grant.expires}`, `expires=${grant.expires + 60}`),
      good.href.replace(/signature=[0-9a-f]+/, 'signature='),
      good.href.replace(/&signature=[0-9a-f]+/, ''),
      link({ ...grant, expires: Math.floor(Date.now() / 1000) - 1 }),
      link({ ...grant, expires: inAnHour() + 24 * 3600 }),
      `${builder.url}/preview/${DRAFT}`,
    ];
    const before = requests.length;
    for (const variant of variants) {
      const response = await fetch(variant);
      const text = await response.text();
      expect(response.status, variant).toBe(403);
      expect(text).not.toContain('Brouillon');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    // WordPress is not even asked.
    expect(requests.length).toBe(before);
    // Signed for a user WordPress says may not edit the post.
    const other = await fetch(link({ postId: DRAFT, userId: AUTHOR_OF_OTHERS, expires: inAnHour() }));
    expect(other.status).toBe(403);
    expect(await other.text()).not.toContain('Brouillon');
  });

  it('answers 404 for a post that does not exist, with a valid link', async () => {
    const response = await fetch(link({ postId: 99999, userId: EDITOR, expires: inAnHour() }));
    expect(response.status).toBe(404);
  });

  it('answers 503 and tells the operator which secret to fix when the plugin refuses the builder\'s signature', async () => {
    const other = 'another-secret-of-at-least-32-characters!!';
    const env = { WP_API_URL: `${origin}/wp-json/wp/v2`, OUT_DIR: path.join(root, 'site'), BUILD_CACHE: path.join(root, 'cache'), BUILDER_SECRET: other, BUILDER_PORT: '0' };
    const wrong = await startBuilder(parseBuilderConfig([], env), { catchUp: false, log: (line) => lines.push(line) });
    try {
      const refused = await fetch(`${wrong.url}${previewPath(other, { postId: DRAFT, userId: EDITOR, expires: inAnHour() })}`);
      expect(refused.status).toBe(503);
      const text = await refused.text();
      expect(text).toContain('Aperçu indisponible');
      expect(text).not.toContain('Brouillon');
      expect(lines.at(-1)).toBe(`preview of post ${DRAFT} for user ${EDITOR}: 503 (the plugin refused the builder's signature (rest_forbidden): SQBB_BUILDER_SECRET in WordPress's configuration must be BUILDER_SECRET)`);
    } finally {
      await wrong.stop();
    }
  });
});

describe('what else the builder serves for a preview', () => {
  it('sends any other page of the site to the site itself', async () => {
    const response = await fetch(`${builder.url}/actualites/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://www.sqbb.example/actualites/');
  });

  it('refuses paths that would leave the output folder', async () => {
    const secret = await readFile(path.join(root, 'cache/preview-media/index.sqlite'), 'utf8');
    for (const attempt of ['/assets/..%2f..%2fcache/preview-media/index.sqlite', '/media/..%2f..%2fcache%2fpreview-media%2findex.sqlite', '/images/%2e%2e/%2e%2e/cache/preview-media/index.sqlite']) {
      const response = await fetch(`${builder.url}${attempt}`, { redirect: 'manual' });
      expect(response.status, attempt).not.toBe(200);
      expect(await response.text()).not.toContain(secret.slice(0, 40));
    }
  });
});
