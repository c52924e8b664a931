import type { Sharp } from 'sharp';
import type { ImageShape } from '../../src/lib/image-layout.js';
import type { MediaFormat } from '../../src/lib/picture.js';
import { MAX_ANIMATION_PIXELS, MAX_PIXELS, type ImageFacts } from './inspect.js';
import { loadedSharp, loadSharp } from './sharp.js';
import { sha256 } from '../fs.js';

/**
 * Encoder settings, chosen on bench/media-convert.ts (figures in bench/README.md):
 * - AVIF quality 50 with 4:2:0 chroma (photos): an 800 px news photo ≈ 30 KB, half the 60 KB
 *   target for the article image on a phone. Effort 0: efforts 1 and 2 make files 1–8 % smaller at
 *   the same setting (PSNR within 0.2 dB) for 2–4× the time, effort 4 about 6 % for 10–20×; AVIF is
 *   most of a first build's time, and every visitor's bytes are already well under the target.
 * - WebP quality 74, effort 2: for the few browsers without AVIF. Effort 4 (libwebp's default) saves
 *   1–8 % of bytes for 2–3× the time, and WebP was then half of all encoding time.
 * - JPEG quality 78 with mozjpeg (progressive, trellis): the fallback, and what social networks fetch.
 * - PNG level 9, lossless: PNG sources keep their sharp edges and transparency.
 */
export const ENCODERS = {
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 74, effort: 2 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
  gif: { effort: 7, reuse: true },
} as const;

/** The fallback is one file: old browsers, crawlers and social previews (1200 px is what they ask for). */
export const FALLBACK_MAX_WIDTH = 1200;

/** Sidebar thumbnails are cropped around what libvips finds most interesting (faces, contrast). */
const squarePosition = () => loadedSharp().strategy.attention;
/** Transparent pixels in a JPEG fallback become white, the page's background. */
const JPEG_BACKGROUND = '#ffffff';

export interface VariantSpec {
  format: MediaFormat;
  shape: ImageShape;
  width: number;
  height: number;
}

export interface ShapeRequest {
  shape: ImageShape;
  widths: readonly number[];
}

/**
 * Which files to make for one source. Never upscaled: widths above the source are dropped, and the
 * source's own width takes their place when it is smaller than the widest one asked for. Square crops
 * are limited by the source's shorter side. AVIF and WebP at every width (no AVIF for animations:
 * libheif cannot write them), the fallback at one width.
 */
export function planVariants(facts: ImageFacts, requests: readonly ShapeRequest[]): VariantSpec[] {
  const specs: VariantSpec[] = [];
  const fallback = fallbackFormat(facts);
  const modern: MediaFormat[] = facts.frames > 1 ? ['webp'] : ['avif', 'webp'];
  for (const shape of ['original', 'square'] as const) {
    const asked = requests.filter((request) => request.shape === shape).flatMap((request) => request.widths);
    if (asked.length === 0) continue;
    const limit = shape === 'square' ? Math.min(facts.width, facts.height) : facts.width;
    const widths = new Set(asked.filter((width) => width <= limit));
    if (Math.max(...asked) > limit) widths.add(limit);
    const sorted = [...widths].sort((a, b) => a - b);
    const heightOf = (width: number) => (shape === 'square' ? width : Math.max(1, Math.round((width * facts.height) / facts.width)));
    for (const width of sorted) for (const format of modern) specs.push({ format, shape, width, height: heightOf(width) });
    const fallbackWidth = [...sorted].reverse().find((width) => width <= FALLBACK_MAX_WIDTH) ?? (sorted[0] as number);
    specs.push({ format: fallback, shape, width: fallbackWidth, height: heightOf(fallbackWidth) });
  }
  return specs;
}

/**
 * What makes a variant's bytes, as a cache key: its spec, its encoder's settings, how it is cropped,
 * and the versions of sharp and libvips. A change of any of them makes new files; nothing to bump.
 */
export function variantKey(spec: VariantSpec): string {
  // A cron run looks up tens of thousands of keys: each distinct spec is hashed once per process.
  const id = `${spec.format} ${spec.shape} ${spec.width} ${spec.height}`;
  let key = variantKeys.get(id);
  if (!key) {
    key = recipeHash({ format: spec.format, shape: spec.shape, width: spec.width, height: spec.height });
    variantKeys.set(id, key);
  }
  return key;
}

const variantKeys = new Map<string, string>();

function recipeHash(spec: VariantSpec): string {
  const recipe = {
    spec,
    encoder: ENCODERS[spec.format],
    crop: spec.shape === 'square' ? squarePosition() : 'none',
    background: spec.format === 'jpeg' ? JPEG_BACKGROUND : 'none',
    versions: { sharp: loadedSharp().versions.sharp, vips: loadedSharp().versions.vips },
  };
  return sha256(JSON.stringify(recipe)).slice(0, 32);
}

/** JPEG stays JPEG, PNG stays PNG, animations stay GIF; other sources fall back to what every browser reads. */
export function fallbackFormat(facts: ImageFacts): MediaFormat {
  if (facts.frames > 1) return 'gif';
  if (facts.format === 'jpeg') return 'jpeg';
  if (facts.format === 'png' || facts.format === 'svg' || facts.format === 'gif') return 'png';
  return facts.hasAlpha ? 'png' : 'jpeg';
}

export interface EncodedVariant extends VariantSpec {
  data: Buffer;
  /** The width the source was decoded at, still images only: a variant made again alone must use it to get the same bytes. */
  decodeWidth?: number;
}

/**
 * Encodes the planned variants of one source, one after another (the caller runs sources in
 * parallel, one per core). A still image is decoded once: upright, sRGB, 8 bits, at the largest size
 * any variant needs; each variant is resized from those pixels. Nothing of the source's metadata is
 * written (sharp keeps none unless asked): EXIF with GPS positions, XMP, IPTC, ICC profiles and
 * comments all stay behind.
 */
export async function encodeVariants(bytes: Uint8Array, facts: ImageFacts, specs: readonly VariantSpec[], options: { decodeWidth?: number } = {}): Promise<EncodedVariant[]> {
  await loadSharp();
  if (specs.length === 0) return [];
  const decodeWidth = facts.frames > 1 ? undefined : (options.decodeWidth ?? decodeWidthFor(facts, specs));
  const pixels = decodeWidth === undefined ? undefined : await decodeAt(bytes, facts, decodeWidth);
  const encoded: EncodedVariant[] = [];
  for (const spec of specs) {
    const resize = spec.shape === 'square'
      ? { width: spec.width, height: spec.width, fit: 'cover' as const, position: squarePosition() }
      : { width: spec.width, height: spec.height, fit: 'fill' as const };
    // Animations are resized frame by frame from the file: sharp keeps their frames and delays.
    const image = pixels
      ? loadedSharp()(pixels.data, { raw: pixels.info }).resize(resize)
      : loadedSharp()(bytes, { animated: true, failOn: 'truncated', limitInputPixels: MAX_ANIMATION_PIXELS }).resize(
          spec.shape === 'square' ? { width: spec.width, height: spec.width, fit: 'cover' } : { width: spec.width },
        );
    const data = await encode(spec.format === 'jpeg' ? image.flatten({ background: JPEG_BACKGROUND }) : image, spec.format);
    encoded.push({ ...spec, data, ...(decodeWidth === undefined ? {} : { decodeWidth }) });
  }
  return encoded;
}

/**
 * The width a still source is decoded at for these variants: wide enough for the widest
 * proportional variant and for every square crop (whose side is bounded by the shorter side of the
 * decoded pixels). The variants' bytes depend on it, not only on their own spec.
 */
export function decodeWidthFor(facts: ImageFacts, specs: readonly VariantSpec[]): number {
  const squareNeed = Math.max(0, ...specs.filter((spec) => spec.shape === 'square').map((spec) => Math.ceil((spec.width * Math.max(facts.width, facts.height)) / facts.height)));
  const originalNeed = Math.max(0, ...specs.filter((spec) => spec.shape === 'original').map((spec) => spec.width));
  return Math.min(facts.width, Math.max(squareNeed, originalNeed));
}

async function decodeAt(bytes: Uint8Array, facts: ImageFacts, width: number) {
  return loadedSharp()(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, ...(facts.density ? { density: facts.density } : {}) })
    .autoOrient()
    .resize({ width })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

function encode(image: Sharp, format: MediaFormat): Promise<Buffer> {
  switch (format) {
    case 'avif':
      return image.avif(ENCODERS.avif).toBuffer();
    case 'webp':
      return image.webp(ENCODERS.webp).toBuffer();
    case 'jpeg':
      return image.jpeg(ENCODERS.jpeg).toBuffer();
    case 'png':
      return image.png(ENCODERS.png).toBuffer();
    case 'gif':
      return image.gif(ENCODERS.gif).toBuffer();
  }
}
