import { Parser } from 'htmlparser2';
import { parseSrcset } from './media/collect-images.js';

/** The phone the report weighs images for: a common Android viewport at ratio 2, and the root font size of `rem` lengths. */
export const PHONE = { width: 412, height: 915, pixelRatio: 2, rootFontPx: 16 } as const;

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
  // A <picture>'s own images are weighed when it closes, with its AVIF source.
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
  parser.end(imageMarkup(html));
  return weight;
}

/**
 * The part of a page the weighing parses: each `<picture>` whole and each `<img>` outside one, not
 * island props nor text. Text and attribute values hold no raw `<` or `>` (React, the sanitizer and
 * the JSON-LD escape them) and tag names are in lower case (they write them so).
 */
function imageMarkup(html: string): string {
  return (html.match(IMAGE_MARKUP) ?? []).filter((found) => !found.startsWith('<!--')).join('');
}

/** A comment, a `<picture>` to its end, or an `<img>` tag: an unclosed comment or picture runs to the end of the page. */
const IMAGE_MARKUP = /<!--[\s\S]*?(?:-->|$)|<picture(?![\w:-])[\s\S]*?(?:<\/picture[^>]*>|$)|<img(?![\w:-])[^>]*>/g;

type Attributes = Record<string, string>;

/** The candidate a browser picks: the narrowest at least as wide as the slot × pixel ratio, else the widest. */
export function pickCandidate(srcset: string, sizes: string | undefined): string | undefined {
  const candidates = parseSrcset(srcset);
  const sized = candidates.filter((candidate) => candidate.width !== undefined).sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  if (sized.length === 0) return candidates[0]?.url;
  const needed = slotWidth(sizes) * PHONE.pixelRatio;
  return (sized.find((candidate) => (candidate.width ?? 0) >= needed) ?? sized.at(-1))?.url;
}

/** The slot width `sizes` gives at the phone's viewport (100vw when there is no `sizes`). */
export function slotWidth(sizes: string | undefined): number {
  if (!sizes) return PHONE.width;
  // Entries split on the commas outside parentheses (the hero's `max(100vw, …)` holds one).
  for (const entry of topLevelEntries(sizes)) {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|rem|em)\s*\)\s+(.+)$/.exec(entry);
    if (!match) return length(entry);
    const [, kind, value, unit, rest] = match as unknown as [string, 'min' | 'max', string, string, string];
    const limit = Number(value) * (unit === 'px' ? 1 : PHONE.rootFontPx);
    if (kind === 'max' ? PHONE.width <= limit : PHONE.width >= limit) return length(rest);
  }
  return PHONE.width;
}

function topLevelEntries(sizes: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < sizes.length; index += 1) {
    const char = sizes[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === ',' && depth === 0) {
      entries.push(sizes.slice(start, index));
      start = index + 1;
    }
  }
  entries.push(sizes.slice(start));
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/**
 * `840px`, `30rem`, `100vw`, `calc(100vw - 32px)`, `max(100vw, min(82vh, 720px) * 1.78)`: the lengths
 * our `sizes` use, at the phone's viewport; anything else counts as the viewport's width.
 */
function length(text: string): number {
  const tokens = text.match(/[\d.]+[a-z%]*|[a-z]+\(|[-+*/(),]/g) ?? [];
  let at = 0;
  const next = () => tokens[at++];
  const UNITS: Record<string, number> = { '': 1, px: 1, vw: PHONE.width / 100, vh: PHONE.height / 100, rem: PHONE.rootFontPx, em: PHONE.rootFontPx };
  // sum := product (('+' | '-') product)*; product := value (('*' | '/') value)*
  const sum = (): number => {
    let value = product();
    while (tokens[at] === '+' || tokens[at] === '-') value += next() === '+' ? product() : -product();
    return value;
  };
  const product = (): number => {
    let value = operand();
    while (tokens[at] === '*' || tokens[at] === '/') value = next() === '*' ? value * operand() : value / operand();
    return value;
  };
  const operand = (): number => {
    const token = next() ?? '';
    if (token === '(' || token === 'calc(') return closed(sum());
    if (token === 'min(' || token === 'max(') {
      const values = [sum()];
      while (tokens[at] === ',') {
        at += 1;
        values.push(sum());
      }
      return closed(token === 'min(' ? Math.min(...values) : Math.max(...values));
    }
    const number = /^([\d.]+)([a-z%]*)$/.exec(token);
    const unit = number ? UNITS[number[2] as string] : undefined;
    if (!number || unit === undefined) throw new Error(`unreadable length ${text}`);
    return Number(number[1]) * unit;
  };
  const closed = (value: number) => {
    if (next() !== ')') throw new Error(`unreadable length ${text}`);
    return value;
  };
  try {
    const value = sum();
    return at === tokens.length && Number.isFinite(value) ? value : PHONE.width;
  } catch {
    return PHONE.width;
  }
}
