import { revisionOf } from '../../src/pages/news/load-news.js';
import type { RouteInputs } from '../../src/routes/types.js';
import type { SiteData } from '../../src/site-data.js';
import { fingerprint } from '../cache/build-cache.js';
import type { PageAssets } from './render-routes.js';

/**
 * Declared inputs as the string a page's key is made of. Neither part holds a raw NUL (`other` is
 * JSON or made of it, revisions are fingerprints or JSON), so the parts cannot run into each other.
 */
export function inputsText(inputs: RouteInputs): string {
  let text = inputs.other;
  for (const post of inputs.posts) text += `\u0000${revisionOf(post)}`;
  return text;
}

/**
 * Everything declared inputs may read but the revisions of the posts they name (src/routes/types.ts,
 * RouteInputs): the posts' order and terms, the term lists, the club's data, the site's address,
 * and what every page's key also holds (the assets it links, the layout's inputs). Not the build's
 * now: no declared inputs read it (a test holds it). While this is the same as at the last build,
 * a route's inputs can only have changed if one of the posts they named then has changed.
 */
export function inputFrame(site: SiteData, assets: PageAssets, layoutInputs: string): string {
  const { builtAt: _now, news, ...rest } = site;
  // Each post's id and term ids, in the site's order: one string, no array per post (every cron run makes it).
  let posts = '';
  for (const post of news.posts) {
    posts += `${post.id}`;
    for (const term of post.categories) posts += `,${term.id}`;
    posts += ';';
    for (const term of post.tags) posts += `,${term.id}`;
    posts += '\n';
  }
  return fingerprint(JSON.stringify([assets.cssHref, assets.contentCssHref, assets.islands, layoutInputs, rest, news.categories, news.tags, posts]));
}

/** Posts whose revision is not the one `before` gives for their id (new ones included). */
export function changedPosts(before: ReadonlyMap<number, string>, posts: readonly { id: number; revision?: string }[]): Set<number> {
  const changed = new Set<number>();
  for (const post of posts) if (before.get(post.id) !== post.revision || post.revision === undefined) changed.add(post.id);
  return changed;
}
