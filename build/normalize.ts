import { loadClubData } from '../data/club/index.js';
import { loadTeamData } from '../data/team/index.js';
import { isPositiveIntegerId } from '../src/routes/paths.js';
import type { SiteData } from '../src/site-data.js';
import { fingerprint, type CachedContent, type CachedPost } from './cache/build-cache.js';
import type { ContentDelta } from './fetch.js';
import type { BuildOptions } from './options.js';
import { normalizePost, normalizeTermList, resolvePosts } from './wordpress/normalize.js';

export interface NormalizedSite {
  site: SiteData;
  /** One line per degraded or skipped input; the build goes on and the report lists them. */
  warnings: string[];
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
export function normalizeSite(delta: ContentDelta, options: BuildOptions, cached?: CachedContent): NormalizedSite {
  const content = delta.unchanged && cached ? cached : mergeContent(delta, cached);
  const warnings = [...delta.warnings, ...content.termWarnings, ...content.skipped.map((entry) => entry.warning)];
  const posts = resolvePosts(content.posts, content, (message) => warnings.push(message));
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
      club: loadClubData(),
      team: loadTeamData(),
    },
    warnings,
    content: { ...content, ...(delta.sync ? { sync: delta.sync } : {}), ...(delta.snapshot ? { snapshot: delta.snapshot } : {}) },
    changes,
  };
}

function mergeContent(delta: ContentDelta, cached: CachedContent | undefined): CachedContent {
  const termWarnings: string[] = [];
  const categories = normalizeTermList(delta.categories, 'category', (message) => termWarnings.push(message));
  const tags = normalizeTermList(delta.tags, 'tag', (message) => termWarnings.push(message));
  const cachedById = new Map(cached?.posts.map((entry) => [entry.post.id, entry]));
  const entries = new Map<number, CachedPost>();
  const seen = new Set<number>();
  const skipped: CachedContent['skipped'] = [];
  delta.posts.forEach((raw, index) => {
    const id = (raw as { id?: unknown } | null)?.id;
    if (isPositiveIntegerId(id)) {
      if (seen.has(id)) return void skipped.push({ id: 0, warning: `post ${id}: skipped, the id appears twice` });
      seen.add(id);
    }
    const rawHash = fingerprint(JSON.stringify(raw));
    const previous = isPositiveIntegerId(id) ? cachedById.get(id) : undefined;
    if (previous?.rawHash === rawHash) return void entries.set(previous.post.id, previous);
    const result = normalizePost(raw, index);
    if ('skipped' in result) return void skipped.push({ id: isPositiveIntegerId(id) ? id : 0, warning: result.skipped });
    entries.set(result.normalized.post.id, { ...result.normalized, rawHash });
  });
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
  return {
    posts,
    categories,
    tags,
    termWarnings,
    skipped,
  };
}
