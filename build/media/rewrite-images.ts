import { DomUtils, parseDocument } from 'htmlparser2';
import { cappedSlot, coverBlockSizes, gallerySizes, IMAGE_SLOTS } from '../../src/lib/image-layout.js';
import { pictureFor, type PreparedImage } from '../../src/lib/picture.js';
import { describeImg, type ContentImage, type HtmlElement } from './collect-images.js';
import { isWordPressAddress } from './wordpress-links.js';

type HtmlNode = HtmlElement['children'][number];

/** Elements that still show something once an image inside them is gone. */
const MEDIA = new Set(['img', 'picture', 'iframe', 'video', 'audio']);
/** Wrappers an image leaves empty go with it (a gallery item's `div.gallery-icon`, a block's `div.wp-block-image`, a list item). */
const WRAPPERS = new Set(['figure', 'p', 'div', 'span', 'a', 'li', 'ul', 'ol', 'dl', 'dt', 'dd']);

/**
 * A sanitized article body with every `<img>` a `<picture>` of the site's files; a link that opened
 * the image file, or WordPress's attachment page of it, opens ours. An image the build could not
 * prepare is removed (listed in `removed`) with the wrappers it leaves empty: a caption under no
 * picture says nothing. The result is trusted HTML: do not sanitize it again, the allow-list has no `<picture>`.
 */
export function rewriteContentImages(
  html: string,
  lookup: (source: string) => PreparedImage | undefined,
  options: { wordpressOrigins?: readonly string[] } = {},
): { html: string; removed: string[] } {
  if (!/<img\b/i.test(html)) return { html, removed: [] };
  const document = parseDocument(html);
  const removed: string[] = [];
  for (const img of DomUtils.findAll((element) => element.name === 'img', document.children)) {
    const described = describeImg(img);
    const prepared = described && lookup(described.source);
    const picture = described && prepared && toPicture(img, prepared, described);
    if (described && picture) {
      const link = img.parent && 'name' in img.parent && img.parent.name === 'a' ? img.parent : undefined;
      const href = link?.attribs.href?.trim() ?? '';
      const opensThisImage = [described.source, ...described.aliases].includes(href);
      if (link && (opensThisImage || (onlyChild(link, img) && isWordPressAddress(href, options.wordpressOrigins ?? [])))) link.attribs.href = picture.fallback;
      DomUtils.replaceElement(img, picture.element);
    } else {
      removed.push(described?.source ?? '');
      removeWithEmptyWrappers(img);
    }
  }
  return { html: DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' }), removed };
}

function toPicture(img: HtmlElement, image: PreparedImage, described: ContentImage): { element: HtmlElement; fallback: string } | undefined {
  const { maxCssWidth, gallery } = described;
  const slot = maxCssWidth !== undefined ? cappedSlot('content', maxCssWidth) : IMAGE_SLOTS.content;
  const data = pictureFor(image, slot, img.attribs.alt ?? '');
  if (!data) return undefined;
  // Boxes that crop (`object-fit: cover`) draw a picture wider than their proportions wider than
  // their column: a cropped gallery, a cover block (which has no maxCssWidth, see describeImage).
  const cover = /(^|\s)wp-block-cover__image-background(\s|$)/.test(img.attribs.class ?? '');
  const aspect = image.width / image.height;
  const sizes = gallery ? gallerySizes(gallery.columns, gallery.crop ? aspect / gallery.crop : 1) : cover ? coverBlockSizes(aspect) : data.sizes;
  const picture = element('picture', {});
  for (const source of data.sources) DomUtils.appendChild(picture, element('source', { type: source.type, srcset: source.srcSet, sizes }));
  // The editor's width and height (both, or neither) keep the place the image had; else our fallback's.
  // A gallery's are its thumbnail's (150x150), not the picture's: the column and the CSS draw it.
  const width = Number(img.attribs.width);
  const height = Number(img.attribs.height);
  const keepsSize = !gallery && width > 0 && height > 0;
  const kept = ['class', 'title', 'lang', 'style'].filter((name) => img.attribs[name] !== undefined);
  DomUtils.appendChild(picture, element('img', {
    ...Object.fromEntries(kept.map((name) => [name, img.attribs[name] as string])),
    src: data.src,
    alt: data.alt,
    width: String(keepsSize ? width : data.width),
    height: String(keepsSize ? height : data.height),
    loading: 'lazy',
    decoding: 'async',
  }));
  return { element: picture, fallback: data.src };
}

/** A new element, made by the parser itself (domhandler's constructors are not a dependency of ours). */
function element(name: string, attributes: Record<string, string>): HtmlElement {
  const made = parseDocument(`<${name}>`).children[0] as HtmlElement;
  made.attribs = attributes;
  return made;
}

function removeWithEmptyWrappers(img: HtmlElement): void {
  let parent = img.parent;
  DomUtils.removeElement(img);
  // Up through what held only the image: its link, a gallery item's icon box, the figure with its
  // caption, the gallery itself once its last picture is gone. A wrapper with text or media stays.
  while (parent && 'name' in parent && WRAPPERS.has(parent.name) && !showsSomething(parent)) {
    const next: typeof parent.parent = parent.parent;
    DomUtils.removeElement(parent);
    parent = next;
  }
}

function onlyChild(parent: HtmlElement, child: HtmlNode): boolean {
  return parent.children.every((node) => node === child || (node.type === 'text' && DomUtils.getText(node).trim() === ''));
}

/** A wrapper still shows media or text; a figure's caption alone says nothing (a table's figure keeps its table). */
function showsSomething(element: HtmlElement): boolean {
  if (DomUtils.findOne((child) => MEDIA.has(child.name), element.children)) return true;
  const shown = element.name === 'figure' ? element.children.filter((child) => !('name' in child && child.name === 'figcaption')) : element.children;
  return DomUtils.textContent(shown).trim() !== '';
}
