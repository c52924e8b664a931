import sanitizeHtml from 'sanitize-html';

// The news issue owns and hardens this module (content allow-list, iframe hosts, XSS corpus).

/** Spec section 5: titles are HTML with this allow-list. */
export function sanitizeTitle(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['image', 'iframe', 'link', 'strong', 'img', 'a'],
    allowedAttributes: {
      iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen'],
      img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
      a: ['href'],
    },
    allowedSchemes: ['http', 'https'],
  });
}

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'figure', 'figcaption']),
    allowedAttributes: { a: ['href'], img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });
}

/** Plain text for <title>, meta tags and alt texts. */
export function toPlainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
