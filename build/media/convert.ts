import type { ImageShape } from '../../src/lib/image-layout.js';
import type { MediaFormat } from '../../src/lib/picture.js';
import { loadedSharp, loadSharp, MAX_ANIMATION_PIXELS, MAX_PIXELS, type ImageFacts } from './inspect.js';
import { sha256 } from '../fs.js';

/**
 * Encoder settings, chosen on bench/media-convert.ts (figures in bench/README.md): WebP for the few
 * browsers without AVIF, JPEG (mozjpeg) the fallback social networks fetch, PNG lossless for sharp
 * edges and transparency.
 */
export const ENCODERS = {
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
  webp: { quality: 74, effort: 2 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, palette: false },
  gif: { effort: 7, reuse: true },
} as const;

/** The fallback is one file: old browsers, crawlers and social previews (1200 px is what they ask for). */
const FALLBACK_MAX_WIDTH = 1200;

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
 * Which files to make for one source, never upscaled (widths above the source, or its shorter side
 * for squares, give way to that size): AVIF and WebP at every width (no AVIF for animations: libheif
 * cannot write them), the fallback at one width.
 */
export function planVariants(facts: ImageFacts, requests: readonly ShapeRequest[]): VariantSpec[] {
  const specs: VariantSpec[] = [];
  const fallback = fallbackFormat(facts);
  const modern: MediaFormat[] = facts.frames > 1 ? ['webp'] : ['avif', 'webp'];
  for (const shape of ['original', 'square'] as const) {
    const asked = requests.filter((request) => request.shape === shape).flatMap((request) => request.widths);
    if (asked.length === 0) continue;
    const limit = shape === 'square' ? Math.min(facts.width, facts.height) : facts.width;
    const sorted = [...new Set(asked.map((width) => Math.min(width, limit)))].sort((a, b) => a - b);
    const heightOf = (width: number) => (shape === 'square' ? width : Math.max(1, Math.round((width * facts.height) / facts.width)));
    for (const width of sorted) for (const format of modern) specs.push({ format, shape, width, height: heightOf(width) });
    const fallbackWidth = sorted.findLast((width) => width <= FALLBACK_MAX_WIDTH) ?? (sorted[0] as number);
    specs.push({ format: fallback, shape, width: fallbackWidth, height: heightOf(fallbackWidth) });
  }
  return specs;
}

/**
 * What makes a variant's bytes, as a cache key (a change of any makes new files; nothing to bump),
 * hashed once per process and spec: a cron run looks up tens of thousands.
 */
export function variantKey({ format, shape, width, height }: VariantSpec): string {
  const id = `${format} ${shape} ${width} ${height}`;
  let key = variantKeys.get(id);
  if (!key) {
    const { versions } = loadedSharp();
    const recipe = {
      spec: { format, shape, width, height },
      encoder: ENCODERS[format],
      crop: shape === 'square' ? squarePosition() : 'none',
      background: format === 'jpeg' ? JPEG_BACKGROUND : 'none',
      versions: { sharp: versions.sharp, vips: versions.vips },
    };
    key = sha256(JSON.stringify(recipe)).slice(0, 32);
    variantKeys.set(id, key);
  }
  return key;
}

const variantKeys = new Map<string, string>();

/** JPEG stays JPEG, PNG stays PNG, animations stay GIF; other sources fall back to what every browser reads. */
function fallbackFormat(facts: ImageFacts): MediaFormat {
  if (facts.frames > 1) return 'gif';
  if (facts.format === 'jpeg') return 'jpeg';
  if (facts.format === 'png' || facts.format === 'svg' || facts.format === 'gif') return 'png';
  return facts.hasAlpha ? 'png' : 'jpeg';
}

interface EncodedVariant extends VariantSpec {
  data: Buffer;
  /** The width the source was decoded at, still images only: a variant made again alone must use it to get the same bytes. */
  decodeWidth?: number;
}

/**
 * Encodes the planned variants of one source, one after another (the caller runs a source per core).
 * A still image is decoded once, upright, sRGB, 8 bits, at the largest size any variant needs. No
 * metadata is written (sharp keeps none unless asked): EXIF with GPS positions, XMP, IPTC, ICC stay behind.
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
    const output = spec.format === 'jpeg' ? image.flatten({ background: JPEG_BACKGROUND }) : image;
    const data = await output.toFormat(spec.format, ENCODERS[spec.format]).toBuffer();
    encoded.push({ ...spec, data, ...(decodeWidth === undefined ? {} : { decodeWidth }) });
  }
  return encoded;
}

/** The width a still source is decoded at, wide enough for every variant (a square's side is the decoded shorter side): their bytes depend on it. */
function decodeWidthFor(facts: ImageFacts, specs: readonly VariantSpec[]): number {
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
