import { loadedSharp, loadSharp } from './sharp.js';
import { MediaProblem } from './problem.js';
import { claimedFormats, sniffFormat, type Sniffed, type SourceFormat } from './sniff.js';
import { sha256 } from '../fs.js';

/** Over this, a picture is a decompression bomb or a camera original: 40 MP is 7,700 × 5,200. */
export const MAX_PIXELS = 40_000_000;
/** Every frame of an animation together: a 640 × 360 GIF may have 400 frames, not 4,000. */
export const MAX_ANIMATION_PIXELS = 100_000_000;
/** SVG is drawn at twice its own size (sharp on 2x screens), never wider than the widest variant. */
const SVG_SCALE = 2;
const SVG_MAX_WIDTH = 1600;

/** The rules an inspection applied, as a cache key: a change of limits or of libvips inspects again. */
export async function inspectionKey(): Promise<string> {
  const { versions } = await loadSharp();
  const rules = { MAX_PIXELS, MAX_ANIMATION_PIXELS, SVG_SCALE, SVG_MAX_WIDTH, versions: { sharp: versions.sharp, vips: versions.vips } };
  return sha256(JSON.stringify(rules)).slice(0, 32);
}

export interface ImageFacts {
  /** What the bytes are, whatever the name or the server said. */
  format: SourceFormat;
  /** Upright (EXIF orientation applied), one frame; for SVG, the size it is rasterized at. */
  width: number;
  height: number;
  /** 1 for a still image. */
  frames: number;
  hasAlpha: boolean;
  /** SVG only: the density (dpi) that rasterizes it at `width`. */
  density?: number;
}

export interface InspectedImage extends ImageFacts {
  /** Accepted oddities worth a warning (a PNG named .jpg). */
  notes: string[];
}

const GIF_TRAILER = 0x3b;
const PUBLISHED = 'JPEG, PNG, GIF, WebP, AVIF or SVG';

/**
 * Facts about an image, or a MediaProblem saying why it cannot be published: the claims check of
 * `checkClaims`, then `inspectBytes`.
 */
export async function inspectImage(bytes: Uint8Array, declared: { contentType?: string; name: string }): Promise<InspectedImage> {
  const notes = checkClaims(sniffFormat(bytes), declared);
  try {
    const facts = await inspectBytes(bytes);
    return { ...facts, notes };
  } catch (error) {
    throw error instanceof MediaProblem ? new MediaProblem(error.kind, `${declared.name}: ${error.message}`) : error;
  }
}

/**
 * Declared type vs real type: the bytes win. A raster image whose extension or Content-Type names
 * another raster type is used as what it is (every variant is re-encoded, so browsers never see the
 * mislabelled bytes); the returned notes become a warning. SVG on either side is refused: an SVG must
 * be declared as one before the build agrees to rasterize it, and a "JPEG" that turns out to be
 * markup is no honest mistake. Runs per URL (the same bytes may hide behind two names).
 */
export function checkClaims(real: Sniffed, declared: { contentType?: string; name: string }): string[] {
  const { name } = declared;
  if (real === 'html') throw new MediaProblem('not-an-image', `${name}: an HTML page, not an image`);
  if (real === 'unknown') return [];
  const notes: string[] = [];
  for (const claim of claimedFormats(declared.contentType, name)) {
    if (claim.format === real) continue;
    if (claim.format === 'svg' || real === 'svg') {
      throw new MediaProblem('type-mismatch', `${name}: ${label(real)} bytes declared as ${label(claim.format)} (${claim.by})`);
    }
    notes.push(`${name}: ${label(real)} bytes declared as ${label(claim.format)} (${claim.by}), used as ${label(real)}`);
  }
  return notes;
}

/**
 * What the bytes are, whatever their name: the same answer for the same bytes, so the build caches
 * it by content. Dimensions come from the header before anything is decoded, so a 20000 × 20000 bomb
 * is refused without allocating its pixels; then the whole file is decoded once (at a small size) so
 * that a truncated file is found here rather than by the encoders.
 */
export async function inspectBytes(bytes: Uint8Array): Promise<ImageFacts> {
  await loadSharp();
  const real = sniffFormat(bytes);
  if (real === 'html') throw new MediaProblem('not-an-image', 'an HTML page, not an image');
  if (real === 'unknown') throw await unknownFormatProblem(bytes);

  // libnsgif shows what it has of a cut GIF (fewer frames, a half frame) without a word; the trailer
  // byte every complete GIF ends with tells.
  if (real === 'gif' && bytes[bytes.length - 1] !== GIF_TRAILER) throw new MediaProblem('truncated', 'the GIF ends early (no trailer)');
  const animatable = real === 'gif' || real === 'webp';
  const header = await loadedSharp()(bytes, { limitInputPixels: false, animated: animatable })
    .metadata()
    .catch((error: unknown) => {
      throw new MediaProblem('truncated', `unreadable ${label(real)} header (${firstLine(error)})`);
    });
  if (real === 'avif' && header.compression !== 'av1') throw new MediaProblem('unsupported', `HEIF with ${header.compression ?? 'unknown'} compression, not AVIF`);

  const frames = Math.max(1, header.pages ?? 1);
  const frameHeight = header.pageHeight ?? header.height;
  const upright = frames > 1 ? { width: header.width, height: frameHeight } : header.autoOrient;
  // An SVG's own size is only a suggestion: what counts is the raster the build will draw.
  const size = real === 'svg' ? svgRaster(header.width, header.height, header.density ?? 72) : upright;
  if (real !== 'svg') checkPixels(size.width, size.height, frames);
  const facts: ImageFacts = { format: real, ...size, frames, hasAlpha: header.hasAlpha };
  await decodeToTheEnd(bytes, facts);
  return facts;
}

function checkPixels(width: number, height: number, frames: number): void {
  const megapixels = (width * height) / 1e6;
  if (width * height > MAX_PIXELS) {
    throw new MediaProblem('too-many-pixels', `${width} × ${height} is ${megapixels.toFixed(0)} megapixels, over the ${MAX_PIXELS / 1e6} MP limit`);
  }
  if (width * height * frames > MAX_ANIMATION_PIXELS) {
    throw new MediaProblem('too-many-pixels', `${frames} frames of ${width} × ${height}, over ${MAX_ANIMATION_PIXELS / 1e6} MP in all`);
  }
}

/** SVG has no pixels of its own: draw it at twice its size, at most as wide as the widest variant. */
function svgRaster(width: number, height: number, density: number): Pick<ImageFacts, 'width' | 'height' | 'density'> {
  const scale = Math.min(SVG_SCALE, SVG_MAX_WIDTH / width);
  const raster = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  checkPixels(raster.width, raster.height, 1);
  return { ...raster, density: density * scale };
}

/** A full decode at a small size: libvips reads every byte, so a file that ends early fails here. */
async function decodeToTheEnd(bytes: Uint8Array, facts: ImageFacts): Promise<void> {
  try {
    await loadedSharp()(bytes, {
      failOn: 'truncated',
      limitInputPixels: facts.frames > 1 ? MAX_ANIMATION_PIXELS : MAX_PIXELS,
      animated: facts.frames > 1,
      ...(facts.density ? { density: facts.density } : {}),
    })
      .resize({ width: 32, height: 32, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new MediaProblem('truncated', `the ${label(facts.format)} cannot be decoded to the end (${firstLine(error)})`);
  }
}

async function unknownFormatProblem(bytes: Uint8Array): Promise<MediaProblem> {
  const format = await loadedSharp()(bytes, { limitInputPixels: false })
    .metadata()
    .then((metadata) => metadata.format as string | undefined)
    .catch(() => undefined);
  return format
    ? new MediaProblem('unsupported', `a ${format.toUpperCase()} image; the site publishes ${PUBLISHED}`)
    : new MediaProblem('not-an-image', `not an image (${PUBLISHED} expected)`);
}

function label(format: SourceFormat): string {
  return format === 'webp' ? 'WebP' : format.toUpperCase();
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
