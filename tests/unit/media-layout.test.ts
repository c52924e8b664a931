import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cappedSlot, coverBlockSizes, gallerySizes, IMAGE_SLOTS, slotForPicture, slotWidths, WIDTH_LADDER, type ImageSlot } from '../../src/lib/image-layout.js';

const css = (name: string) => readFileSync(new URL(`../../src/styles/${name}`, import.meta.url), 'utf8');

/** What a browser computes from a `sizes` attribute at a viewport width (our subset: max-width, px, vw, calc). */
function evaluateSizes(sizes: string, viewport: number): number {
  for (const entry of sizes.split(/,\s*(?![^(]*\))/)) {
    const match = /^(?:\(max-width: ([\d.]+)px\)\s+)?(.+)$/.exec(entry.trim());
    if (!match) throw new Error(`unreadable sizes entry ${entry}`);
    const [, maxWidth, length] = match;
    if (maxWidth !== undefined && viewport > Number(maxWidth)) continue;
    const calc = /^calc\(([\d.]+)vw ([+-]) ([\d.]+)px\)$/.exec(length as string);
    if (calc) return (Number(calc[1]) * viewport) / 100 + (calc[2] === '-' ? -1 : 1) * Number(calc[3]);
    if (length?.endsWith('vw')) return (parseFloat(length) * viewport) / 100;
    return parseFloat(length as string);
  }
  throw new Error(`no sizes entry matches ${viewport}`);
}

/** The layout as the CSS draws it, computed here independently: container, grid columns and gaps. */
const container = (viewport: number) => Math.min(1200, viewport - 32);
const columns = (viewport: number, desktop: number) => (viewport >= 1024 ? desktop : viewport >= 640 ? 2 : 1);
const gridColumn = (viewport: number, desktop: number) => {
  const count = columns(viewport, desktop);
  return (container(viewport) - 24 * (count - 1)) / count;
};
const drawn: Record<'card' | 'home-card' | 'article' | 'hero', (viewport: number) => number> = {
  card: (viewport) => gridColumn(viewport, 3),
  'home-card': (viewport) => gridColumn(viewport, 4),
  article: (viewport) => (viewport >= 1024 ? container(viewport) - 320 - 40 : container(viewport)),
  hero: (viewport) => viewport,
};

const VIEWPORTS = [320, 360, 390, 412, 639, 640, 768, 820, 1023, 1024, 1100, 1231, 1280, 1440, 1920];

/** The candidate a browser takes: the narrowest at least as wide as needed, else the widest. */
const chosen = (widths: number[], need: number) => widths.find((width) => width >= need) ?? Math.max(...widths);

describe('image layout slots', () => {
  it('states the breakpoints, gaps and columns that the stylesheets use', () => {
    const news = css('50-news.css');
    expect(css('00-base.css')).toContain('.container { width: min(1200px, 100% - 2rem);');
    expect(news).toContain('.news-grid { display: grid; gap: 1.5rem; grid-template-columns: repeat(3, minmax(0, 1fr)); }');
    expect(news).toContain('.home-news-grid { display: grid; gap: 1.5rem; grid-template-columns: repeat(4, minmax(0, 1fr)); }');
    expect(news).toContain('.article-layout { display: grid; grid-template-columns: minmax(0, 1fr) 320px; gap: 2.5rem;');
    expect(news).toContain('width: 72px; height: 72px; object-fit: cover;');
    expect(news).toContain('@media (max-width: 1023.98px) {\n  .news-grid, .home-news-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }\n  .article-layout { grid-template-columns: minmax(0, 1fr); }');
    expect(news).toContain('@media (max-width: 639.98px) {\n  .news-grid, .home-news-grid { grid-template-columns: minmax(0, 1fr); }');
  });

  for (const name of ['card', 'home-card', 'article', 'hero'] as const) {
    it(`${name}: sizes gives the width the CSS draws at every viewport`, () => {
      for (const viewport of VIEWPORTS) expect(evaluateSizes(IMAGE_SLOTS[name].sizes, viewport), `${viewport}px`).toBeCloseTo(drawn[name](viewport), 1);
    });

    it(`${name}: at 1x, 2x and on phones 3x, the chosen width is never more than 5 % short of the need, below the ladder's top`, () => {
      const slot = IMAGE_SLOTS[name];
      for (const viewport of VIEWPORTS) {
        for (const [density, widths] of [[1, slot.widths1x], [2, slot.widths2x], [3, slot.widths3x]] as const) {
          if (density === 3 && viewport >= 640) continue;
          const need = drawn[name](viewport) * density;
          const width = chosen(widths, need);
          expect(width, `${viewport}px at ${density}x`).toBeGreaterThanOrEqual(Math.min(need * 0.95, Math.max(...WIDTH_LADDER)));
        }
      }
    });
  }

  it('draws the sidebar thumbnail as a 72 px square, 144 px on 2x screens, 216 px on 3x phones', () => {
    expect(IMAGE_SLOTS.thumb).toEqual({ sizes: '72px', widths1x: [72], widths2x: [144], widths3x: [216], shape: 'square' });
  });

  it('offers each slot only ladder widths, the card fewer on 1x and 2x screens than the article', () => {
    expect(IMAGE_SLOTS.card.widths2x).toEqual([600, 800, 1200]);
    // A 3x phone's card (358 px) needs 1074 px; a small tablet's (600 px) up to 1600.
    expect(slotWidths(IMAGE_SLOTS.card)).toEqual([400, 600, 800, 1200, 1600]);
    expect(slotWidths(IMAGE_SLOTS.article)).toEqual([...WIDTH_LADDER]);
    for (const slot of Object.values(IMAGE_SLOTS) as ImageSlot[]) {
      if (slot.shape === 'original') for (const width of slotWidths(slot)) expect(WIDTH_LADDER).toContain(width);
    }
  });

  it('caps a body image drawn narrower than the column: sizes and widths follow the editor’s width', () => {
    const small = cappedSlot('content', 300);
    for (const viewport of VIEWPORTS) expect(evaluateSizes(small.sizes, viewport)).toBeCloseTo(Math.min(300, drawn.article(viewport)), 1);
    // 1x and 2x of 300 px, and 900 px for 3x phones.
    expect(slotWidths(small)).toEqual([400, 600, 1200]);
    const mid = cappedSlot('content', 700);
    for (const viewport of VIEWPORTS) expect(evaluateSizes(mid.sizes, viewport), `${viewport}px`).toBeCloseTo(Math.min(700, drawn.article(viewport)), 1);
    expect(cappedSlot('content', 2000)).toEqual(IMAGE_SLOTS.content);
  });

  it('hero: sizes says the width the picture covers, max(100vw, the box height × its aspect), per picture', () => {
    expect(slotForPicture('hero', 16 / 9).sizes).toBe('max(100vw, min(82vh, 720px) * 1.78)');
    expect(slotForPicture('hero', 1.5).sizes).toBe('max(100vw, min(82vh, 720px) * 1.5)');
    // A 390×844 phone: the box is 692 px high, a 16:9 picture 1230 px wide, 3690 device pixels at 3x:
    // the ladder's top is offered.
    expect(Math.max(...slotForPicture('hero', 16 / 9).widths3x)).toBe(Math.max(...WIDTH_LADDER));
  });

  it('card: a picture wider than its 16:9 box is asked for as wide as it is drawn; a narrower one is the slot', () => {
    expect(slotForPicture('card', 16 / 9)).toBe(IMAGE_SLOTS.card);
    expect(slotForPicture('card', 4 / 3)).toBe(IMAGE_SLOTS.card);
    const panorama = slotForPicture('card', 32 / 9);
    for (const viewport of VIEWPORTS) expect(evaluateSizes(panorama.sizes, viewport), `${viewport}px`).toBeCloseTo(drawn.card(viewport) * 2, 1);
    expect(panorama.widths1x).toEqual([600, 800, 1200]);
    expect(slotWidths(panorama)).toEqual([600, 800, 1200, 1600]);
    expect(slotForPicture('article', 32 / 9)).toBe(IMAGE_SLOTS.article);
  });

  it('gallery: a cropped gallery asks for its picture as wide as it covers the box', () => {
    // Two columns cropped 3:2, a 16:9 picture: drawn 16/9 ÷ 3/2 = 1.19 times the column.
    const scale = 16 / 9 / (3 / 2);
    const column = (viewport: number) => (viewport < 640 ? container(viewport) : ((viewport >= 1024 ? container(viewport) - 360 : container(viewport)) - 12) / 2);
    for (const viewport of VIEWPORTS) expect(evaluateSizes(gallerySizes(2, scale), viewport), `${viewport}px`).toBeCloseTo(column(viewport) * scale, 1);
    expect(gallerySizes(2, 1)).toBe(gallerySizes(2));
  });

  it("cover block: its background is asked for as wide as it covers the block's min-height", () => {
    expect(coverBlockSizes(16 / 9)).toBe(
      '(max-width: 639.98px) max(calc(100vw - 32px), 426.67px), (max-width: 1023.98px) max(calc(100vw - 32px), 568.89px), (max-width: 1231.98px) max(calc(100vw - 392px), 568.89px), max(840px, 568.89px)',
    );
  });
});
