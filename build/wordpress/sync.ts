import { isPositiveIntegerId } from '../../src/routes/paths.js';
import { countOf } from '../format-count.js';
import { WordPressError, type Traffic } from './http.js';
import { EMBED, fetchList, fieldOf, firstPage, PER_PAGE, pullAll, runPull, type Pull, type PullOptions, type RawWordPressContent } from './pull.js';
import { warning, type BuildWarning } from '../warnings.js';

/**
 * Where the next sync starts. `marker` is the latest `modified` (site time, as WordPress writes it)
 * seen on a post or an attachment: only WordPress's clock is compared with itself.
 */
export interface SyncState {
  marker: string;
  /** Every published post id WordPress listed (normalized or skipped), with what tells a change. */
  known: Record<number, KnownPost>;
}

export interface KnownPost {
  modified: string;
  /** Featured media id (0: none): an edited attachment sends its posts to be fetched again. */
  mediaId: number;
  /**
   * Its category and tag ids (unique across taxonomies). A deleted category's posts move to the default
   * one without a new modification date: a post that points to a term that is gone is fetched again.
   */
  terms: number[];
}

/** `posts`: every post, or with `ids` (every post published now) only the new or changed ones. */
export interface LivePull extends RawWordPressContent {
  ids?: number[];
  /** A sync of the notified posts: `categories` and `tags` were not asked for, the state's stand. */
  termsKept?: true;
  sync: SyncState;
  traffic: Traffic;
  /** Why the incremental sync had to list every id (a post disappeared, a count disagreed). */
  listed?: string;
  warnings: BuildWarning[];
}

/** Saves in flight, a clock adjusted on the server: posts modified this long before the marker are asked for again (cheap when unchanged). */
const MARGIN_MS = 15 * 60_000;

/** Light queries: only what tells a change. */
const TERM_FIELDS = { categories: { _fields: 'id,name,slug,parent' }, tags: { _fields: 'id,name,slug' } } as const;
const ID_FIELDS = { _fields: 'id,modified,featured_media,categories,tags', orderby: 'date', order: 'desc' } as const;

/**
 * A cron run's pull: with the state of the last sync, it asks WordPress only for what changed
 * (in the usual case 5 requests, a few KB):
 *  1. posts modified since the marker (with _embed),
 *  2. the newest 100 ids with their modification date, and X-WP-Total (how many are published),
 *  3. 4. the categories and tags (light),
 *  5. attachments modified since the marker (an edited image or alt text reaches its posts).
 * When the count or the newest ids disagree with what is known (a post trashed, unpublished,
 * deleted, a scheduled post published without a new modification date), every id is listed
 * (`_fields=id`, paged) and the posts that are missing or differ are fetched by id.
 * Without a previous state, everything is pulled. `notifiedPosts` (the builder, told by WordPress
 * that these posts were only published or updated): those posts alone, see notifiedPostsPull.
 */
export async function syncWordPress(apiUrl: string, previous: SyncState | undefined, options: PullOptions & { notifiedPosts?: readonly number[] } = {}): Promise<LivePull> {
  const traffic: Traffic = { requests: 0, bytes: 0 };
  const report = options.onProgress ?? (() => {});
  return runPull(apiUrl, options, { traffic }, async (pull) => {
    if (previous && options.notifiedPosts?.length) {
      const notified = await notifiedPostsPull(pull, previous, options.notifiedPosts, traffic, report);
      if (notified) return notified;
    }
    if (previous) return incrementalPull(pull, previous, traffic, report);
    const content = await pullAll(pull, { onPostCount: options.onPostCount });
    const { posts } = content;
    report(`wordpress  full pull: ${posts.length} posts, ${content.categories.length} categories, ${content.tags.length} tags`);
    return { ...content, sync: { marker: latest('', posts), known: knownOf(posts) }, traffic, warnings: [] };
  });
}

/**
 * The notified posts by id (one request), and nothing else: every other post, term and image as the
 * state has them. The marker stays where it was, so the next full sync (cron's, or the builder's
 * for any other notification) asks again for everything this one did not check: an image or a
 * term edited meanwhile, a post gone. Undefined when a notified post is not published any more:
 * the full sync then says what became of it.
 */
async function notifiedPostsPull(pull: Pull, previous: SyncState, notified: readonly number[], traffic: Traffic, report: (line: string) => void): Promise<LivePull | undefined> {
  const fetched = putById(new Map(), await fetchByIds(pull, [...new Set(notified)].sort((a, b) => a - b)), (id) => notified.includes(id));
  if (notified.some((id) => !fetched.has(id))) return undefined;
  const known = { ...previous.known, ...knownOf([...fetched.values()]) };
  report(`wordpress  notified posts: ${fetched.size}; ${requests(traffic)}`);
  const ids = Object.keys(known).map(Number).sort((a, b) => a - b);
  return { posts: [...fetched.values()], ids, categories: [], tags: [], termsKept: true, sync: { marker: previous.marker, known }, traffic, warnings: [] };
}

async function incrementalPull(pull: Pull, previous: SyncState, traffic: Traffic, report: (line: string) => void): Promise<LivePull> {
  const since = { modified_after: shiftWallClock(previous.marker, -MARGIN_MS) };
  const warnings: BuildWarning[] = [];
  const [changed, newest, categories, tags, media] = await Promise.all([
    fetchList(pull, 'posts', { ...since, _embed: EMBED, orderby: 'modified', order: 'desc' }),
    firstPage(pull, 'posts', ID_FIELDS),
    fetchList(pull, 'categories', TERM_FIELDS.categories),
    fetchList(pull, 'tags', TERM_FIELDS.tags),
    fetchList(pull, 'media', { ...since, _fields: 'id,modified' }).catch((error: unknown) => {
      // Some hosts close /media to visitors: posts then show an edited image once they are edited themselves.
      if (!(error instanceof WordPressError) || !/answered HTTP 4\d\d/.test(error.message)) throw error;
      warnings.push(warning('wordpress-media', `WordPress media could not be checked for edits (${error.message})`));
      return { items: [] as unknown[], pages: 0 };
    }),
  ]);

  const fetched = new Map<number, unknown>();
  putById(fetched, changed.items, (id) => !fetched.has(id));

  // Which ids exist now: what was known plus what came back, unless the newest ids or the count say otherwise.
  let ids = new Set([...Object.keys(previous.known).map(Number), ...fetched.keys()]);
  const toFetch = new Set<number>();
  let listed: string | undefined;
  const differs = (item: Listed) => !fetched.has(item.id) && !sameListing(previous.known[item.id], item);
  const unknownNewest = listedOf(newest.items).filter(differs);
  if (unknownNewest.length > 0) listed = `${unknownNewest.length} of the newest posts unknown or with another modification date`;
  else if (newest.total !== undefined && newest.total !== ids.size) listed = `WordPress lists ${newest.total} posts, ${ids.size} expected`;
  if (listed) {
    const all = await fetchList(pull, 'posts', ID_FIELDS, newest);
    const current = listedOf(all.items);
    ids = new Set(current.map((item) => item.id));
    for (const item of current) if (differs(item)) toFetch.add(item.id);
  }

  // Attachments edited since the marker, and terms deleted since: their posts are fetched again.
  const editedMedia = new Set(media.items.flatMap((item) => idOf(item) ?? []));
  const terms = new Set([...categories.items, ...tags.items].flatMap((item) => idOf(item) ?? []));
  for (const id of ids) {
    const post = previous.known[id];
    if (!post || fetched.has(id)) continue;
    if ((post.mediaId > 0 && editedMedia.has(post.mediaId)) || post.terms.some((term) => !terms.has(term))) toFetch.add(id);
  }
  putById(fetched, await fetchByIds(pull, [...toFetch].sort((a, b) => a - b)), (id) => ids.has(id));
  const known = { ...previous.known, ...knownOf([...fetched.values()]) };
  for (const id of Object.keys(known).map(Number)) if (!ids.has(id)) delete known[id];
  for (const id of fetched.keys()) ids.add(id);

  const marker = latest(latest(previous.marker, [...fetched.values()]), media.items);
  report(
    `wordpress  incremental: ${fetched.size} new or modified posts, ${ids.size} published` +
      `${listed ? ` (every id listed: ${listed})` : ''}; ${requests(traffic)}`,
  );
  return {
    posts: [...fetched.values()],
    ids: [...ids].sort((a, b) => a - b),
    categories: categories.items,
    tags: tags.items,
    sync: { marker, known },
    traffic,
    ...(listed ? { listed } : {}),
    warnings,
  };
}

/** Each item with a usable id that `wanted` accepts, set into `into` by its id. */
function putById(into: Map<number, unknown>, items: readonly unknown[], wanted: (id: number) => boolean): Map<number, unknown> {
  for (const item of items) {
    const id = idOf(item);
    if (id !== undefined && wanted(id)) into.set(id, item);
  }
  return into;
}

/** '1 request, 7 KB'. */
const requests = (traffic: Traffic) => `${countOf(traffic.requests, 'request')}, ${(traffic.bytes / 1024).toFixed(0)} KB`;

/** Posts by id, 100 per request, with _embed. */
async function fetchByIds(pull: Pull, ids: number[]): Promise<unknown[]> {
  const chunks = Array.from({ length: Math.ceil(ids.length / PER_PAGE) }, (_, index) => ids.slice(index * PER_PAGE, (index + 1) * PER_PAGE));
  const pages = await Promise.all(chunks.map((chunk) => firstPage(pull, 'posts', { include: chunk.join(','), _embed: EMBED })));
  return pages.flatMap((page) => page.items);
}

type Listed = { id: number } & KnownPost;

/** What tells a change of each REST post with a usable id. */
function listedOf(items: readonly unknown[]): Listed[] {
  return items.flatMap((item) => {
    const id = idOf(item);
    if (id === undefined) return [];
    const { modified, featured_media: media, categories, tags } = item as Record<string, unknown>;
    const terms = [categories, tags].flatMap((list) => (Array.isArray(list) ? list.filter(isPositiveIntegerId) : []));
    return [{ id, modified: typeof modified === 'string' ? modified : '', mediaId: isPositiveIntegerId(media) ? media : 0, terms }];
  });
}

function knownOf(items: readonly unknown[]): Record<number, KnownPost> {
  return Object.fromEntries(listedOf(items).map(({ id, ...post }) => [id, post]));
}

function sameListing(known: KnownPost | undefined, listed: Listed): boolean {
  return known !== undefined && known.modified === listed.modified && known.mediaId === listed.mediaId && known.terms.join() === listed.terms.join();
}

function idOf(item: unknown): number | undefined {
  const id = fieldOf(item, 'id');
  return isPositiveIntegerId(id) ? id : undefined;
}

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The latest well-formed `modified` among items and the current marker (strings of one format sort as dates). */
function latest(marker: string, items: readonly unknown[]): string {
  let result = marker;
  for (const item of items) {
    const modified = fieldOf(item, 'modified');
    if (typeof modified === 'string' && WALL_CLOCK.test(modified) && modified > result) result = modified;
  }
  return result;
}

/** '2025-11-16T18:18:00' shifted by `ms`, in the same zone-less form WordPress compares with post_modified. */
function shiftWallClock(wallClock: string, ms: number): string {
  if (!WALL_CLOCK.test(wallClock)) return '1970-01-01T00:00:00';
  const shifted = new Date(Date.parse(`${wallClock}Z`) + ms);
  return shifted.toISOString().slice(0, 19);
}
