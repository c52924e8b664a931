import type { PreparedImage } from '../src/lib/picture.js';
import { rewriteContentImages } from './media/rewrite-images.js';
import { prepareDocuments, rewriteWordPressLinks, wordpressLinksIn, wordpressOriginsOf } from './media/wordpress-links.js';
import { isLasting } from './media/problem.js';
import { prepareMedia, type MediaStats, type PrepareMediaOptions } from './media/prepare.js';
import type { NormalizedPost } from './wordpress/normalize.js';
import { postWarning, warning, type BuildWarning } from './warnings.js';

/** Where images come from (a live WordPress or a snapshot's folder) and the media cache. */
export type MediaSource = Pick<PrepareMediaOptions, 'apiUrl' | 'mediaOrigins' | 'localMediaDir' | 'cacheDir'>;

/** `retry`: an image could not be had for a reason that may pass (a timeout, a 5xx): try again next build. */
type AttachedPost = NormalizedPost & { retry: boolean };

/**
 * Every image of these (new or changed) posts prepared by build/media, then attached: the featured
 * image becomes its converted files, the body's `<img>` become `<picture>`s of ours, and an image
 * that cannot be used is left out with a warning naming the post. `revalidate`: posts that were
 * known and changed, whose images WordPress may have replaced under the same URL.
 */
export async function attachMedia(
  posts: readonly NormalizedPost[],
  source: MediaSource,
  revalidate: ReadonlySet<number>,
): Promise<{ posts: AttachedPost[]; stats: MediaStats; cacheWarnings: BuildWarning[] }> {
  // The store's own trouble (a damaged index): one line each, not tied to a post.
  const cacheWarnings: BuildWarning[] = [];
  const requests = posts.flatMap((post) => post.media.requests);
  const revalidated = new Set(posts.filter((post) => revalidate.has(post.post.id)).flatMap((post) => post.media.requests.map((request) => request.url)));
  const prepared = await prepareMedia({
    ...source,
    requests,
    vouchedFor: posts.flatMap((post) => post.media.vouched),
    revalidate: (url) => revalidated.has(url),
    warn: (message) => cacheWarnings.push(warning('build-cache', message)),
  });
  // Issue 33: links of the contents to WordPress become the site's own files, or plain text.
  const origins = wordpressOriginsOf(source.apiUrl);
  const documents = source.apiUrl
    ? await prepareDocuments(posts.flatMap((post) => wordpressLinksIn(post.post.contentHtml, origins)), { ...source, apiUrl: source.apiUrl })
    : undefined;
  const attached = posts.map((entry): AttachedPost => {
    const warnings = [...entry.warnings];
    let retry = false;
    const files = new Set<string>();
    const use = (url: string): PreparedImage | undefined => {
      const result = prepared.results.get(url);
      if (!result?.ok) return undefined;
      for (const variant of result.image.variants) files.add(variant.path);
      return result.image;
    };
    for (const url of new Set(entry.media.requests.map((request) => request.url))) {
      const result = prepared.results.get(url);
      if (result && !result.ok) {
        warnings.push(postWarning(entry.post.id, 'image-left-out', `image left out (${result.problem.message})`));
        if (!isLasting(result.problem)) retry = true;
      } else if (result?.ok) {
        for (const note of result.notes) warnings.push(postWarning(entry.post.id, 'image-note', `image ${url}: ${note}`));
      }
    }
    const featured = entry.media.featured;
    const featuredImage = featured ? use(featured.source) : undefined;
    const postOrigins = entry.media.siteOrigin ? [...origins, ...wordpressOriginsOf(entry.media.siteOrigin)] : origins;
    const withPictures = rewriteContentImages(entry.post.contentHtml, use, { wordpressOrigins: postOrigins }).html;
    const linked = rewriteWordPressLinks(withPictures, postOrigins, (href) => {
      const copy = documents?.paths.get(href);
      if (copy) files.add(copy);
      return copy;
    });
    for (const href of linked.unlinked) {
      const problem = documents?.problems.get(href);
      warnings.push(postWarning(entry.post.id, 'wordpress-link-unlinked', `link to WordPress left as plain text: ${href}${problem ? ` (${problem})` : ''}`));
      if (problem) retry = true;
    }
    return {
      ...entry,
      post: { ...entry.post, contentHtml: linked.html, image: featuredImage && featured ? { ...featuredImage, alt: featured.alt, ...(featured.caption ? { caption: featured.caption } : {}) } : null },
      media: { ...entry.media, files: [...files].sort() },
      warnings,
      retry,
    };
  });
  return { posts: attached, stats: prepared.stats, cacheWarnings };
}
