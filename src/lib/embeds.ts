import type { ChildNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { defaultEmbedTitle, readEmbedUrl, type EmbedProps, type EmbedTarget } from './embed-providers.js';
import type { Note } from './wp-leftovers.js';

/**
 * Videos, social posts and maps in a WordPress content become click-to-load placeholders, so a
 * fan's browser asks nothing of YouTube, X or Google before the fan does (issue 16). Runs at
 * normalize time on SANITIZED HTML (src/lib/sanitize.ts): the sanitizer's iframe allow-list has
 * already dropped every iframe of another host, and scripts (X's widgets.js, Instagram's
 * embed.js) are gone, their blockquotes kept. Here:
 * - an iframe of a known provider whose address reads as a video, post or map (embed-providers.ts)
 *   becomes the placeholder; any other iframe left (an allowed host, an address that is not a
 *   video: a channel, a malformed id) is removed with a warning: no iframe leaves this function;
 * - X, Instagram and Facebook blockquotes (what their "embed" code leaves without its script)
 *   become the placeholder of the post they link to;
 * - WordPress's embed block (`figure.wp-block-embed`) keeps its figure and caption; its iframe,
 *   blockquote or bare URL (oEmbed failed) becomes the placeholder, titled by its caption when
 *   the frame has no title.
 * Only the replaced elements change: the rest of the HTML keeps its bytes (positions from the parser).
 */

/** Renders a placeholder (the `embed` island's server markup); given by the build, which may render components. */
export type RenderEmbed = (props: EmbedProps) => string;

/** Cheap test first: most posts embed nothing and are not parsed again. */
const CANDIDATE = /<iframe|twitter-tweet|instagram-media|fb-xfbml-parse-ignore|fb-post|wp-block-embed/i;
const SOCIAL_QUOTE = /(^|\s)(twitter-tweet|twitter-video|instagram-media|fb-xfbml-parse-ignore)(\s|$)/;
const TITLE_LENGTH = 160;

interface Replacement {
  start: number;
  end: number;
  html: string;
}

export function replaceEmbeds(html: string, render: RenderEmbed, note: Note): string {
  if (!CANDIDATE.test(html)) return html;
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true, decodeEntities: true, lowerCaseTags: true });
  const replacements: Replacement[] = [];
  const replace = (node: Element, replacement: string) => {
    if (node.startIndex === null || node.endIndex === null) return;
    replacements.push({ start: node.startIndex, end: node.endIndex + 1, html: replacement });
  };

  const visit = (nodes: readonly ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'tag') continue;
      if (node.name === 'figure' && hasClass(node, 'wp-block-embed')) {
        embedBlock(node);
      } else if (node.name === 'iframe') {
        iframe(node);
      } else if (!(node.name === 'blockquote' && SOCIAL_QUOTE.test(node.attribs.class ?? '') && socialQuote(node))) {
        visit(node.children);
      }
    }
  };

  const iframe = (node: Element, caption = '') => {
    const src = node.attribs.src ?? '';
    const target = readEmbedUrl(src);
    if (!target?.frame) {
      note(`iframe of ${hostOf(src)} removed: its address is not a video, post or map the site can embed`);
      replace(node, '');
      return;
    }
    replace(node, render(withTitle(target, node.attribs.title, caption)));
  };

  const socialQuote = (node: Element, caption = ''): boolean => {
    const target = socialTarget(node);
    if (!target) return false;
    replace(node, render(withTitle(target, caption, quoteTitle(node, target))));
    return true;
  };

  const embedBlock = (figure: Element) => {
    const caption = text(DomUtils.findOne((node) => node.name === 'figcaption', figure.children, false));
    const frame = DomUtils.findOne((node) => node.name === 'iframe', figure.children, true);
    if (frame) return iframe(frame, caption);
    const quote = DomUtils.findOne((node) => node.name === 'blockquote', figure.children, true);
    if (quote && socialQuote(quote, caption)) return;
    // oEmbed failed: WordPress left the URL as the wrapper's text.
    const wrapper = DomUtils.findOne((node) => hasClass(node, 'wp-block-embed__wrapper'), figure.children, false);
    const target = wrapper && wrapper.children.every((child) => child.type === 'text') ? readEmbedUrl(text(wrapper)) : undefined;
    if (wrapper && target) {
      const inner = render(withTitle(target, caption));
      replace(wrapper, `<div class="wp-block-embed__wrapper">${inner}</div>`);
      return;
    }
    // Anything else (a link card of another site): its content is sanitized HTML, looked at like the rest.
    visit(figure.children);
  };

  visit(document.children);
  if (replacements.length === 0) return html;
  let out = '';
  let cursor = 0;
  for (const { start, end, html: replacement } of replacements.sort((a, b) => a.start - b.start)) {
    if (start < cursor) continue;
    out += html.slice(cursor, start) + replacement;
    cursor = end;
  }
  return out + html.slice(cursor);
}

/**
 * The post a social blockquote shows: the last link to a post of its provider (X and Facebook put
 * the permalink last, after links inside the text; Instagram's permalink is its first link but
 * every one of its links points to the same post).
 */
function socialTarget(quote: Element): EmbedTarget | undefined {
  const links = DomUtils.findAll((node) => node.name === 'a', quote.children);
  const targets = links.map((link) => readEmbedUrl(link.attribs.href ?? '')).filter((target) => target?.kind === 'post');
  return targets.at(-1);
}

/** The post's own text, as the blockquote shows it without its script. */
function quoteTitle(quote: Element, target: EmbedTarget): string {
  const paragraphs = DomUtils.findAll((node) => node.name === 'p', quote.children).map(text).filter(Boolean);
  if (target.provider === 'instagram') {
    // "Voir cette publication sur Instagram", then "Une publication partagée par …": the latter names the post.
    return paragraphs.at(-1) ?? '';
  }
  return paragraphs[0] ?? '';
}

/** The first non-empty title among those given, shortened, else the provider's kind of content. */
function withTitle(target: EmbedTarget, ...candidates: (string | undefined)[]): EmbedProps {
  const title = candidates.map((candidate) => collapse(candidate ?? '')).find(Boolean);
  return { ...target, title: title ? shorten(title) : defaultEmbedTitle(target) };
}

function shorten(value: string): string {
  if (value.length <= TITLE_LENGTH) return value;
  const cut = value.slice(0, TITLE_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), TITLE_LENGTH / 2)).replace(/[\s,;:.]+$/, '')}…`;
}

function text(node: ChildNode | null | undefined): string {
  return node ? collapse(DomUtils.textContent(node)) : '';
}

function collapse(value: string): string {
  return value.replace(/[\s\u00a0]+/g, ' ').trim();
}

function hasClass(node: Element, name: string): boolean {
  return (node.attribs.class ?? '').split(/\s+/).includes(name);
}

function hostOf(src: string): string {
  try {
    return new URL(src).hostname;
  } catch {
    return 'an unreadable address';
  }
}
