import type SharpDefault from 'sharp';
import { MediaProblem } from './problem.js';
import { sha256 } from '../fs.js';

/** Over this, a picture is a decompression bomb or a camera original: 40 MP is 7,700 × 5,200. */
export const MAX_PIXELS = 40_000_000;
/** Every frame of an animation together: a 640 × 360 GIF may have 400 frames, not 4,000. */
export const MAX_ANIMATION_PIXELS = 100_000_000;
/** SVG is drawn at twice its own size (sharp on 2x screens), never wider than the widest variant. */
const SVG_SCALE = 2;
const SVG_MAX_WIDTH = 1600;

let sharp: typeof SharpDefault | undefined;

/** sharp, loaded when first needed: its native library costs a tenth of a second, which a cron run with no new image saves. */
export async function loadSharp(): Promise<typeof SharpDefault> {
  return (sharp ??= (await import('sharp')).default);
}

/** sharp once loadSharp() has run (the cache keys name its versions). */
export function loadedSharp(): typeof SharpDefault {
  if (!sharp) throw new Error('sharp is used before loadSharp()');
  return sharp;
}

/** The rules an inspection applied, as a cache key: a change of limits or of libvips inspects again. */
export async function inspectionKey(): Promise<string> {
  const { versions } = await loadSharp();
  const rules = { MAX_PIXELS, MAX_ANIMATION_PIXELS, SVG_SCALE, SVG_MAX_WIDTH, versions: { sharp: versions.sharp, vips: versions.vips } };
  return sha256(JSON.stringify(rules)).slice(0, 32);
}

/**
 * What a file really is, from its first bytes (a Content-Type and a file name are claims): the
 * formats the site publishes, `html` (the usual impostor: an error page saved as .jpg) or `unknown`.
 */
type SourceFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';
type Sniffed = SourceFormat | 'html' | 'unknown';

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

const GIF_TRAILER = 0x3b;
const PUBLISHED = 'JPEG, PNG, GIF, WebP, AVIF or SVG';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniffFormat(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isAvif(bytes)) return 'avif';
  return sniffText(bytes);
}

/** ISO-BMFF: a 'ftyp' box whose major or compatible brands include avif (still) or avis (sequence). */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = bytes.byteLength >= 8 ? view.getUint32(0) : 0;
  const end = Math.min(boxSize, bytes.byteLength, 256);
  for (let offset = 8; offset + 4 <= end; offset += 4) {
    if (offset === 12) continue; // minor version, not a brand
    const brand = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** Markup: the first element after the prolog (XML declaration, comments, doctype) decides. */
function sniffText(bytes: Uint8Array): Sniffed {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(PROLOG, '');
  if (/^<svg[\s>/]/i.test(text)) return 'svg';
  if (/^<(!doctype\s+html|html|head|body|meta|title|h1|p|div)[\s>/]/i.test(text)) return 'html';
  return 'unknown';
}

const PROLOG = /^\uFEFF?(?:\s*(?:<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>]*>))*\s*/i;

const BY_MIME: Record<string, SourceFormat> = { 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif', 'image/svg+xml': 'svg' };
const BY_EXTENSION: Record<string, SourceFormat> = { jpg: 'jpeg', jpeg: 'jpeg', jpe: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif', svg: 'svg' };

/** Facts about an image with the notes of `checkClaims`, or a MediaProblem saying why it cannot be published. */
export async function inspectImage(bytes: Uint8Array, declared: { contentType?: string; name: string }): Promise<ImageFacts & { notes: string[] }> {
  const notes = checkClaims(sniffFormat(bytes), declared);
  try {
    return { ...(await inspectBytes(bytes)), notes };
  } catch (error) {
    throw error instanceof MediaProblem ? new MediaProblem(error.kind, `${declared.name}: ${error.message}`) : error;
  }
}

/**
 * Declared type vs real type: the bytes win. A raster image declared as another raster type is used
 * as what it is (every variant is re-encoded, so browsers never see the mislabelled bytes), with a
 * note for the warnings. SVG on either side is refused: an SVG must be declared as one before the
 * build rasterizes it, and a "JPEG" that turns out to be markup is no honest mistake. Runs per URL
 * (the same bytes may hide behind two names).
 */
export function checkClaims(real: Sniffed, declared: { contentType?: string; name: string }): string[] {
  const { name } = declared;
  if (real === 'html') throw new MediaProblem('not-an-image', `${name}: an HTML page, not an image`);
  if (real === 'unknown') return [];
  const mime = declared.contentType?.split(';')[0]?.trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(name.split(/[?#]/)[0] ?? '')?.[1]?.toLowerCase();
  const claims = [
    { format: mime ? BY_MIME[mime] : undefined, by: `Content-Type ${mime}` },
    { format: extension ? BY_EXTENSION[extension] : undefined, by: `extension .${extension}` },
  ];
  const notes: string[] = [];
  for (const { format, by } of claims) {
    if (!format || format === real) continue;
    if (format === 'svg' || real === 'svg') throw new MediaProblem('type-mismatch', `${name}: ${label(real)} bytes declared as ${label(format)} (${by})`);
    notes.push(`${name}: ${label(real)} bytes declared as ${label(format)} (${by}), used as ${label(real)}`);
  }
  return notes;
}

/**
 * What the bytes are, whatever their name (cached by content). Dimensions come from the header
 * before anything is decoded, so a 20000 × 20000 bomb is refused without allocating its pixels; then
 * the whole file is decoded once at a small size, so a truncated file is found here, not by the encoders.
 */
export async function inspectBytes(bytes: Uint8Array): Promise<ImageFacts> {
  await loadSharp();
  const real = sniffFormat(bytes);
  if (real === 'html') throw new MediaProblem('not-an-image', 'an HTML page, not an image');
  if (real === 'unknown') throw await unknownFormatProblem(bytes);

  // libnsgif shows what it has of a cut GIF without a word; the trailer byte every complete GIF ends with tells.
  if (real === 'gif' && bytes[bytes.length - 1] !== GIF_TRAILER) throw new MediaProblem('truncated', 'the GIF ends early (no trailer)');
  const header = await loadedSharp()(bytes, { limitInputPixels: false, animated: real === 'gif' || real === 'webp' })
    .metadata()
    .catch((error: unknown) => {
      throw new MediaProblem('truncated', `unreadable ${label(real)} header (${firstLine(error)})`);
    });
  if (real === 'avif' && header.compression !== 'av1') throw new MediaProblem('unsupported', `HEIF with ${header.compression ?? 'unknown'} compression, not AVIF`);

  const frames = Math.max(1, header.pages ?? 1);
  const upright = frames > 1 ? { width: header.width, height: header.pageHeight ?? header.height } : header.autoOrient;
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
