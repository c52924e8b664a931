import { Parser } from 'htmlparser2';

/**
 * The phone the report weighs images for: a common Android viewport at device pixel ratio 2
 * (browsers pick the srcset candidate for width × ratio), and the root font size of `rem` lengths.
 */
export const PHONE = { width: 412, pixelRatio: 2, rootFontPx: 16 } as const;

/** Image bytes a phone downloads for one page: the eager images, and all of them once scrolled. */
export interface MediaWeight {
  eager: number;
  total: number;
}

/**
 * What a phone downloads for the images of `html`: per `<picture>`, the AVIF candidate its `sizes`
 * asks for at the phone's width (the browsers that fans use decode AVIF); a lone `<img>` its `src`.
 * `sizeOf` gives a site path's byte size (undefined for what is not the site's file, left out).
 */
export function phoneMediaWeight(html: string, sizeOf: (sitePath: string) => number | undefined): MediaWeight {
  const weight: MediaWeight = { eager: 0, total: 0 };
  const weigh = (img: Attributes, avif: Attributes | undefined) => {
    const srcset = avif?.srcset ?? img.srcset;
    const sizes = avif?.sizes ?? img.sizes;
    const url = srcset ? pickCandidate(srcset, sizes) : img.src;
    const bytes = url ? sizeOf(url) : undefined;
    if (bytes === undefined) return;
    weight.total += bytes;
    if (img.loading !== 'lazy') weight.eager += bytes;
  };
  // Read as a stream, not as a tree: the report weighs the largest page of each type on every
  // build that changes it, and building its DOM cost a cron run with a new post 15 ms. The
  // images of a <picture> (its children) are weighed when it closes, with its AVIF source.
  const open: string[] = [];
  const pictures: { avif?: Attributes; images: Attributes[]; depth: number }[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      const picture = pictures.at(-1);
      const child = picture !== undefined && picture.depth === open.length;
      if (name === 'img') {
        if (child) picture.images.push(attribs);
        else weigh(attribs, undefined);
      } else if (name === 'source' && child && attribs.type === 'image/avif') {
        picture.avif ??= attribs;
      }
      open.push(name);
      if (name === 'picture') pictures.push({ images: [], depth: open.length });
    },
    onclosetag(name) {
      const picture = pictures.at(-1);
      if (name === 'picture' && picture?.depth === open.length) {
        pictures.pop();
        for (const img of picture.images) weigh(img, picture.avif);
      }
      open.pop();
    },
  });
  parser.end(html);
  return weight;
}

type Attributes = Record<string, string>;

/** The candidate a browser picks: the narrowest at least as wide as the slot × pixel ratio, else the widest. */
export function pickCandidate(srcset: string, sizes: string | undefined): string | undefined {
  const candidates = srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, descriptor]) => ({ url: url ?? '', width: Number(descriptor?.replace(/w$/, '') ?? NaN) }))
    .filter((candidate) => candidate.url && Number.isFinite(candidate.width))
    .sort((a, b) => a.width - b.width);
  if (candidates.length === 0) return srcset.trim().split(/\s+/)[0];
  const needed = slotWidth(sizes) * PHONE.pixelRatio;
  return (candidates.find((candidate) => candidate.width >= needed) ?? candidates.at(-1))?.url;
}

/** The slot width `sizes` gives at the phone's viewport (100vw when there is no `sizes`). */
export function slotWidth(sizes: string | undefined): number {
  if (!sizes) return PHONE.width;
  // Our `sizes` hold no comma inside a condition or a `calc()`, so entries split on every comma.
  for (const entry of sizes.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|rem|em)\s*\)\s+(.+)$/.exec(entry);
    if (!match) return length(entry);
    const [, kind, value, unit, rest] = match as unknown as [string, 'min' | 'max', string, string, string];
    const limit = Number(value) * (unit === 'px' ? 1 : PHONE.rootFontPx);
    if (kind === 'max' ? PHONE.width <= limit : PHONE.width >= limit) return length(rest);
  }
  return PHONE.width;
}

/** `840px`, `30rem`, `100vw`, `calc(100vw - 32px)`: the lengths our `sizes` use. */
function length(text: string): number {
  const calc = /^calc\(\s*([\d.]+)vw\s*([-+])\s*([\d.]+)px\s*\)$/.exec(text.trim());
  if (calc) {
    const [, vw, sign, px] = calc as unknown as [string, string, string, string];
    return (Number(vw) / 100) * PHONE.width + (sign === '-' ? -1 : 1) * Number(px);
  }
  const simple = /^([\d.]+)(px|rem|em|vw)$/.exec(text.trim());
  if (!simple) return PHONE.width;
  const [, value, unit] = simple as unknown as [string, string, string];
  if (unit === 'vw') return (Number(value) / 100) * PHONE.width;
  return Number(value) * (unit === 'px' ? 1 : PHONE.rootFontPx);
}
