import { DomUtils, parseDocument } from 'htmlparser2';
import { cappedSlot, IMAGE_SLOTS } from '../../src/lib/image-layout.js';
import { pictureFor, type PreparedImage } from '../../src/lib/picture.js';
import { describeImg, type HtmlElement } from './collect-images.js';

type HtmlNode = HtmlElement['children'][number];

export interface RewriteResult {
  html: string;
  /** Sources of the images taken out (their problem was reported by prepareMedia). */
  removed: string[];
}

/** Elements that still show something once an image inside them is gone. */
const MEDIA = new Set(['img', 'picture', 'iframe', 'video', 'audio']);

/**
 * A sanitized article body with every `<img>` served by the site: a `<picture>` with AVIF and WebP
 * sources at the widths made for it, `sizes` from the article column (capped at the editor's width),
 * and the fallback `<img>` keeping alt, width, height and class, lazy and async. A link that opened the
 * image file opens ours. An image the build could not prepare (refused host, 404, not an image…) is
 * removed, with the link that only wrapped it, a paragraph left empty, and its figure when nothing
 * else is shown in it: a caption under no picture says nothing. The result is trusted HTML (it only
 * adds our own paths to sanitized markup): do not sanitize it again, the allow-list has no `<picture>`.
 */
export function rewriteContentImages(html: string, lookup: (source: string) => PreparedImage | undefined): RewriteResult {
  if (!/<img\b/i.test(html)) return { html, removed: [] };
  const document = parseDocument(html);
  const removed: string[] = [];
  for (const img of DomUtils.findAll((element) => element.name === 'img', document.children)) {
    const described = describeImg(img);
    const prepared = described ? lookup(described.source) : undefined;
    const picture = prepared && described ? toPicture(img, prepared, described.maxCssWidth) : undefined;
    if (picture && prepared) {
      const link = img.parent && 'name' in img.parent && img.parent.name === 'a' ? img.parent : undefined;
      if (link && described && [described.source, ...described.aliases].includes(link.attribs.href?.trim() ?? '')) link.attribs.href = picture.fallback;
      DomUtils.replaceElement(img, picture.element);
    } else {
      removed.push(described?.source ?? '');
      removeWithEmptyWrappers(img);
    }
  }
  return { html: DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' }), removed };
}

function toPicture(img: HtmlElement, image: PreparedImage, maxCssWidth: number | undefined): { element: HtmlElement; fallback: string } | undefined {
  const slot = maxCssWidth !== undefined ? cappedSlot('content', maxCssWidth) : IMAGE_SLOTS.content;
  const data = pictureFor(image, slot, img.attribs.alt ?? '');
  if (!data) return undefined;
  const picture = element('picture', {});
  for (const source of data.sources) DomUtils.appendChild(picture, element('source', { type: source.type, srcset: source.srcSet, sizes: data.sizes }));
  // The editor's width and height (both, or neither) keep the place the image had; else our fallback's.
  const width = Number(img.attribs.width);
  const height = Number(img.attribs.height);
  const keepsSize = width > 0 && height > 0;
  const attributes: Record<string, string> = {};
  for (const name of ['class', 'title', 'lang', 'style']) {
    const value = img.attribs[name];
    if (value !== undefined) attributes[name] = value;
  }
  Object.assign(attributes, {
    src: data.src,
    alt: data.alt,
    width: String(keepsSize ? width : data.width),
    height: String(keepsSize ? height : data.height),
    loading: 'lazy',
    decoding: 'async',
  });
  DomUtils.appendChild(picture, element('img', attributes));
  return { element: picture, fallback: data.src };
}

/** A new element, made by the parser itself (domhandler's constructors are not a dependency of ours). */
function element(name: string, attributes: Record<string, string>): HtmlElement {
  const made = parseDocument(`<${name}>`).children[0] as HtmlElement;
  made.attribs = attributes;
  return made;
}

function removeWithEmptyWrappers(img: HtmlElement): void {
  let node: HtmlNode = img;
  let parent = img.parent;
  // A link around nothing but the image goes with it.
  if (parent && 'name' in parent && parent.name === 'a' && onlyChild(parent, node)) {
    node = parent;
    parent = parent.parent;
  }
  DomUtils.removeElement(node);
  while (parent && 'name' in parent && (parent.name === 'figure' || parent.name === 'p') && !showsSomething(parent)) {
    const next: typeof parent.parent = parent.parent;
    DomUtils.removeElement(parent);
    parent = next;
  }
}

function onlyChild(parent: HtmlElement, child: HtmlNode): boolean {
  return parent.children.every((node) => node === child || (node.type === 'text' && DomUtils.getText(node).trim() === ''));
}

/** A figure still shows media; a paragraph still has text or media. */
function showsSomething(element: HtmlElement): boolean {
  if (DomUtils.findOne((child) => MEDIA.has(child.name), element.children)) return true;
  return element.name === 'p' && DomUtils.textContent(element).trim() !== '';
}
