import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsivePicture } from '../../src/components/ResponsivePicture.js';
import { IMAGE_SLOTS } from '../../src/lib/image-layout.js';
import { pictureFor, type MediaVariant, type PreparedImage } from '../../src/lib/picture.js';

const variant = (format: MediaVariant['format'], width: number, shape: MediaVariant['shape'] = 'original'): MediaVariant => ({
  path: `/media/h${format}${shape[0]}${width}-${width}.${format === 'jpeg' ? 'jpg' : format}`,
  width,
  height: shape === 'square' ? width : Math.round((width * 9) / 16),
  format,
  shape,
  bytes: width * 10,
});

/** A 1600 × 900 photo as prepareMedia returns it for the card, article and thumbnail slots. */
const photo: PreparedImage = {
  width: 1600,
  height: 900,
  variants: [
    ...[400, 600, 800, 1200, 1600].flatMap((width) => [variant('avif', width), variant('webp', width)]),
    variant('jpeg', 1200),
    ...[72, 144].flatMap((width) => [variant('avif', width, 'square'), variant('webp', width, 'square')]),
    variant('jpeg', 144, 'square'),
  ],
};

describe('pictureFor', () => {
  it('lists AVIF before WebP, with the widths of the slot, and the fallback as src', () => {
    const card = pictureFor(photo, 'card', 'Le match');
    expect(card).toEqual({
      sources: [
        { type: 'image/avif', srcSet: '/media/havifo400-400.avif 400w, /media/havifo600-600.avif 600w, /media/havifo800-800.avif 800w, /media/havifo1200-1200.avif 1200w, /media/havifo1600-1600.avif 1600w' },
        { type: 'image/webp', srcSet: '/media/hwebpo400-400.webp 400w, /media/hwebpo600-600.webp 600w, /media/hwebpo800-800.webp 800w, /media/hwebpo1200-1200.webp 1200w, /media/hwebpo1600-1600.webp 1600w' },
      ],
      sizes: IMAGE_SLOTS.card.sizes,
      src: '/media/hjpego1200-1200.jpg',
      width: 1200,
      height: 675,
      alt: 'Le match',
    });
    expect(pictureFor(photo, 'article', '')?.sources[0]?.srcSet).toContain('1600w');
  });

  it("sizes the home hero by the width the picture covers, from the picture's own proportions", () => {
    expect(pictureFor(photo, 'hero', '')?.sizes).toBe('max(100vw, min(82vh, 720px) * 1.78)');
    const portrait: PreparedImage = { width: 900, height: 1200, variants: [variant('avif', 900), variant('jpeg', 900)] };
    expect(pictureFor(portrait, 'hero', '')?.sizes).toBe('max(100vw, min(82vh, 720px) * 0.75)');
  });

  it('gives the thumbnail its square crops and its drawn size', () => {
    expect(pictureFor(photo, 'thumb', '')).toMatchObject({
      sources: [
        { type: 'image/avif', srcSet: '/media/havifs72-72.avif 72w, /media/havifs144-144.avif 144w' },
        { type: 'image/webp', srcSet: '/media/hwebps72-72.webp 72w, /media/hwebps144-144.webp 144w' },
      ],
      sizes: '72px',
      src: '/media/hjpegs144-144.jpg',
      width: 72,
      height: 72,
    });
  });

  it('offers a small source its only width, and nothing for a shape it lacks', () => {
    const small: PreparedImage = { width: 300, height: 200, variants: [variant('avif', 300), variant('webp', 300), variant('png', 300)] };
    expect(pictureFor(small, 'article', 'x')?.sources.map((source) => source.srcSet)).toEqual(['/media/havifo300-300.avif 300w', '/media/hwebpo300-300.webp 300w']);
    expect(pictureFor(small, 'article', 'x')?.src).toBe('/media/hpngo300-300.png');
    expect(pictureFor(small, 'thumb', 'x')).toBeUndefined();
  });

  it('serves an animation without AVIF: WebP sources and the GIF', () => {
    const gif: PreparedImage = { width: 400, height: 300, variants: [variant('webp', 400), variant('gif', 400)] };
    expect(pictureFor(gif, 'card', '')).toMatchObject({ sources: [{ type: 'image/webp' }], src: '/media/hgifo400-400.gif' });
  });
});

describe('ResponsivePicture', () => {
  const render = (priority?: boolean) => load(renderToString(<ResponsivePicture picture={pictureFor(photo, 'article', 'Le match') as NonNullable<ReturnType<typeof pictureFor>>} className="article-image" {...(priority === undefined ? {} : { priority })} />));

  it('renders a picture whose sources carry srcset and sizes, and an img with its size and alt', () => {
    const $ = render();
    expect($('picture > source').map((_, el) => $(el).attr('type')).get()).toEqual(['image/avif', 'image/webp']);
    expect($('picture > source').first().attr('sizes')).toBe(IMAGE_SLOTS.article.sizes);
    expect($('picture > source').first().attr('srcset')).toMatch(/^\/media\/havifo400-400\.avif 400w, .* 1600w$/);
    const img = $('picture > img');
    expect(img.attr()).toEqual({ class: 'article-image', src: '/media/hjpego1200-1200.jpg', width: '1200', height: '675', alt: 'Le match', loading: 'lazy', decoding: 'async' });
  });

  it('fetches the largest paint first and at once', () => {
    const img = render(true)('picture > img');
    expect(img.attr('fetchpriority')).toBe('high');
    expect(img.attr('loading')).toBeUndefined();
    expect(img.attr('decoding')).toBeUndefined();
  });
});
