import { normalizePost, normalizeTermList, resolvePosts, type NormalizedPost } from '../../build/wordpress/normalize.js';
import type { RawWordPressContent } from '../../build/wordpress/pull.js';
import type { MediaVariant } from '../../src/lib/picture.js';
import type { NewsContent } from '../../src/types/news.js';
import type { BuildWarning } from '../../build/warnings.js';

/**
 * Raw REST content normalized as the build does, without the media stage (no download, no sharp):
 * with `images`, each featured image gets made-up converted files named after its post
 * (/media/post-<id>-<width>.<ext>), so pages that show pictures can be rendered in unit tests.
 */
export function normalizeContent(raw: RawWordPressContent, warnMessage: (message: string) => void = () => {}, { images = false } = {}): NewsContent {
  // Tests read the warnings' messages, as the build log prints a warning alone.
  const warn = (warning: BuildWarning) => warnMessage(warning.message);
  const categories = normalizeTermList(raw.categories, 'category', warn);
  const tags = normalizeTermList(raw.tags, 'tag', warn);
  const seen = new Set<number>();
  const entries: NormalizedPost[] = [];
  raw.posts.forEach((item, index) => {
    const result = normalizePost(item, index);
    if ('skipped' in result) return warn(result.skipped);
    if (seen.has(result.normalized.post.id)) return warnMessage(`post ${result.normalized.post.id}: skipped, the id appears twice`);
    seen.add(result.normalized.post.id);
    entries.push(images ? withMadeUpImage(result.normalized) : result.normalized);
  });
  return { posts: resolvePosts(entries, { categories, tags }, warn), categories, tags };
}

function withMadeUpImage(entry: NormalizedPost): NormalizedPost {
  const featured = entry.media.featured;
  if (!featured) return entry;
  const id = entry.post.id;
  const variant = (width: number, format: MediaVariant['format'], shape: MediaVariant['shape'] = 'original'): MediaVariant => ({
    path: `/media/post-${id}-${width}.${format === 'jpeg' ? 'jpg' : format}`,
    width,
    height: shape === 'square' ? width : Math.round((width * 9) / 16),
    format,
    shape,
    bytes: width * 10,
  });
  const variants = [variant(400, 'avif'), variant(1024, 'avif'), variant(400, 'webp'), variant(1024, 'webp'), variant(1024, 'jpeg'), variant(144, 'jpeg', 'square'), variant(144, 'avif', 'square')];
  return { ...entry, post: { ...entry.post, image: { width: 1024, height: 576, alt: featured.alt, ...(featured.caption ? { caption: featured.caption } : {}), variants } } };
}
