import { isPositiveIntegerId } from '../src/routes/paths.js';
import type { SiteData } from '../src/site-data.js';
import type { Term } from '../src/types/news.js';
import { sourceHash, type FetchedContent } from './fetch.js';
import type { RenderPool } from './render/pool.js';
import { createWorkQueue, taken } from './render/work-queue.js';
import { fingerprint } from './fs.js';
import { LARGE_BUILD_POSTS } from './memory.js';
import { attachMedia, type MediaSource } from './normalize-media.js';
import type { CachedPost, ContentMeta } from './state/build-state.js';
import type { StaticData } from './static-data-derive.js';
import { normalizePost, normalizeTermList, resolvePosts, type NormalizedPost, type PostResult } from './wordpress/normalize.js';
import { postWarning, type BuildWarning } from './warnings.js';

export interface ContentChanges {
  /** Posts that were not in the cached content. */
  added: number;
  /** Cached posts whose REST object changed (normalized again). */
  changed: number;
  /** Cached posts that are gone (trashed, unpublished, deleted, or no longer in the snapshot). */
  removed: number;
}

export interface NormalizedContent {
  /** Every usable post, newest id first. */
  posts: CachedPost[];
  /** The posts normalized by this run (the state saves them). */
  fresh: CachedPost[];
  /** Ids of cached posts that are gone. */
  removed: number[];
  meta: Omit<ContentMeta, 'mediaBasis' | 'snapshot'>;
  changes: ContentChanges;
  /** The media store's own trouble this run (a damaged index): not saved with the posts. */
  cacheWarnings?: BuildWarning[];
}

/**
 * Stage normalize: every input validated into our own types; components never see raw data. Only the
 * posts whose REST object changed since they were cached are sanitized again; a post's terms are
 * resolved by id against this run's term lists, so renamed and deleted terms reach every post.
 */
export async function normalizeContent(
  fetched: FetchedContent,
  cached: { posts: CachedPost[]; meta: ContentMeta; reusable: boolean } | undefined,
  media: MediaSource,
  helpers?: Pick<RenderPool, 'normalize'>,
): Promise<NormalizedContent> {
  // The snapshot as it was, and no post waiting for an image again: nothing to normalize.
  if (cached?.reusable && fetched.snapshot !== undefined && fetched.snapshot === cached.meta.snapshot && cached.posts.every((entry) => entry.rawHash)) {
    return { posts: cached.posts, fresh: [], removed: [], meta: cached.meta, changes: { added: 0, changed: 0, removed: 0 } };
  }
  // A sync of the notified posts did not ask for the terms: they are the state's.
  const keptTerms = fetched.termsKept ? cached?.meta : undefined;
  if (fetched.termsKept && !keptTerms) throw new Error('a sync of the notified posts needs the terms of the build state');
  const termWarnings: BuildWarning[] = keptTerms ? [...keptTerms.termWarnings] : [];
  const categories = keptTerms ? keptTerms.categories : normalizeTermList(fetched.categories, 'category', (entry) => termWarnings.push(entry));
  const tags = keptTerms ? keptTerms.tags : normalizeTermList(fetched.tags, 'tag', (entry) => termWarnings.push(entry));
  const cachedById = new Map(cached?.posts.map((entry) => [entry.post.id, entry]));
  const kept = new Map<number, CachedPost>();
  const seen = new Set<number>();
  const skipped: ContentMeta['skipped'] = [];
  const jobs: NormalizeJob[] = [];
  const shared = helpers && fetched.posts.length >= MIN_POSTS_TO_SHARE && fetched.posts.length < LARGE_BUILD_POSTS ? helpers : undefined;
  // The REST objects are taken from `fetched` and let go one by one as they are normalized: at
  // 20,000 posts they are hundreds of megabytes the rest of the build has no use for.
  fetched.posts.splice(0).forEach((raw, index) => {
    const id = (raw as { id?: unknown } | null)?.id;
    // One JSON text per post: its fingerprint, and what a worker normalizing it receives.
    const json = JSON.stringify(raw);
    const hash = sourceHash(json);
    if (isPositiveIntegerId(id)) {
      if (seen.has(id)) return void skipped.push({ id: 0, warning: postWarning(id, 'post-skipped', 'skipped, the id appears twice') });
      seen.add(id);
      const previous = cached?.reusable ? cachedById.get(id) : undefined;
      if (previous?.rawHash && previous.rawHash === hash) return void kept.set(id, previous);
    }
    jobs.push({ raw, hash, index, id, ...(shared ? { json } : {}) });
  });
  const normalized: (NormalizedPost & { rawHash: string })[] = [];
  const results = await normalizeAll(jobs, shared);
  jobs.forEach((job, position) => {
    const result = results[position] as PostResult;
    if ('skipped' in result) skipped.push({ id: isPositiveIntegerId(job.id) ? job.id : 0, warning: result.skipped });
    else normalized.push({ ...result.normalized, rawHash: job.hash });
  });
  // The new and changed posts get their images, all at once (downloads and conversions in parallel).
  const attached = await attachMedia(normalized, media, new Set(normalized.filter((entry) => cachedById.has(entry.post.id)).map((entry) => entry.post.id)));
  const fresh = attached.posts.map(({ post, categoryIds, tagIds, warnings, media: files, retry }, index): CachedPost => ({
    post,
    categoryIds,
    tagIds,
    warnings,
    mediaFiles: files.files,
    // An image that failed for a passing reason: normalized again next run, until it comes.
    rawHash: retry ? '' : (normalized[index]?.rawHash ?? ''),
    revision: fingerprint(JSON.stringify(post)),
  }));
  const posts = new Map(kept);
  for (const entry of fresh) posts.set(entry.post.id, entry);
  if (fetched.ids) {
    // Incremental: what was not fetched again stays as cached, as long as WordPress still lists it.
    const listed = new Set(fetched.ids);
    for (const id of listed) {
      const previous = cachedById.get(id);
      if (!seen.has(id) && previous) posts.set(id, previous);
    }
    skipped.push(...(cached?.meta.skipped ?? []).filter((entry) => listed.has(entry.id) && !seen.has(entry.id)));
  }
  // One order whatever the source's: the warnings then read the same on every build.
  const all = [...posts.values()].sort((a, b) => b.post.id - a.post.id);
  const removed = [...cachedById.keys()].filter((id) => !posts.has(id));
  return {
    posts: all,
    fresh,
    removed,
    meta: { categories, tags, termWarnings, skipped },
    changes: {
      added: fresh.filter((entry) => !cachedById.has(entry.post.id)).length,
      // Normalized again for another reason than its REST object (its images' store was purged): not changed.
      changed: normalized.filter((entry) => cachedById.has(entry.post.id) && entry.rawHash !== cachedById.get(entry.post.id)?.rawHash).length,
      removed: removed.length,
    },
    cacheWarnings: attached.cacheWarnings,
  };
}

/** A post to normalize: its REST object (let go once normalized), its fingerprint, its place in the source and its id as given. */
interface NormalizeJob {
  raw: unknown;
  /** Its JSON text, when render workers take posts too. */
  json?: string | undefined;
  hash: string;
  index: number;
  id: unknown;
}

/** Below this many posts, sharing them with a render worker costs more than it saves (bench/README.md). */
const MIN_POSTS_TO_SHARE = 500;

/**
 * Every post normalized, in order, with the render workers of a large clean build (`shared`) taking
 * posts from the same queue; a post a worker could not give back is normalized here.
 */
async function normalizeAll(jobs: readonly NormalizeJob[], shared?: Pick<RenderPool, 'normalize'>): Promise<PostResult[]> {
  const results: (PostResult | undefined)[] = new Array(jobs.length);
  const queue = createWorkQueue();
  // The workers get the REST objects as JSON text: copied at once, parsed there.
  const others = shared?.normalize({ posts: jobs.map((job) => job.json ?? JSON.stringify(job.raw)), indexes: jobs.map((job) => job.index), queue });
  if (others) {
    // Let the workers start first: this thread takes what they have not.
    await new Promise((resolve) => setImmediate(resolve));
    for (const position of taken(queue, jobs.length)) results[position] = take(jobs[position] as NormalizeJob);
    for (const [position, result] of await others) {
      results[position] = result;
      forget(jobs[position] as NormalizeJob);
    }
  }
  return jobs.map((job, position) => results[position] ?? take(job));
}

/** Normalizes a job's post and lets go of its REST object. */
function take(job: NormalizeJob): PostResult {
  const result = normalizePost(job.raw, job.index);
  forget(job);
  return result;
}

function forget(job: NormalizeJob): void {
  job.raw = undefined;
  job.json = undefined;
}

/** The site the pages are made from: the posts with their terms resolved, and the club's data. */
export function siteOf(content: { posts: readonly CachedPost[]; meta: { categories: Term[]; tags: Term[] } }, data: StaticData, options: { now: Date; siteUrl: string }, warn: (warning: BuildWarning) => void): SiteData {
  const posts = resolvePosts(content.posts, content.meta, warn);
  return {
    builtAt: options.now,
    siteUrl: options.siteUrl,
    news: { posts, categories: content.meta.categories, tags: content.meta.tags },
    club: data.club,
    team: data.team,
    season: data.season,
    legal: data.legal,
  };
}
