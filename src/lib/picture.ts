import { slotForPicture, slotWidths, type ImageShape, type ImageSlot, type ImageSlotName } from './image-layout.js';

/**
 * What the build made of one WordPress image (see build/media), and what a `<picture>` needs.
 * Plain JSON both: prepared images travel from the build into pages, pictures into island props and
 * the news JSON pages.
 */
export type MediaFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'gif';

export interface MediaVariant {
  /** Root-relative public path, named by the file's own content: '/media/3fa29c1b0d6e4a57-800.avif'. */
  path: string;
  width: number;
  height: number;
  format: MediaFormat;
  shape: ImageShape;
  bytes: number;
}

export interface PreparedImage {
  /** The source as downloaded (after orientation): its proportions give width/height to layouts. */
  width: number;
  height: number;
  /** Each encoded file; fallbacks are the variants in the source's own format (jpeg, png or gif). */
  variants: MediaVariant[];
}

export interface PictureSource {
  type: `image/${'avif' | 'webp'}`;
  srcSet: string;
}

export interface PictureData {
  sources: PictureSource[];
  sizes: string;
  /** The fallback file: browsers without AVIF and WebP, crawlers, social previews. */
  src: string;
  width: number;
  height: number;
  alt: string;
}

const MODERN: readonly ('avif' | 'webp')[] = ['avif', 'webp'];

/**
 * The `<picture>` of one prepared image in one slot: modern formats as `<source>`s (AVIF first: the
 * browser takes the first type it supports), every width of the slot's shape that the build made,
 * and the fallback as `<img src>`. Undefined when the image has nothing for this shape.
 */
export function pictureFor(image: PreparedImage, slot: ImageSlot | ImageSlotName, alt: string): PictureData | undefined {
  // A named slot fits this picture's proportions (a cropped box draws a wide picture wider).
  const layout = typeof slot === 'string' ? slotForPicture(slot, image.width / image.height) : slot;
  const ofShape = image.variants.filter((variant) => variant.shape === layout.shape);
  const fallback = largest(ofShape.filter((variant) => !isModern(variant.format)));
  if (!fallback) return undefined;
  // Wider than any width the slot asked for is never chosen by a browser that honours `sizes`.
  const widest = Math.max(...slotWidths(layout));
  const sources = MODERN.flatMap((format): PictureSource[] => {
    const all = ofShape.filter((variant) => variant.format === format).sort((a, b) => a.width - b.width);
    const useful = all.filter((variant) => variant.width <= widest);
    const chosen = useful.length > 0 ? useful : all.slice(0, 1);
    return chosen.length > 0 ? [{ type: `image/${format}`, srcSet: chosen.map((variant) => `${variant.path} ${variant.width}w`).join(', ') }] : [];
  });
  // Proportions come from the fallback; the CSS of every slot sets the drawn size, so these numbers
  // only reserve the space (no layout shift). A square slot reports its drawn size.
  const drawn = layout.shape === 'square' ? (layout.widths1x[0] ?? fallback.width) : undefined;
  return {
    sources,
    sizes: layout.sizes,
    src: fallback.path,
    width: drawn ?? fallback.width,
    height: drawn ?? fallback.height,
    alt,
  };
}

function isModern(format: MediaFormat): format is 'avif' | 'webp' {
  return format === 'avif' || format === 'webp';
}

function largest(variants: MediaVariant[]): MediaVariant | undefined {
  return variants.reduce<MediaVariant | undefined>((best, variant) => (!best || variant.width > best.width ? variant : best), undefined);
}
