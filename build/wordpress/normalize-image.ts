import { isPositiveIntegerId } from '../../src/routes/paths.js';
import { safeImageUrl, toPlainText } from '../../src/lib/sanitize.js';
import type { ImageSize, NewsImage } from '../../src/types/news.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Proportions may differ by rounding only; crops (the 150×150 thumbnail) stay out of srcset. */
const SAME_RATIO_TOLERANCE = 0.02;

/**
 * `_embedded['wp:featuredmedia'][0]` → our image: every size with the original's proportions for
 * srcset, the square thumbnail apart. WordPress answers an error object here when the media is private
 * or deleted; sizes it does not know (plugins add some) are read like the others when well-formed.
 */
export function normalizeImage(media: unknown, titleText: string, note: (message: string) => void): NewsImage | null {
  if (!isObject(media) || typeof media.code === 'string') {
    note('featured image unavailable');
    return null;
  }
  const details = isObject(media.media_details) ? media.media_details : {};
  const rawSizes = isObject(details.sizes) ? details.sizes : {};
  const sizes = new Map<string, ImageSize>();
  let skipped = 0;
  for (const value of Object.values(rawSizes)) {
    const size = readSize(value);
    if (size) sizes.set(size.src, size);
    else skipped += 1;
  }
  if (skipped > 0) note(`${skipped} unreadable image size${skipped > 1 ? 's' : ''} ignored`);
  const source = safeImageUrl(media.source_url);
  const width = isPositiveIntegerId(details.width) ? details.width : undefined;
  const height = isPositiveIntegerId(details.height) ? details.height : undefined;
  if (source && width && height && !sizes.has(source)) sizes.set(source, { src: source, width, height });
  const all = [...sizes.values()].sort((a, b) => a.width - b.width || a.height - b.height);
  const largest = width && height && source ? { src: source, width, height } : all.at(-1);
  if (!largest) {
    note('featured image without a usable URL or size');
    return null;
  }
  const ratio = largest.width / largest.height;
  const sameRatio = all.filter((size) => Math.abs(size.width / size.height - ratio) / ratio <= SAME_RATIO_TOLERANCE);
  const thumbnail = readSize(rawSizes.thumbnail) ?? all.find((size) => size.width <= 300);
  const alt = toPlainText(typeof media.alt_text === 'string' ? media.alt_text : '') || `Illustration : ${titleText}`;
  return {
    ...largest,
    alt,
    sizes: sameRatio.length > 0 ? sameRatio : [largest],
    ...(thumbnail ? { thumbnail } : {}),
  };
}

function readSize(value: unknown): ImageSize | undefined {
  if (!isObject(value)) return undefined;
  const src = safeImageUrl(value.source_url);
  if (!src || !isPositiveIntegerId(value.width) || !isPositiveIntegerId(value.height)) return undefined;
  return { src, width: value.width, height: value.height };
}
