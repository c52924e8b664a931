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
import { startBuilder, type RunningBuilder } from '../../builder/service.js';
import type { SiteData } from '../../src/site-data.js';

/**
 * Issue 32, previews: a draft (or a published post's autosave) read from the REST API with the
 * application password, rendered by the site's own article page with the banner, only through a
 * link the plugin signed for a user who may edit the post; never written to the output.
 */
const SECRET = 'a-shared-secret-of-at-least-32-characters';
const ROOT = path.resolve(import.meta.dirname, '../..');
const APP = { user: 'sqbb-builder', password: 'abcd efgh ijkl mnop qrst uvwx' };
const DRAFT = 39;
const PUBLISHED = 62;
const EDITOR = 3;
const AUTHOR_OF_OTHERS = 4;

let root: string;
let wordpress: Server;
let origin = '';
const requests: string[] = [];
let builder: RunningBuilder;
let noAccess: RunningBuilder;
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
    if (request.headers.authorization !== `Basic ${Buffer.from(`${APP.user}:${APP.password}`).toString('base64')}`) return json(401, { code: 'incorrect_password' });
    if (url.pathname === '/wp-json/sqbb-builder/v1/preview-access') return json(200, { allowed: url.searchParams.get('user') === String(EDITOR) });
    const match = /^\/wp-json\/wp\/v2\/posts\/(\d+)(\/autosaves)?$/.exec(url.pathname);
    if (!match || url.searchParams.get('context') !== 'edit') return json(404, { code: 'rest_no_route' });
    const id = Number(match[1]);
    if (match[2]) {
      if (id !== PUBLISHED) return json(200, []);
      return json(200, [
        { id: 901, parent: id, author: EDITOR, modified: '2026-03-01T21:00:00', modified_gmt: '2026-03-01T20:00:00', title: { rendered: 'Prolongation : le titre que l’éditeur n’a pas encore publié', raw: '' }, content: { rendered: '<p>Le texte modifié, pas encore en ligne.</p>' }, excerpt: { rendered: '' } },
        { id: 902, parent: id, author: AUTHOR_OF_OTHERS, modified: '2026-03-01T22:00:00', modified_gmt: '2026-03-01T21:00:00', title: { rendered: 'Autosave of another user' }, content: { rendered: '<p>Not theirs to see.</p>' }, excerpt: { rendered: '' } },
      ]);
    }
    if (id === DRAFT) return json(200, restPost(DRAFT, { status: 'draft', title: { rendered: 'Brouillon : la soirée des partenaires, vue de la tribune', raw: '' }, modified_gmt: '2026-03-01T19:00:00' }));
    if (id === PUBLISHED) return json(200, restPost(PUBLISHED, { status: 'publish', modified_gmt: '2026-02-01T10:00:00' }));
    return json(404, { code: 'rest_post_invalid_id' });
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
  builder = await startBuilder(parseBuilderConfig([], { ...env, WP_APP_USER: APP.user, WP_APP_PASSWORD: APP.password }), options);
  noAccess = await startBuilder(parseBuilderConfig([], env), options);
}, 60_000);

afterAll(async () => {
  await builder?.stop();
  await noAccess?.stop();
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

  it('answers 503 with a clear message when the builder has no application password, or a wrong one', async () => {
    const response = await fetch(link({ postId: DRAFT, userId: EDITOR, expires: inAnHour() }, noAccess.url));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('définissez WP_APP_USER et WP_APP_PASSWORD');
    const env = { WP_API_URL: `${origin}/wp-json/wp/v2`, OUT_DIR: path.join(root, 'site'), BUILD_CACHE: path.join(root, 'cache'), BUILDER_SECRET: SECRET, BUILDER_PORT: '0' };
    const wrong = await startBuilder(parseBuilderConfig([], { ...env, WP_APP_USER: APP.user, WP_APP_PASSWORD: 'wrong password' }), { catchUp: false, log: (line) => lines.push(line) });
    try {
      const refused = await fetch(link({ postId: DRAFT, userId: EDITOR, expires: inAnHour() }, wrong.url));
      expect(refused.status).toBe(503);
      expect(await refused.text()).not.toContain('Brouillon');
      expect(lines.at(-1)).toBe(`preview of post ${DRAFT} for user ${EDITOR}: 503 (WordPress refused the application password of WP_APP_USER (incorrect_password))`);
    } finally {
      await wrong.stop();
    }
    expect(lines.join('\n')).not.toContain(APP.password);
  });
});

describe('what else the builder serves for a preview', () => {
  it('sends any other page of the site to the site itself', async () => {
    const response = await fetch(`${builder.url}/actualites/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://www.sqbb.example/actualites/');
  });

  it('refuses paths that would leave the output folder', async () => {
    const secret = await readFile(path.join(root, 'cache/preview-media/index.json'), 'utf8');
    for (const attempt of ['/assets/..%2f..%2fcache/preview-media/index.json', '/media/..%2f..%2fcache%2fpreview-media%2findex.json', '/images/%2e%2e/%2e%2e/cache/preview-media/index.json']) {
      const response = await fetch(`${builder.url}${attempt}`, { redirect: 'manual' });
      expect(response.status, attempt).not.toBe(200);
      expect(await response.text()).not.toContain(secret.slice(0, 40));
    }
  });
});
