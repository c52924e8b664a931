import path from 'node:path';
import { isPositiveIntegerId } from '../src/routes/paths.js';
import type { SiteData } from '../src/site-data.js';
import type { NewsPostBase } from '../src/types/news.js';
import { bodyFingerprint } from './cache/body-pack.js';
import { fingerprint, type CachedContent, type CachedPost } from './cache/build-cache.js';
import type { ContentDelta } from './fetch.js';
import type { BuildOptions } from './options.js';
import { attachMedia, type MediaSource } from './normalize-media.js';
import type { StaticData } from './static-data-derive.js';
import type { MediaStats } from './media/prepare.js';
import { mediaStoreId } from './media/store-id.js';
import { normalizeTermList, resolvePosts, type NormalizedPost, type PostResult } from './wordpress/normalize.js';
import { normalizePosts, type NormalizeHelper, type NormalizeJob } from './normalize-posts.js';
import { postWarning, type BuildWarning } from './warnings.js';

export interface NormalizedSite {
  site: SiteData;
  /** Public /media/ paths of every image file the pages show: the write stage publishes them from the media cache. */
  mediaFiles: string[];
  /** What build/media did for the posts normalized this time. */
  media?: MediaStats;
  /** One per degraded or skipped input; the build goes on and the report lists them. */
  warnings: BuildWarning[];
  /** What the next build starts from. */
  content: CachedContent;
  changes: ContentChanges;
}

export interface ContentChanges {
  /** Posts that were not in the cached content. */
  added: number;
  /** Cached posts whose REST object changed (normalized again). */
  changed: number;
  /** Cached posts that are gone (trashed, unpublished, deleted, or no longer in the snapshot). */
  removed: number;
}

/**
 * Stage 2: every input validated into our own types; components never see raw data. Only the
 * posts whose REST object changed since the cached content are sanitized again; a post's terms
 * are resolved by id against this build's term lists, so renamed and deleted terms reach every post.
 */
export async function normalizeSite(delta: ContentDelta, options: BuildOptions, data: StaticData, cached: CachedContent | undefined, mediaBasis: string, helper?: NormalizeHelper): Promise<NormalizedSite> {
  const mediaCache = path.join(options.cacheDir, 'media');
  const usable = reusableContent(cached, mediaBasis);
  const source = { cacheDir: mediaCache, ...(options.wpUrl ? { apiUrl: options.wpUrl, mediaOrigins: options.mediaOrigins } : {}), ...(delta.mediaDir ? { localMediaDir: delta.mediaDir } : {}) };
  const merged = delta.unchanged && usable ? { content: usable } : await mergeContent(delta, usable, source, helper);
  const content = merged.content;
  const warnings = [...data.warnings, ...delta.warnings, ...content.termWarnings, ...content.skipped.map((entry) => entry.warning)];
  const posts = resolvePosts(content.posts, content, (entry) => warnings.push(entry));
  const before = new Set(cached?.posts.map((post) => post.post.id));
  const after = new Set(content.posts.map((post) => post.post.id));
  const cachedHashes = new Map(cached?.posts.map((post) => [post.post.id, post.rawHash]));
  const changes = {
    added: [...after].filter((id) => !before.has(id)).length,
    changed: content.posts.filter((post) => cachedHashes.has(post.post.id) && cachedHashes.get(post.post.id) !== post.rawHash).length,
    removed: [...before].filter((id) => !after.has(id)).length,
  };
  return {
    site: {
      builtAt: options.now,
      siteUrl: options.siteUrl,
      news: { posts, categories: content.categories, tags: content.tags },
      club: data.club,
      team: data.team,
      season: data.season,
      legal: data.legal,
    },
    warnings,
    content: {
      ...content,
      mediaBasis,
      ...(delta.sync ? { sync: delta.sync } : {}),
      ...(delta.snapshot ? { snapshot: delta.snapshot } : {}),
    },
    changes,
    mediaFiles: [...new Set(content.posts.flatMap((post) => post.media.files))].sort(),
    ...(merged.media ? { media: merged.media } : {}),
  };
}

/**
 * Fingerprint of a normalized post: its body by the fingerprint the pack keeps of it, the rest as
 * JSON. Bodies are not written out as JSON again, every quote of their markup escaped (the clean
 * build's merge of 5,000 posts: 65 -> 54 ms).
 */
function postRevision(post: NewsPostBase, bodyHash: string): string {
  return fingerprint(`${bodyHash}\u0000${JSON.stringify({ ...post, contentHtml: undefined })}`);
}

/** What the posts' images are attached from: the media cache (its id) and the snapshot's media files (their listing's fingerprint). */
export function mediaBasisOf(options: Pick<BuildOptions, 'cacheDir'>, localMedia: string | undefined): string {
  return JSON.stringify({ store: mediaStoreId(path.join(options.cacheDir, 'media')), local: localMedia ?? null });
}

/**
 * The cached content, when its posts can be reused as they are: their images are files of the
 * media cache, so a purged cache or changed snapshot media files make every post new (the content
 * is then fetched and normalized whole, as in a clean build).
 */
export function reusableContent(cached: CachedContent | undefined, mediaBasis: string): CachedContent | undefined {
  return cached?.mediaBasis === mediaBasis ? cached : undefined;
}

async function mergeContent(delta: ContentDelta, cached: CachedContent | undefined, media: MediaSource, helper?: NormalizeHelper): Promise<{ content: CachedContent; media?: MediaStats }> {
  const termWarnings: BuildWarning[] = [];
  const categories = normalizeTermList(delta.categories, 'category', (entry) => termWarnings.push(entry));
  const tags = normalizeTermList(delta.tags, 'tag', (entry) => termWarnings.push(entry));
  const cachedById = new Map(cached?.posts.map((entry) => [entry.post.id, entry]));
  const entries = new Map<number, CachedPost>();
  const fresh = new Map<number, { normalized: NormalizedPost; rawHash: string }>();
  const seen = new Set<number>();
  const skipped: CachedContent['skipped'] = [];
  // What becomes of each post, in the source's order; those to normalize are normalized all at
  // once (in two threads for a large site), then their results taken in that same order.
  const plan: ({ skip: CachedContent['skipped'][number] } | { cached: CachedPost } | { job: number; id: unknown; rawHash: string })[] = [];
  const jobs: NormalizeJob[] = [];
  delta.posts.forEach((source, index) => {
    const id = source.id ?? (source.read() as { id?: unknown } | null)?.id;
    if (isPositiveIntegerId(id)) {
      if (seen.has(id)) return void plan.push({ skip: { id: 0, warning: postWarning(id, 'post-skipped', 'skipped, the id appears twice') } });
      seen.add(id);
    }
    const rawHash = source.hash;
    const previous = isPositiveIntegerId(id) ? cachedById.get(id) : undefined;
    if (previous?.rawHash && previous.rawHash === rawHash) return void plan.push({ cached: previous });
    plan.push({ job: jobs.length, id, rawHash });
    jobs.push({ index, read: () => source.read(), ...(source.bytes ? { bytes: source.bytes } : {}) });
  });
  const results = await normalizePosts(jobs, helper);
  for (const step of plan) {
    if ('skip' in step) skipped.push(step.skip);
    else if ('cached' in step) entries.set(step.cached.post.id, step.cached);
    else {
      const result = results[step.job] as PostResult;
      if ('skipped' in result) skipped.push({ id: isPositiveIntegerId(step.id) ? step.id : 0, warning: result.skipped });
      else fresh.set(result.normalized.post.id, { normalized: result.normalized, rawHash: step.rawHash });
    }
  }
  // The new and changed posts get their images, all at once (downloads and conversions in parallel).
  const attached = await attachMedia(
    [...fresh.values()].map((entry) => entry.normalized),
    media,
    new Set([...fresh.keys()].filter((id) => cachedById.has(id))),
  );
  for (const post of attached.posts) {
    const { retry, ...normalized } = post;
    // An image that failed for a passing reason: normalized again next build, until it comes.
    const bodyHash = bodyFingerprint(normalized.post.contentHtml);
    const revision = postRevision(normalized.post, bodyHash);
    // Not a spread given new fields: one hidden class for all entries (see build/normalize-media.ts).
    entries.set(post.post.id, Object.assign({}, normalized, { media: { files: normalized.media.files }, rawHash: retry ? '' : (fresh.get(post.post.id)?.rawHash ?? ''), revision, bodyHash }));
  }
  if (delta.ids) {
    // Incremental: what was not fetched again stays as cached, as long as WordPress still lists it.
    const listed = new Set(delta.ids);
    for (const id of listed) {
      const previous = cachedById.get(id);
      if (!seen.has(id) && previous) entries.set(id, previous);
    }
    skipped.push(...(cached?.skipped ?? []).filter((entry) => listed.has(entry.id) && !seen.has(entry.id)));
  }
  // One order whatever the source's: the warnings then read the same on every build.
  const posts = [...entries.values()].sort((a, b) => b.post.id - a.post.id);
  return { content: { posts, categories, tags, termWarnings, skipped }, media: attached.stats };
}
