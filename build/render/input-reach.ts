import { listOrders, revisionOf } from '../../src/pages/news/load-news.js';
import type { RouteInputs } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import { fingerprint } from '../fs.js';
import type { BuiltAssets } from '../bundle.js';

/** What a page uses of the bundles: their addresses and the props every island shares. */
export type PageAssets = Pick<BuiltAssets, 'cssHref' | 'contentCssHref' | 'islands' | 'sharedProps'>;

/** Declared inputs as the string a page's key is made of (no part holds a raw NUL: they cannot run into each other). */
export function inputsText(inputs: RouteInputs): string {
  let text = inputs.other;
  for (const post of inputs.posts) text += `\u0000${revisionOf(post)}`;
  return text;
}

/**
 * Everything declared inputs may read but the posts (RouteInputs): the term lists, the club's data,
 * the site's address, the assets and the layout's inputs; not the build's now (a test holds it).
 * While it is the same as at the last build, a route's inputs can only have changed if a post they
 * named changed (`changedPosts`), or the order of the list they showed (`changedLists`).
 */
export function inputFrame(site: SiteData, assets: PageAssets, layoutInputs: string): string {
  const { builtAt: _now, news, ...rest } = site;
  return fingerprint(JSON.stringify([assets.cssHref, assets.contentCssHref, assets.islands, layoutInputs, rest, news.categories, news.tags]));
}

/** The order of every news list (load-news.ts, listOrders) as a fingerprint per list id, kept for the next build. */
export function listFingerprints(site: SiteData): Map<string, string> {
  const orders = new Map<string, string>();
  for (const [id, ids] of listOrders(site.news)) orders.set(id, fingerprint(ids));
  return orders;
}

/** Lists whose order is not the one `before` gives (new and gone lists included). */
export function changedLists(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Set<string> {
  const changed = new Set<string>();
  for (const [id, order] of after) if (before.get(id) !== order) changed.add(id);
  for (const id of before.keys()) if (!after.has(id)) changed.add(id);
  return changed;
}

/** A post as its pages' inputs depend on it: its revision covers all but its terms, which are given by id. */
export interface PostReach {
  post: { id: number };
  revision: string;
  categoryIds: readonly number[];
  tagIds: readonly number[];
}

/**
 * Posts new, gone, or whose revision or terms are not those `before` gives for their id. Their
 * terms are the ids WordPress gives: while the term lists are the same (inputFrame), equal ids
 * resolve to the same terms. A gone post counts: a page that named it must not be kept as it was.
 */
export function changedPosts(before: readonly PostReach[], after: readonly PostReach[]): Set<number> {
  const known = new Map<number, PostReach>();
  for (const entry of before) known.set(entry.post.id, entry);
  const changed = new Set<number>();
  for (const entry of after) {
    const was = known.get(entry.post.id);
    known.delete(entry.post.id);
    if (!was || was.revision !== entry.revision || !sameIds(was.categoryIds, entry.categoryIds) || !sameIds(was.tagIds, entry.tagIds)) changed.add(entry.post.id);
  }
  for (const id of known.keys()) changed.add(id);
  return changed;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
