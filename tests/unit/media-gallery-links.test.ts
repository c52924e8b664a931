import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPostImages, mediaRequestsOf, originalOf } from '../../build/media/collect-images.js';
import { rewriteContentImages } from '../../build/media/rewrite-images.js';
import { documentName, isWordPressAddress, mayLinkToWordPress, prepareDocuments, rewriteWordPressLinks, wordpressLinksIn, wordpressOriginsOf } from '../../build/media/wordpress-links.js';
import type { PreparedImage } from '../../src/lib/picture.js';
import { sanitizeContent } from '../../src/lib/sanitize.js';
import { articleContent } from '../../src/lib/wp-leftovers.js';

/** Issue 33: galleries as a WordPress theme shows them, no link to WordPress, no caption without its picture. */
const WP = 'https://cms.example';
const UP = `${WP}/wp-content/uploads/2025/06`;
const ORIGINS = wordpressOriginsOf(`${WP}/wp-json/wp/v2`);

/** What WordPress renders for `[gallery ids="13,14"]` (HTML5 theme support): thumbnails linked to attachment pages. */
const SHORTCODE_GALLERY = `<style type='text/css'>#gallery-1 .gallery-item { width: 33%; }</style>
<div id='gallery-1' class='gallery galleryid-64 gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>
<div class='gallery-icon landscape'><a href='${WP}/?attachment_id=13'><img width="150" height="150" src="${UP}/finale-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="La finale" aria-describedby="gallery-1-13" /></a></div>
<figcaption class='wp-caption-text gallery-caption' id='gallery-1-13'>La finale</figcaption></figure><figure class='gallery-item'>
<div class='gallery-icon landscape'><a href='${WP}/2025/06/15/tournoi/banc/'><img width="150" height="150" src="${UP}/banc-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="Le banc" /></a></div>
<figcaption class='wp-caption-text gallery-caption' id='gallery-1-14'>Le banc</figcaption></figure>
<br style='clear: both' /></div>`;

function prepared(name: string, width: number, height: number): PreparedImage {
  const variant = (format: 'avif' | 'webp' | 'jpeg', w: number) => ({ path: `/media/${name}-${w}.${format === 'jpeg' ? 'jpg' : format}`, width: w, height: Math.round((w * height) / width), format, shape: 'original' as const, bytes: 1000 });
  const widths = [400, 800, width];
  return { width, height, variants: [...widths.flatMap((w) => [variant('avif', w), variant('webp', w)]), variant('jpeg', width)] };
}

const full = new Map([[`${UP}/finale.jpg`, prepared('finale', 1024, 576)], [`${UP}/banc.jpg`, prepared('banc', 1024, 576)]]);

describe('galleries use the full size, drawn as wide as their column', () => {
  it("asks build/media for the upload itself, not WordPress's 150x150 thumbnail, and uncapped", () => {
    const images = collectPostImages({ id: 64, content: { rendered: SHORTCODE_GALLERY } });
    expect(images.content.map((image) => image.source)).toEqual([`${UP}/finale.jpg`, `${UP}/banc.jpg`]);
    expect(images.content[0]?.aliases).toContain(`${UP}/finale-150x150.jpg`);
    // [gallery]'s default thumbnail size: CSS crops each picture square.
    expect(images.content[0]?.gallery).toEqual({ columns: 3, crop: 1 });
    expect(mediaRequestsOf(64, images)).toEqual([
      { url: `${UP}/finale.jpg`, postId: 64, slot: 'content' },
      { url: `${UP}/banc.jpg`, postId: 64, slot: 'content' },
    ]);
    expect(originalOf(`${UP}/a-scaled-768x432.jpg?v=2`)).toBe(`${UP}/a-scaled.jpg?v=2`);
    expect(originalOf(`${UP}/a.jpg`)).toBeUndefined();
  });

  it('keeps an image outside a gallery at the size the editor chose', () => {
    const images = collectPostImages({ id: 1, content: { rendered: `<p><img src="${UP}/finale-150x150.jpg" width="150" height="150" alt=""></p>` } });
    expect(images.content).toEqual([{ source: `${UP}/finale-150x150.jpg`, aliases: [], maxCssWidth: 150 }]);
  });

  it("serves the [gallery] shortcode as pictures sized for a third of the column, each opening our copy instead of WordPress's attachment page", () => {
    const body = articleContent(SHORTCODE_GALLERY, () => {});
    const { html } = rewriteContentImages(body, (source) => full.get(source), { wordpressOrigins: ORIGINS });
    const $ = load(html);
    expect($('style')).toHaveLength(0);
    const pictures = $('.gallery .gallery-item picture');
    expect(pictures).toHaveLength(2);
    // A third of the column, 272 px on desktop; the square crop covers it with the 16:9 picture 16/9 times as wide.
    expect(pictures.first().find('source').first().attr('sizes')).toBe('(max-width: 639.98px) calc(177.78vw - 56.89px), (max-width: 1023.98px) calc(59.26vw - 33.19px), (max-width: 1231.98px) calc(59.26vw - 246.52px), 483.56px');
    expect(pictures.first().find('source').first().attr('srcset')).toBe('/media/finale-400.avif 400w, /media/finale-800.avif 800w, /media/finale-1024.avif 1024w');
    // The picture's own proportions, not the thumbnail's 150x150.
    expect(pictures.first().find('img').attr()).toMatchObject({ src: '/media/finale-1024.jpg', width: '1024', height: '576' });
    expect($('.gallery a').map((_, link) => $(link).attr('href')).get()).toEqual(['/media/finale-1024.jpg', '/media/banc-1024.jpg']);
    expect(html).not.toContain('cms.example');
  });

  it('reads the columns of gallery blocks too', () => {
    const block = `<figure class="wp-block-gallery has-nested-images columns-2 is-cropped"><figure class="wp-block-image size-thumbnail"><img src="${UP}/finale-150x150.jpg" width="150" height="150" alt="A"></figure></figure>`;
    const { html } = rewriteContentImages(sanitizeContent(block), (source) => full.get(source));
    // Half the column (414 px on desktop), cropped 3:2: a 16:9 picture is drawn 1.19 times as wide.
    expect(load(html)('source').first().attr('sizes')).toBe('(max-width: 639.98px) calc(118.52vw - 37.93px), (max-width: 1023.98px) calc(59.26vw - 26.07px), (max-width: 1231.98px) calc(59.26vw - 239.41px), 490.67px');
  });
});

describe('an image the media pipeline refused takes its figure and its caption with it', () => {
  it('in a [gallery] item, a [caption] figure and a block image (the gallery goes once empty)', () => {
    const refused = () => undefined;
    const gallery = rewriteContentImages(articleContent(SHORTCODE_GALLERY, () => {}), refused).html;
    expect(gallery.replace(/\s+/g, '')).toBe('');
    const caption = articleContent(`<p>Avant</p>[caption id="attachment_5" align="alignright" width="300"]<a href="${UP}/x.jpg"><img src="https://evil.example/x.jpg" alt="" width="300" height="169" /></a> Le trophée[/caption]<p>Après</p>`, () => {});
    expect(rewriteContentImages(caption, refused).html).toBe('<p>Avant</p><p>Après</p>');
    const block = `<div class="wp-block-image"><figure class="aligncenter"><img src="https://evil.example/x.jpg" alt=""><figcaption class="wp-element-caption">Légende</figcaption></figure></div><p>Suite</p>`;
    expect(rewriteContentImages(sanitizeContent(block), refused).html).toBe('<p>Suite</p>');
  });

  it('keeps a table whose figure also held a refused image, and a wrapper that has text', () => {
    const html = sanitizeContent(`<figure class="wp-block-table"><table><tr><td>SQBB <img src="https://evil.example/x.jpg" alt=""></td></tr></table><figcaption>Classement</figcaption></figure><div class="note">À lire <img src="https://evil.example/y.jpg" alt=""></div>`);
    const $ = load(rewriteContentImages(html, () => undefined).html);
    expect($('figure table td').text().trim()).toBe('SQBB');
    expect($('figcaption').text()).toBe('Classement');
    expect($('div.note').text().trim()).toBe('À lire');
  });
});

describe('no link to WordPress', () => {
  it("tells WordPress's addresses: its origin, and shapes only WordPress has", () => {
    for (const href of [`${WP}/2025/06/15/tournoi/`, 'http://cms.example/?p=12', '/?attachment_id=13', 'https://other.example/wp-content/uploads/a.pdf', '/wp-json/wp/v2/posts', '/wp-admin/']) {
      expect(isWordPressAddress(href, ORIGINS), href).toBe(true);
    }
    for (const href of ['/actualites/article/12/', '/media/2025/06/reglement.pdf', 'https://www.lnb.fr/', '#haut', 'mailto:contact@sqbb.fr']) {
      expect(isWordPressAddress(href, ORIGINS), href).toBe(false);
    }
  });

  it('tells a body with no link to WordPress without parsing it, and counts any link it cannot read as one', () => {
    expect(mayLinkToWordPress('<p>Voir <a href="https://www.lnb.fr/?a=1&amp;b=2" class="x">la LNB</a> et <a class="y" href="/actualites/">les actualités</a>.</p>', ORIGINS)).toBe(false);
    expect(mayLinkToWordPress(`<p><a title="a" href="${WP}/2025/05/autre-article/">avant</a></p>`, ORIGINS)).toBe(true);
    // '&amp;p=12' is WordPress's '?x=1&p=12' once its reference is read.
    expect(mayLinkToWordPress('<a href="/?x=1&amp;p=12">lien</a>', ORIGINS)).toBe(true);
    for (const body of ['<a name="haut">ancre</a>', "<a href='/x/'>x</a>", '<a href="/&#x77;p-admin/">x</a>']) expect(mayLinkToWordPress(body, ORIGINS), body).toBe(true);
    for (const body of ['<a href="/?x=1&amp;p=12">lien</a>', '<a name="haut">ancre</a>']) expect(rewriteWordPressLinks(body, ORIGINS).html, body).toBe(body.includes('p=12') ? 'lien' : body);
  });

  it("points a document to the site's copy, and leaves other WordPress links as plain text", () => {
    const body = `<p>Lire <a href="${WP}/2025/05/autre-article/">l'article précédent</a> et <a href="https://www.lnb.fr/">la LNB</a>.</p><div class="wp-block-file"><a href="${UP}/reglement.pdf">Règlement</a><a href="${UP}/reglement.pdf" class="wp-block-file__button" download>Télécharger</a></div><div class="wp-block-file"><a href="${UP}/perdu.pdf">Perdu</a><a href="${UP}/perdu.pdf" class="wp-block-file__button" download>Télécharger</a></div>`;
    expect(wordpressLinksIn(body, ORIGINS)).toEqual([`${WP}/2025/05/autre-article/`, `${UP}/reglement.pdf`, `${UP}/perdu.pdf`]);
    const { html, unlinked } = rewriteWordPressLinks(body, ORIGINS, (href) => (href === `${UP}/reglement.pdf` ? '/media/0123456789abcdef-reglement.pdf' : undefined));
    expect(html).toBe(`<p>Lire l'article précédent et <a href="https://www.lnb.fr/">la LNB</a>.</p><div class="wp-block-file"><a href="/media/0123456789abcdef-reglement.pdf">Règlement</a><a href="/media/0123456789abcdef-reglement.pdf" class="wp-block-file__button" download>Télécharger</a></div><div class="wp-block-file">Perdu</div>`);
    expect(unlinked).toEqual([`${WP}/2025/05/autre-article/`, `${UP}/perdu.pdf`, `${UP}/perdu.pdf`]);
  });
});

describe('documents of WordPress published by the site', () => {
  let server: Server;
  let api = '';
  let cacheDir = '';
  const requests: string[] = [];
  beforeAll(async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), 'sqbb-documents-'));
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (request.url === '/wp-content/uploads/2025/06/R%C3%A8glement%20U15.pdf') response.end('%PDF-1.4 rules');
      else if (request.url === '/wp-content/uploads/2025/06/faux.pdf') response.end('<!doctype html><title>404</title>');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json/wp/v2`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('downloads a PDF of the uploads once, names it by its bytes, refuses what is not one', async () => {
    const base = api.replace('/wp-json/wp/v2', '/wp-content/uploads/2025/06');
    const good = `${base}/R%C3%A8glement%20U15.pdf`;
    const urls = [good, `${base}/faux.pdf`, `${base}/absent.pdf`, 'https://evil.example/wp-content/uploads/x.pdf', `${base}/page/`];
    const first = await prepareDocuments(urls, { apiUrl: api, cacheDir, http: { retries: 0 } });
    expect(first.paths.get(good)).toMatch(/^\/media\/[0-9a-f]{16}-reglement-u15\.pdf$/);
    expect([...first.problems.keys()].sort()).toEqual([`${base}/absent.pdf`, `${base}/faux.pdf`, 'https://evil.example/wp-content/uploads/x.pdf'].sort());
    const file = path.join(cacheDir, 'files', path.basename(first.paths.get(good) as string));
    expect(await readFile(file, 'utf8')).toBe('%PDF-1.4 rules');
    const asked = requests.length;
    const second = await prepareDocuments([good], { apiUrl: api, cacheDir });
    expect(second.paths.get(good)).toBe(first.paths.get(good));
    expect(requests.length).toBe(asked);
    expect((await readdir(path.join(cacheDir, 'files'))).filter((name) => name.includes('.tmp-'))).toEqual([]);
    expect(documentName('https://cms.example/a/Éte%CC%81 2025.PDF', new Uint8Array([1]))).toMatch(/^[0-9a-f]{16}-ete-2025\.pdf$/);
  });
});
