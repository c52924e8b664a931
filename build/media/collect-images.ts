import { Parser, type DomUtils } from 'htmlparser2';
import { isObject, rendered } from '../json-values.js';
import type { MediaRequest } from './prepare.js';

/** An htmlparser2 element (typed through the library's own helpers: domhandler is not ours to import). */
export type HtmlElement = Parameters<typeof DomUtils.getAttributeValue>[0];

/** One `<img>` of a post's HTML: the file worth downloading and the other URLs that name the same picture. */
export interface ContentImage {
  /** The widest candidate (srcset's largest `w`, else `src`): converted to every width we need. */
  source: string;
  /** `src`, the other srcset candidates and a wrapping link to the file: same picture, other sizes. */
  aliases: string[];
  /** The `width` attribute: the editor drew the image at most this wide. */
  maxCssWidth?: number;
  /** An image of a gallery: drawn as wide as its column, cropped to `crop` proportions when its CSS crops. */
  gallery?: { columns: number; crop?: number };
}

type Gallery = NonNullable<ContentImage['gallery']>;

interface PostImages {
  /** `source_url` (the full size WordPress keeps) and every `media_details.sizes.*.source_url`. */
  featured?: { source: string; aliases: string[] };
  /** Content first, then excerpt; each source once. */
  content: ContentImage[];
  /** URLs the REST API itself returned as media: the downloader may fetch them outside uploads. */
  vouched: string[];
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Every image a raw REST post shows: its featured media and each `<img>` of its content and excerpt. */
export function collectPostImages(rawPost: unknown): PostImages {
  if (!isObject(rawPost)) return { content: [], vouched: [] };
  const embedded = isObject(rawPost._embedded) ? rawPost._embedded : {};
  const media = Array.isArray(embedded['wp:featuredmedia']) ? embedded['wp:featuredmedia'][0] : undefined;
  const featured = featuredImage(media);
  const content = new Map<string, ContentImage>();
  for (const html of [rendered(rawPost.content), rendered(rawPost.excerpt)]) {
    for (const image of contentImages(html)) if (!content.has(image.source)) content.set(image.source, image);
  }
  return {
    ...(featured ? { featured } : {}),
    content: [...content.values()],
    vouched: featured ? [featured.source, ...featured.aliases] : [],
  };
}

/**
 * What prepareMedia should make for one post: the featured image for the cards, the article, the home
 * hero and the sidebar's square thumbnails; body images for the article column, capped at their width.
 */
export function mediaRequestsOf(postId: number, images: PostImages): MediaRequest[] {
  const requests: MediaRequest[] = [];
  if (images.featured) {
    for (const slot of ['card', 'article', 'hero', 'thumb'] as const) requests.push({ url: images.featured.source, postId, slot });
  }
  for (const image of images.content) {
    requests.push({ url: image.source, postId, slot: 'content', ...(image.maxCssWidth !== undefined ? { maxCssWidth: image.maxCssWidth } : {}) });
  }
  return requests;
}

function featuredImage(media: unknown): PostImages['featured'] {
  // WordPress embeds an error object ({ code, message }) for a private or deleted attachment.
  if (!isObject(media) || typeof media.code === 'string' || !nonEmptyString(media.source_url)) return undefined;
  const details = isObject(media.media_details) ? media.media_details : {};
  const sizes = isObject(details.sizes) ? Object.values(details.sizes) : [];
  const aliases = sizes.flatMap((size) => (isObject(size) && nonEmptyString(size.source_url) && size.source_url !== media.source_url ? [size.source_url] : []));
  return { source: media.source_url, aliases: [...new Set(aliases)].sort() };
}

/** Each `<img>` of an HTML fragment, in document order, read as the parser goes (a tree of every body costs a clean build a tenth of a second). */
function contentImages(html: string): ContentImage[] {
  if (!html.includes('<img') && !html.includes('<IMG')) return [];
  const images: ContentImage[] = [];
  const open: { name: string; href: string | undefined; gallery: Gallery | undefined }[] = [];
  const parser = new Parser({
    onopentag: (name, attribs) => {
      const parent = open.at(-1);
      if (name === 'img') {
        const image = describeImage(attribs, parent?.name === 'a' ? parent.href : undefined, parent?.gallery);
        if (image) images.push(image);
      }
      open.push({ name, href: name === 'a' ? attribs.href : undefined, gallery: parent?.gallery ?? galleryOf(attribs.class) });
    },
    onclosetag: () => void open.pop(),
  });
  parser.end(html);
  return images;
}

/** The picture an `<img>` element of a document tree shows; undefined for an `<img>` without any URL. */
export function describeImg(element: HtmlElement): ContentImage | undefined {
  const parent = element.parent && 'name' in element.parent ? element.parent : undefined;
  let gallery: Gallery | undefined;
  for (let ancestor = element.parent; ancestor && 'name' in ancestor && gallery === undefined; ancestor = ancestor.parent) gallery = galleryOf(ancestor.attribs.class);
  return describeImage(element.attribs, parent?.name === 'a' ? parent.attribs.href : undefined, gallery);
}

/** The picture an `<img>` with these attributes shows, `linkHref` the address of the link around it, `gallery` the one it is in. */
function describeImage(attribs: Record<string, string>, linkHref: string | undefined, gallery: Gallery | undefined): ContentImage | undefined {
  const src = attribs.src?.trim();
  const candidates = parseSrcset(attribs.srcset ?? '');
  const widest = candidates.filter((candidate) => candidate.width !== undefined).sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0];
  const given = widest?.url ?? src ?? candidates[0]?.url;
  if (!given) return undefined;
  // A gallery shows each picture as wide as its column: WordPress's 150x150 thumbnail (what
  // `[gallery]` names by default) would be stretched, so its full size is the one to convert.
  const source = gallery !== undefined ? (originalOf(given) ?? given) : given;
  const link = linkHref?.trim();
  const linkToFile = link && /\.(jpe?g|png|gif|webp|avif)(\?.*)?$/i.test(link) ? link : undefined;
  const aliases = [...new Set([given, src, ...candidates.map((candidate) => candidate.url), linkToFile].filter(nonEmptyString))].filter((url) => url !== source);
  if (gallery !== undefined) return { source, aliases, gallery };
  // A cover block's background fills the block, whatever width the editor's image had.
  const width = /(^|\s)wp-block-cover__image-background(\s|$)/.test(attribs.class ?? '') ? NaN : Number(attribs.width);
  return { source, aliases, ...(Number.isInteger(width) && width > 0 ? { maxCssWidth: width } : {}) };
}

/** WordPress names the sizes it makes `<name>-<w>x<h>.<ext>` next to the upload `<name>.<ext>`. */
const SIZE_SUFFIX = /-\d+x\d+(\.(?:jpe?g|png|gif|webp|avif))(\?[^#]*)?$/i;

/** The uploaded file a WordPress size was made from ('a-150x150.jpg' → 'a.jpg'); undefined for a name without a size. */
export function originalOf(url: string): string | undefined {
  const match = SIZE_SUFFIX.exec(url);
  return match ? `${url.slice(0, match.index)}${match[1] as string}${match[2] ?? ''}` : undefined;
}

/**
 * A gallery from its classes: its columns (`columns-2`, `gallery-columns-4`; 3 by default), and its
 * crop as content/20-media.css draws it (a cropped gallery block 3:2, `[gallery]`'s default
 * thumbnail size square); undefined when not a gallery.
 */
function galleryOf(classes: string | undefined): Gallery | undefined {
  if (!classes || !/(^|\s)(gallery|wp-block-gallery|blocks-gallery-grid)(\s|$)/.test(classes)) return undefined;
  const number = Number(/(?:^|\s)(?:gallery-)?columns-(\d)(?:\s|$)/.exec(classes)?.[1] ?? 3);
  const columns = number >= 1 ? number : 3;
  const crop = /(^|\s)gallery-size-thumbnail(\s|$)/.test(classes) ? 1 : /(^|\s)is-cropped(\s|$)/.test(classes) ? 3 / 2 : undefined;
  return crop === undefined ? { columns } : { columns, crop };
}

/**
 * `srcset` candidates, as the HTML standard splits them: a URL runs to the next whitespace (it may
 * hold commas); a comma right after it, or after the descriptors, ends the candidate.
 */
export function parseSrcset(srcset: string): { url: string; width?: number }[] {
  const candidates: { url: string; width?: number }[] = [];
  let rest = srcset;
  for (;;) {
    rest = rest.replace(/^[\s,]+/, '');
    if (!rest) return candidates;
    const urlMatch = /^\S+/.exec(rest) as RegExpExecArray;
    let url = urlMatch[0];
    rest = rest.slice(url.length);
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const end = rest.indexOf(',');
      descriptors = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end + 1);
    }
    const width = /^\s*(\d+)w\s*$/.exec(descriptors)?.[1];
    candidates.push({ url, ...(width ? { width: Number(width) } : {}) });
  }
}
