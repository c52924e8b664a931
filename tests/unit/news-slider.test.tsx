import { load } from 'cheerio';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NewsSlider, type SlideData } from '../../src/islands/news-slider/NewsSlider.js';
import type { PictureData } from '../../src/lib/picture.js';

const picture = (name: string): PictureData => ({
  sources: [{ type: 'image/avif', srcSet: `/media/${name}-800.avif 800w` }],
  sizes: '100vw',
  src: `/media/${name}-800.jpg`,
  width: 800,
  height: 450,
  alt: name,
});

const slide = (id: number, image: PictureData | null): SlideData => ({ id, href: `/actualites/article/${id}/`, titleHtml: `Article ${id}`, titleText: `Article ${id}`, image });

describe('home news slider (issue 42)', () => {
  it("draws a first post without a featured image over the site's placeholder, not over another post's picture", () => {
    const $ = load(renderToString(<NewsSlider slides={[slide(16, null), slide(48, picture('post-48')), slide(50, picture('post-50'))]} />));
    expect($('.home-hero > .home-hero-bg.news-card-placeholder')).toHaveLength(1);
    expect($('.home-hero picture')).toHaveLength(0);
    expect($.html()).not.toContain('post-48');
  });

  it('draws the first post’s own picture behind it, decorative', () => {
    const $ = load(renderToString(<NewsSlider slides={[slide(48, picture('post-48')), slide(16, null)]} />));
    expect($('.home-hero > picture img').attr('src')).toBe('/media/post-48-800.jpg');
    expect($('.home-hero > picture img').attr('alt')).toBe('');
    expect($('.news-card-placeholder')).toHaveLength(0);
  });
});
