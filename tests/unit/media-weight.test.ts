import { describe, expect, it } from 'vitest';
import { phoneMediaWeight, pickCandidate, slotWidth } from '../../build/media-weight.js';

const ARTICLE_SIZES = '(max-width: 1023.98px) calc(100vw - 32px), (max-width: 1231.98px) calc(100vw - 392px), 840px';

describe('image bytes on a phone (build report)', () => {
  it('reads the slot width a phone gets from the sizes our layout writes', () => {
    expect(slotWidth(ARTICLE_SIZES)).toBe(412 - 32);
    expect(slotWidth('(min-width: 64rem) 30rem, 100vw')).toBe(412);
    expect(slotWidth('(min-width: 20rem) 10rem, 100vw')).toBe(160);
    expect(slotWidth('96px')).toBe(96);
    expect(slotWidth(undefined)).toBe(412);
    // The home hero covers a box min(82vh, 720px) high: 720 × 16/9 on a 412×915 phone.
    expect(slotWidth('max(100vw, min(82vh, 720px) * 1.78)')).toBeCloseTo(720 * 1.78, 5);
    expect(slotWidth('(max-width: 639.98px) calc(200vw - 64px), calc(100vw - 32px)')).toBe(760);
    expect(slotWidth('min(100vw, 300px)')).toBe(300);
    expect(slotWidth('100lvh')).toBe(412);
  });

  it('picks the narrowest candidate covering the slot at pixel ratio 2, else the widest', () => {
    const srcset = '/m/a-400.avif 400w, /m/a-800.avif 800w, /m/a-1024.avif 1024w';
    expect(pickCandidate(srcset, ARTICLE_SIZES)).toBe('/m/a-800.avif'); // 380 × 2 = 760
    expect(pickCandidate(srcset, '100vw')).toBe('/m/a-1024.avif'); // 824
    expect(pickCandidate('/m/a-400.avif 400w', '100vw')).toBe('/m/a-400.avif');
    expect(pickCandidate(srcset, '96px')).toBe('/m/a-400.avif');
  });

  it('adds the AVIF each picture shows and lone images, lazy ones only once scrolled, other hosts left out', () => {
    const html = [
      `<picture><source type="image/avif" srcSet="/m/hero-800.avif 800w, /m/hero-1024.avif 1024w" sizes="100vw"/>`,
      `<source type="image/webp" srcSet="/m/hero-1024.webp 1024w" sizes="100vw"/><img src="/m/hero.jpg" fetchPriority="high"/></picture>`,
      `<picture><source type="image/avif" srcSet="/m/card-400.avif 400w" sizes="100vw"/><img src="/m/card.jpg" loading="lazy"/></picture>`,
      '<img src="/logo.svg"/><img src="https://elsewhere.example/x.png"/>',
    ].join('');
    const sizes: Record<string, number> = { '/m/hero-1024.avif': 30_000, '/m/card-400.avif': 5_000, '/logo.svg': 700, '/m/hero.jpg': 90_000 };
    expect(phoneMediaWeight(html, (url) => (url.startsWith('/') ? sizes[url] : undefined))).toEqual({ eager: 30_700, total: 35_700 });
  });

  it('reads images as a parser of the whole page would: not in comments nor in attribute values, a picture\'s own children only', () => {
    const html = [
      '<!-- <img src="/m/commented.jpg"/> -->',
      `<div data-island="x" data-props="{&quot;html&quot;:&quot;&lt;img src=\\&quot;/m/in-props.jpg\\&quot;&gt;&quot;}"></div>`,
      '<imgbox src="/m/not-an-image.jpg"></imgbox><pictures></pictures>',
      // Not a child of the picture (invalid, but seen in pasted content): weighed on its own, by its src.
      '<picture><source type="image/avif" srcSet="/m/a-400.avif 400w"/><span><img src="/m/nested.jpg"/></span><!-- <img src="/m/x.jpg"> --><img src="/m/own.jpg"/></picture>',
      '<svg><path d="M0 0"/></svg><img src="/m/after-svg.jpg" loading="lazy"/>',
    ].join('');
    const sizes: Record<string, number> = { '/m/commented.jpg': 1, '/m/in-props.jpg': 2, '/m/not-an-image.jpg': 4, '/m/x.jpg': 8, '/m/nested.jpg': 100, '/m/a-400.avif': 1_000, '/m/own.jpg': 10_000, '/m/after-svg.jpg': 20_000 };
    expect(phoneMediaWeight(html, (url) => sizes[url])).toEqual({ eager: 1_100, total: 21_100 });
  });
});

