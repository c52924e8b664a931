/**
 * Where WordPress images appear and how wide they are drawn, derived from the stylesheets, so that
 * components (the `sizes` attribute) and the build (which widths to encode) read one description.
 *
 * The CSS this mirrors (change both together):
 * - 00-base.css `.container { width: min(1200px, 100% - 2rem) }`: content is the viewport less 32 px,
 *   up to 1200 px, reached at a 1232 px viewport.
 * - 50-news.css `.news-grid`: 3 columns at 1024 px and wider, 2 from 640 px, 1 below; gap 1.5rem (24 px).
 *   Column = (container − gaps) / columns: 100vw − 32 | 50vw − 28 | 33.33vw − 26.67 | 384 px.
 * - 50-news.css `.home-news-grid`: the same with 4 columns on desktop: 25vw − 26 | 282 px.
 * - 50-news.css `.article-layout { grid-template-columns: minmax(0, 1fr) 320px; gap: 2.5rem }` on
 *   desktop, one column below 1024 px: 100vw − 32 | 100vw − 392 | 840 px. (The old `sizes` said 780 px;
 *   the grid gives 1200 − 320 − 40 = 840.)
 * - 50-news.css `.sidebar-recent-thumb`: 72 × 72, `object-fit: cover`: a square crop of its own.
 * - 50-news.css `.news-card-img`: a 16:9 box, `object-fit: cover`: a picture wider than 16:9 is drawn
 *   wider than its card (by its aspect / (16/9)), a narrower one as wide (its top and bottom cropped).
 * - 50-news.css `.home-hero-bg`: the full-bleed background of the home slider, 100vw wide, covering a
 *   box at least min(82vh, 720px) high (`.home-hero`'s min-height): a portrait phone crops its sides,
 *   so it is drawn max(100vw, that height × its aspect) wide (1230 px for a 16:9 picture in a 390×692
 *   box, not 390). `sizes` says so per picture (`slotForPicture`), with `max()` and `min()`.
 * Breakpoints are the stylesheets' `max-width: 639.98px` / `1023.98px`.
 */

/** A width in CSS pixels as a function of the viewport width: `vw` × viewport / 100 + `px`. */
interface Linear {
  vw: number;
  px: number;
}

/** One range of viewports, from the previous segment's end up to `below` (exclusive; Infinity last). */
interface Segment {
  below: number;
  width: Linear;
}

export type ImageShape = 'original' | 'square';

export interface ImageSlot {
  /** The `sizes` attribute for this slot. */
  sizes: string;
  /** Widths to offer 1x screens (ascending, from WIDTH_LADDER unless the slot has fixed widths). */
  widths1x: number[];
  /** Widths to offer 2x screens. */
  widths2x: number[];
  /** Widths to offer 3x screens: phones (the viewports below 640 px), up to the ladder's top. */
  widths3x: number[];
  /** `square`: cropped to 1:1 (the sidebar thumbnail); `original`: the source's proportions. */
  shape: ImageShape;
}

export type ImageSlotName = 'card' | 'home-card' | 'article' | 'content' | 'thumb' | 'hero';

/**
 * The widths every proportional slot picks from, shared so that one encode serves several slots.
 * Steps of 1.33–1.5×: a browser that needs a width between two steps downloads at most ~2× the pixels
 * it needs. 1600 is the top: needs above it (2x tablets in landscape, a 1920 px desktop's hero) get the
 * 1600 image scaled a little by the browser, which does not show at those densities, and every image
 * saves a sixth encode.
 */
export const WIDTH_LADDER = [400, 600, 800, 1200, 1600] as const;

/** A ladder step serves a need up to 5 % wider than itself: the browser's upscale of 5 % is invisible. */
const COVER_TOLERANCE = 0.95;
/** The viewports the layout is designed for: the smallest phones to a full-HD desktop. */
const VIEWPORT_MIN = 320;
const VIEWPORT_MAX = 1920;
const CONTAINER_END = 1232;
/** Phones (the stylesheets' small screens) are the screens with 3 device pixels per CSS pixel. */
const PHONE_END = 640;

/** The height `.home-hero` covers at least (50-news.css min-height), as CSS. */
export const HERO_HEIGHT = 'min(82vh, 720px)';
/** `.news-card-img`'s box (50-news.css aspect-ratio). */
const CARD_ASPECT = 16 / 9;

const fixed = (px: number): Linear => ({ vw: 0, px });
const CONTAINER: Linear = { vw: 100, px: -32 };

const LAYOUTS: Record<Exclude<ImageSlotName, 'thumb'>, Segment[]> = {
  card: [
    { below: 640, width: CONTAINER },
    { below: 1024, width: { vw: 50, px: -28 } },
    { below: CONTAINER_END, width: { vw: 100 / 3, px: -80 / 3 } },
    { below: Infinity, width: fixed(384) },
  ],
  'home-card': [
    { below: 640, width: CONTAINER },
    { below: 1024, width: { vw: 50, px: -28 } },
    { below: CONTAINER_END, width: { vw: 25, px: -26 } },
    { below: Infinity, width: fixed(282) },
  ],
  article: [
    { below: 1024, width: CONTAINER },
    { below: CONTAINER_END, width: { vw: 100, px: -392 } },
    { below: Infinity, width: fixed(840) },
  ],
  // Images inside an article's body: the article column (capped by the image's own width, see cappedSlot).
  content: [
    { below: 1024, width: CONTAINER },
    { below: CONTAINER_END, width: { vw: 100, px: -392 } },
    { below: Infinity, width: fixed(840) },
  ],
  hero: [{ below: Infinity, width: { vw: 100, px: 0 } }],
};

const THUMB_SIZE = 72;

export const IMAGE_SLOTS: Record<ImageSlotName, ImageSlot> = {
  card: proportionalSlot(LAYOUTS.card),
  'home-card': proportionalSlot(LAYOUTS['home-card']),
  article: proportionalSlot(LAYOUTS.article),
  content: proportionalSlot(LAYOUTS.content),
  hero: proportionalSlot(LAYOUTS.hero),
  thumb: { sizes: `${THUMB_SIZE}px`, widths1x: [THUMB_SIZE], widths2x: [THUMB_SIZE * 2], widths3x: [THUMB_SIZE * 3], shape: 'square' },
};

/** Every width a slot may need, 1x to 3x together, ascending. */
export function slotWidths(slot: ImageSlot): number[] {
  return [...new Set([...slot.widths1x, ...slot.widths2x, ...slot.widths3x])].sort((a, b) => a - b);
}

/**
 * The slot for one picture of proportions `aspect` (width / height): where the box crops its
 * picture (`object-fit: cover`), the picture is drawn wider than the box when it is wider than the
 * box's proportions, and `sizes` must say the drawn width, or the browser picks a file that it then
 * stretches. Other slots, and pictures that fit, are the slot itself.
 */
export function slotForPicture(name: ImageSlotName, aspect: number): ImageSlot {
  const slot = IMAGE_SLOTS[name];
  if (!(aspect > 0) || !Number.isFinite(aspect)) return slot;
  if (name === 'hero') {
    // Its widths already run to the ladder's top; only `sizes` depends on the picture.
    return { ...slot, sizes: `max(100vw, ${HERO_HEIGHT} * ${round(aspect)})` };
  }
  if ((name === 'card' || name === 'home-card') && aspect > CARD_ASPECT * 1.01) {
    return proportionalSlot(scaleSegments(LAYOUTS[name], aspect / CARD_ASPECT));
  }
  return slot;
}

/**
 * A body image the editor placed smaller than the column (a 300 px image beside the text) is drawn at
 * most at its own width: its `sizes` says so, and it needs no width wider than twice that.
 */
export function cappedSlot(name: Exclude<ImageSlotName, 'thumb'>, maxCssWidth: number): ImageSlot {
  const segments = capSegments(LAYOUTS[name], maxCssWidth);
  return proportionalSlot(segments);
}

/** content/20-media.css: a gallery's columns are separated by .75rem, and phones show one column. */
const GALLERY_GAP = 12;

/**
 * `sizes` of a picture in a gallery of `columns` columns inside the article column (one column on
 * phones), drawn `scale` times its column's width (a cropped gallery covers its box with a wider
 * picture). Its widths are the content slot's, which run to the ladder's top.
 */
export function gallerySizes(columns: number, scale = 1): string {
  const count = Math.min(Math.max(Math.round(columns), 1), 9);
  const gaps = GALLERY_GAP * (count - 1);
  const segments: Segment[] = [
    { below: 640, width: CONTAINER },
    { below: 1024, width: { vw: 100 / count, px: (-32 - gaps) / count } },
    { below: CONTAINER_END, width: { vw: 100 / count, px: (-392 - gaps) / count } },
    { below: Infinity, width: fixed((840 - gaps) / count) },
  ];
  return sizesAttribute(scale > 1.01 ? scaleSegments(segments, scale) : segments);
}

/** content/20-media.css `.wp-block-cover`: min-height 240 px on phones, 320 px from 640 px. */
const COVER_BLOCK_MIN_HEIGHT = { phone: 240, wider: 320 };

/**
 * `sizes` of a cover block's background (content/20-media.css: the article column wide, at least
 * 240 / 320 px high, `object-fit: cover`): a landscape picture covers the box's height, so it is
 * drawn max(column, min-height × its aspect) wide. A cover taller than its min-height (long text)
 * draws it wider still: the min-height is what the build can know.
 */
export function coverBlockSizes(aspect: number): string {
  const segments: Segment[] = [{ below: PHONE_END, width: CONTAINER }, ...LAYOUTS.content];
  return segments
    .map((segment, index) => {
      const height = segment.below <= PHONE_END ? COVER_BLOCK_MIN_HEIGHT.phone : COVER_BLOCK_MIN_HEIGHT.wider;
      const length = `max(${cssLength(segment.width)}, ${round(height * aspect)}px)`;
      return index === segments.length - 1 ? length : `(max-width: ${round(segment.below - 0.02)}px) ${length}`;
    })
    .join(', ');
}

function proportionalSlot(segments: Segment[]): ImageSlot {
  const [min, max] = widthRange(segments);
  const [phoneMin, phoneMax] = widthRange(segments, PHONE_END - 0.02);
  return {
    sizes: sizesAttribute(segments),
    widths1x: ladderCovering(min, max),
    widths2x: ladderCovering(2 * min, 2 * max),
    widths3x: ladderCovering(3 * phoneMin, 3 * phoneMax),
    shape: 'original',
  };
}

function scaleSegments(segments: Segment[], factor: number): Segment[] {
  return segments.map(({ below, width }) => ({ below, width: { vw: width.vw * factor, px: width.px * factor } }));
}

/** The narrowest and widest the slot is drawn over the designed viewports up to `end` (segments are monotonic). */
function widthRange(segments: Segment[], end = VIEWPORT_MAX - 0.02): [number, number] {
  const probes = [VIEWPORT_MIN, end, ...segments.flatMap((segment, index) => {
    const start = index === 0 ? VIEWPORT_MIN : (segments[index - 1] as Segment).below;
    return [start, segment.below - 0.02].filter((vw) => vw >= VIEWPORT_MIN && vw <= end);
  })];
  const widths = probes.map((vw) => evaluate(segmentAt(segments, vw).width, vw));
  return [Math.min(...widths), Math.max(...widths)];
}

/** Ladder steps from the first that serves `low` to the first that serves `high` (or the top step). */
function ladderCovering(low: number, high: number): number[] {
  const serves = (step: number, need: number) => step >= need * COVER_TOLERANCE;
  const first = WIDTH_LADDER.findIndex((step) => serves(step, low));
  if (first === -1) return [WIDTH_LADDER[WIDTH_LADDER.length - 1] as number];
  const lastFound = WIDTH_LADDER.findIndex((step) => serves(step, high));
  const last = lastFound === -1 ? WIDTH_LADDER.length - 1 : lastFound;
  return WIDTH_LADDER.slice(first, last + 1);
}

function segmentAt(segments: Segment[], vw: number): Segment {
  return segments.find((segment) => vw < segment.below) ?? (segments[segments.length - 1] as Segment);
}

function evaluate(width: Linear, vw: number): number {
  return (width.vw * vw) / 100 + width.px;
}

/** min(cap, width(vw)) as segments: a growing segment splits where it reaches the cap. */
function capSegments(segments: Segment[], cap: number): Segment[] {
  const out: Segment[] = [];
  segments.forEach((segment, index) => {
    const start = index === 0 ? 0 : (segments[index - 1] as Segment).below;
    const { vw, px } = segment.width;
    if (vw === 0) {
      out.push({ below: segment.below, width: fixed(Math.min(px, cap)) });
      return;
    }
    const reachesCapAt = ((cap - px) * 100) / vw;
    // Below the narrowest phone nobody browses: a cap reached there holds for the whole segment.
    if (reachesCapAt <= Math.max(start, VIEWPORT_MIN)) out.push({ below: segment.below, width: fixed(cap) });
    else if (reachesCapAt >= segment.below) out.push(segment);
    else out.push({ below: reachesCapAt, width: segment.width }, { below: segment.below, width: fixed(cap) });
  });
  // Neighbours with the same fixed width are one segment.
  return out.filter((segment, index) => {
    const next = out[index + 1];
    return !(next && segment.width.vw === 0 && next.width.vw === 0 && segment.width.px === next.width.px);
  });
}

function sizesAttribute(segments: Segment[]): string {
  return segments
    .map((segment, index) => {
      const length = cssLength(segment.width);
      return index === segments.length - 1 ? length : `(max-width: ${round(segment.below - 0.02)}px) ${length}`;
    })
    .join(', ');
}

function cssLength({ vw, px }: Linear): string {
  if (vw === 0) return `${round(px)}px`;
  if (px === 0) return `${round(vw)}vw`;
  return `calc(${round(vw)}vw ${px < 0 ? '-' : '+'} ${round(Math.abs(px))}px)`;
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
