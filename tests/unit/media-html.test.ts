import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { collectPostImages, mediaRequestsOf, parseSrcset } from '../../build/media/collect-images.js';
import { rewriteContentImages } from '../../build/media/rewrite-images.js';
import type { MediaFormat, PreparedImage } from '../../src/lib/picture.js';
import { sanitizeContent } from '../../src/lib/sanitize.js';

const UP = 'https://cms.example/wp-content/uploads/2025/08';

/** A block-editor image as WordPress renders it: width/height of the chosen size, srcset of all sizes. */
const blockImage = (name: string, alt: string, wrapInLink = false) => {
  const img =
    `<img decoding="async" loading="lazy" width="1024" height="576" src="${UP}/${name}-1024x576.jpg" alt="${alt}" class="wp-image-37" ` +
    `srcset="${UP}/${name}-1024x576.jpg 1024w, ${UP}/${name}-300x169.jpg 300w, ${UP}/${name}-768x432.jpg 768w, ${UP}/${name}.jpg 1600w" sizes="(max-width: 1024px) 100vw, 1024px" />`;
  return `<figure class="wp-block-image size-large">${wrapInLink ? `<a href="${UP}/${name}.jpg">${img}</a>` : img}<figcaption class="wp-element-caption">Légende de ${name}</figcaption></figure>`;
};

const rawPost = {
  id: 37,
  content: {
    rendered:
      `<p>Avant.</p>\n${blockImage('soiree', 'Photo : la soirée')}\n<p>Milieu <img src="${UP}/logo.png" width="120" height="60" alt="Logo"></p>\n` +
      `${blockImage('soiree', 'La même, encore')}<p><img src="https://images.other.example/hotlink.jpg" alt=""></p>`,
  },
  excerpt: { rendered: `<p>Résumé <img src="${UP}/excerpt.gif" alt=""></p>` },
  _embedded: {
    'wp:featuredmedia': [
      {
        id: 63,
        source_url: `${UP}/une.jpg`,
        media_details: {
          width: 1600,
          height: 900,
          sizes: {
            medium: { source_url: `${UP}/une-300x169.jpg`, width: 300, height: 169 },
            thumbnail: { source_url: `${UP}/une-150x150.jpg`, width: 150, height: 150 },
            full: { source_url: `${UP}/une.jpg`, width: 1600, height: 900 },
          },
        },
      },
    ],
  },
};

describe('collectPostImages', () => {
  it('finds the featured image with its sizes, and each body and excerpt image once, by its widest file', () => {
    const images = collectPostImages(rawPost);
    expect(images.featured).toEqual({ source: `${UP}/une.jpg`, aliases: [`${UP}/une-150x150.jpg`, `${UP}/une-300x169.jpg`] });
    expect(images.content).toEqual([
      { source: `${UP}/soiree.jpg`, aliases: [`${UP}/soiree-1024x576.jpg`, `${UP}/soiree-300x169.jpg`, `${UP}/soiree-768x432.jpg`], maxCssWidth: 1024 },
      { source: `${UP}/logo.png`, aliases: [], maxCssWidth: 120 },
      { source: 'https://images.other.example/hotlink.jpg', aliases: [] },
      { source: `${UP}/excerpt.gif`, aliases: [] },
    ]);
    expect(images.vouched).toEqual([`${UP}/une.jpg`, `${UP}/une-150x150.jpg`, `${UP}/une-300x169.jpg`]);
  });

  it('counts a link to the image file as another name of it, not a link to a page', () => {
    const toFile = collectPostImages({ content: { rendered: `<a href="${UP}/dunk-original.jpg"><img src="${UP}/dunk-768x432.jpg" alt=""></a>` } });
    expect(toFile.content).toEqual([{ source: `${UP}/dunk-768x432.jpg`, aliases: [`${UP}/dunk-original.jpg`] }]);
    const toPage = collectPostImages({ content: { rendered: `<a href="/actualites/"><img src="${UP}/dunk-768x432.jpg" alt=""></a>` } });
    expect(toPage.content).toEqual([{ source: `${UP}/dunk-768x432.jpg`, aliases: [] }]);
  });

  it('ignores a featured media that WordPress answered with an error, and posts without images', () => {
    expect(collectPostImages({ _embedded: { 'wp:featuredmedia': [{ code: 'rest_forbidden', message: 'Désolé' }] } })).toEqual({ content: [], vouched: [] });
    expect(collectPostImages({ content: { rendered: '<p>Texte seul</p>' } })).toEqual({ content: [], vouched: [] });
    expect(collectPostImages(null)).toEqual({ content: [], vouched: [] });
  });

  it('turns a post into media requests: the featured image in every slot, body images in the column', () => {
    const requests = mediaRequestsOf(37, collectPostImages(rawPost));
    expect(requests.map((request) => `${request.slot} ${request.url.replace(UP, '')} ${request.maxCssWidth ?? ''}`.trim())).toEqual([
      'card /une.jpg',
      'article /une.jpg',
      'hero /une.jpg',
      'thumb /une.jpg',
      'content /soiree.jpg 1024',
      'content /logo.png 120',
      'content https://images.other.example/hotlink.jpg',
      'content /excerpt.gif',
    ]);
    expect(new Set(requests.map((request) => request.postId))).toEqual(new Set([37]));
  });
});

describe('parseSrcset', () => {
  it('splits candidates as browsers do, commas inside URLs included', () => {
    expect(parseSrcset('a.jpg 300w, b.jpg 1024w,c.jpg 2x, https://x.example/d,e.jpg 50w')).toEqual([
      { url: 'a.jpg', width: 300 },
      { url: 'b.jpg', width: 1024 },
      { url: 'c.jpg' },
      { url: 'https://x.example/d,e.jpg', width: 50 },
    ]);
    expect(parseSrcset('  ')).toEqual([]);
  });
});

function prepared(name: string, width: number, height: number, fallback: MediaFormat = 'jpeg'): PreparedImage {
  // As planVariants makes them: ladder widths up to the source's, the source's own when narrower.
  const widths = [400, 800].filter((w) => w < width);
  if (width < 800) widths.push(width);
  const variant = (format: MediaFormat, w: number) => ({ path: `/media/${name}-${w}.${format === 'jpeg' ? 'jpg' : format}`, width: w, height: Math.round((w * height) / width), format, shape: 'original' as const, bytes: 1000 });
  return { width, height, variants: [...widths.flatMap((w) => [variant('avif', w), variant('webp', w)]), variant(fallback, widths.at(-1) as number)] };
}

describe('rewriteContentImages', () => {
  const lookup = (source: string) =>
    source === `${UP}/soiree.jpg` ? prepared('soiree', 1600, 900) : source === `${UP}/logo.png` ? prepared('logo', 240, 120, 'png') : undefined;

  it('serves each image as a picture of our files, keeping alt, size and class, lazy and async', () => {
    const { html, removed } = rewriteContentImages(sanitizeContent(rawPost.content.rendered), lookup);
    const $ = load(html);
    const picture = $('figure picture').first();
    expect(picture.find('source').map((_, el) => $(el).attr('type')).get()).toEqual(['image/avif', 'image/webp']);
    expect(picture.find('source').first().attr('srcset')).toBe('/media/soiree-400.avif 400w, /media/soiree-800.avif 800w');
    expect(picture.find('source').first().attr('sizes')).toBe('(max-width: 1023.98px) calc(100vw - 32px), (max-width: 1231.98px) calc(100vw - 392px), 840px');
    const img = picture.find('img');
    expect(img.attr()).toEqual({ class: 'wp-image-37', src: '/media/soiree-800.jpg', alt: 'Photo : la soirée', width: '1024', height: '576', loading: 'lazy', decoding: 'async' });
    expect($('figcaption').first().text()).toBe('Légende de soiree');
    // The small logo is drawn at 120 px: its sizes say so.
    expect($('p picture source').first().attr('sizes')).toBe('120px');
    expect($('p picture img').attr('src')).toBe('/media/logo-240.png');
    expect(html).not.toContain('cms.example');
    expect(html).not.toContain('other.example');
    expect(removed).toEqual(['https://images.other.example/hotlink.jpg']);
  });

  it('removes an image it could not prepare, with its figure, its link and an emptied paragraph', () => {
    const content = sanitizeContent(`<p>Début</p>${blockImage('gone', 'Disparue', true)}<p><img src="${UP}/gone2.jpg" alt=""></p><p>Texte <img src="${UP}/gone3.jpg" alt=""> suite</p>`);
    const { html, removed } = rewriteContentImages(content, () => undefined);
    expect(html).toBe('<p>Début</p><p>Texte  suite</p>');
    expect(removed).toEqual([`${UP}/gone.jpg`, `${UP}/gone2.jpg`, `${UP}/gone3.jpg`]);
  });

  it('keeps a gallery figure that still shows other images, without the missing one', () => {
    const gallery = `<figure class="wp-block-gallery"><figure class="wp-block-image"><img src="${UP}/soiree.jpg" alt="A"></figure><figure class="wp-block-image"><img src="${UP}/gone.jpg" alt="B"></figure><figcaption>Galerie</figcaption></figure>`;
    const $ = load(rewriteContentImages(sanitizeContent(gallery), lookup).html);
    expect($('figure.wp-block-gallery > figure')).toHaveLength(1);
    expect($('figure.wp-block-gallery img').attr('alt')).toBe('A');
    expect($('figure.wp-block-gallery > figcaption').text()).toBe('Galerie');
  });

  it('points a link to the image file at our copy', () => {
    const $ = load(rewriteContentImages(sanitizeContent(blockImage('soiree', 'Soirée', true)), lookup).html);
    expect($('figure a').attr('href')).toBe('/media/soiree-800.jpg');
    expect($('figure a picture img').attr('src')).toBe('/media/soiree-800.jpg');
  });

  it('escapes what it writes back and leaves HTML without images untouched', () => {
    const content = sanitizeContent(`<p>« Citation » &amp; <img src="${UP}/soiree.jpg" alt="Le &quot;coach&quot; &lt;3" width="300" height="169"></p>`);
    const { html } = rewriteContentImages(content, lookup);
    expect(load(html)('img').attr('alt')).toBe('Le "coach" <3');
    expect(html).toContain('alt="Le &quot;coach&quot; <3"');
    expect(html).toContain('« Citation » &amp; ');
    const plain = '<p>Rien à voir &amp; rien à changer.</p><br />';
    expect(rewriteContentImages(plain, lookup)).toEqual({ html: plain, removed: [] });
  });
});
