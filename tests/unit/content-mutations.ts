import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRandom, type Random } from '../../bench/prng.js';

/**
 * The embedded snapshot as a WordPress would hold it, and the edits a club's press officer makes
 * between two cron runs. Every edit moves the WordPress clock and sets `modified` as WordPress does
 * (or, for the odd cases, does not), so the same sequences drive a snapshot folder and a fake
 * WordPress.
 */
// Raw REST objects, edited in place one field at a time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Raw = Record<string, any>;

export interface WordPressContent {
  posts: Raw[];
  categories: Raw[];
  tags: Raw[];
  /** Attachment id → its modification date (the media endpoint). */
  media: Map<number, string>;
  /** Posts in the trash, to bring back. */
  trash: Raw[];
  /** The WordPress server's clock, site time. */
  clock: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export function snapshotContent(): WordPressContent {
  const read = (name: string) => JSON.parse(readFileSync(path.join(ROOT, 'data/wordpress', `${name}.json`), 'utf8')) as Raw[];
  const posts = read('posts');
  const media = new Map<number, string>();
  for (const post of posts) if (post.featured_media) media.set(post.featured_media, post.modified);
  // WordPress's clock only moves on: it starts after the last modification the content shows.
  const clock = posts.map((post) => String(post.modified)).sort().at(-1) ?? '2025-11-20T08:00:00';
  return { posts, categories: read('categories'), tags: read('tags'), media, trash: [], clock };
}

/** Moves the clock on by some minutes and returns it. */
function tick(content: WordPressContent, minutes: number): string {
  content.clock = new Date(Date.parse(`${content.clock}Z`) + minutes * 60_000).toISOString().slice(0, 19);
  return content.clock;
}

/** A post saved in WordPress's editor: its `modified` is the clock's, moved on. */
export function touch(content: WordPressContent, post: Raw): void {
  post.modified = tick(content, 20);
  post.modified_gmt = post.modified;
}

export type Mutation = { name: string; apply: (content: WordPressContent, random: Random) => void };

const pickPost = (content: WordPressContent, random: Random) => random.pick(content.posts);

export const MUTATIONS: Record<string, Mutation['apply']> = {
  'nothing changed': () => {},
  'new post': (content, random) => {
    const model = structuredClone(pickPost(content, random));
    const id = Math.max(...content.posts.map((post) => post.id), ...content.trash.map((post) => post.id)) + 2;
    const date = tick(content, 45);
    Object.assign(model, { id, date, date_gmt: date, modified: date, modified_gmt: date, slug: `nouvel-article-${id}` });
    model.title = { rendered: `Nouvel article n°${id} : victoire &laquo;&nbsp;au buzzer&nbsp;&raquo;` };
    model.content = { rendered: `<p>Le SQBB s’impose dans les dernières secondes (article ${id}).</p>`, protected: false };
    model.excerpt = { rendered: `<p>Article ${id} [&hellip;]</p>`, protected: false };
    content.posts.unshift(model);
  },
  'edited title': (content, random) => {
    const post = pickPost(content, random);
    post.title = { rendered: `${post.title.rendered} (mis à jour)` };
    touch(content, post);
  },
  'edited body': (content, random) => {
    const post = pickPost(content, random);
    post.content = { ...post.content, rendered: `${post.content.rendered}<p>Ajout : <strong>${content.clock}</strong></p>` };
    touch(content, post);
  },
  'moved to another category': (content, random) => {
    const post = pickPost(content, random);
    const category = random.pick(content.categories.filter((term) => !post.categories.includes(term.id)));
    if (!category) return;
    post.categories = [category.id];
    if (post._embedded?.['wp:term']) post._embedded['wp:term'][0] = [{ id: category.id, name: category.name, slug: category.slug, taxonomy: 'category' }];
    touch(content, post);
  },
  trashed: (content, random) => {
    if (content.posts.length < 5) return;
    const post = pickPost(content, random);
    content.posts.splice(content.posts.indexOf(post), 1);
    touch(content, post);
    content.trash.push(post);
  },
  'reappears after being trashed': (content, random) => {
    const post = content.trash.length > 0 ? random.pick(content.trash) : undefined;
    if (!post) return;
    content.trash.splice(content.trash.indexOf(post), 1);
    touch(content, post);
    content.posts.push(post);
  },
  'tag renamed': (content, random) => {
    const tag = random.pick(content.tags);
    tag.name = `${tag.name} & co`;
    tick(content, 5);
  },
  'term deleted while posts point to it': (content, random) => {
    // As wp_delete_term does: the posts it leaves without a category go to the default one
    // (id 1), and no post's modification date changes.
    const used = content.categories.filter((term) => term.id !== 1 && content.posts.some((post) => post.categories.includes(term.id)));
    if (used.length < 1) return;
    const term = random.pick(used);
    content.categories.splice(content.categories.indexOf(term), 1);
    const fallback = content.categories.find((category) => category.id === 1);
    for (const post of content.posts.filter((candidate) => candidate.categories.includes(term.id))) {
      post.categories = post.categories.filter((id: number) => id !== term.id);
      if (post.categories.length === 0 && fallback) post.categories = [1];
      if (post._embedded?.['wp:term']) {
        post._embedded['wp:term'][0] = content.categories.filter((category) => post.categories.includes(category.id)).map(({ id, name, slug }) => ({ id, name, slug, taxonomy: 'category' }));
      }
    }
    tick(content, 5);
  },
  'two posts with the same slug': (content, random) => {
    const [a, b] = [pickPost(content, random), pickPost(content, random)];
    if (a === b) return;
    b.slug = a.slug;
    touch(content, b);
  },
  'modified date goes backwards': (content, random) => {
    const post = pickPost(content, random);
    post.title = { rendered: `${post.title.rendered} (restauré)` };
    post.modified = '2024-01-01T00:00:00';
    post.modified_gmt = post.modified;
  },
  'featured image edited in the media library': (content, random) => {
    const post = random.pick(content.posts.filter((candidate) => candidate.featured_media));
    if (!post) return;
    const mediaId = post.featured_media;
    for (const other of content.posts) {
      const media = other._embedded?.['wp:featuredmedia']?.[0];
      if (other.featured_media === mediaId && media) media.alt_text = `Photo retouchée ${content.clock}`;
    }
    content.media.set(mediaId, tick(content, 10));
  },
  'scheduled post published': (content, random) => {
    // WordPress's cron publishes a scheduled post without touching its modification date.
    MUTATIONS['new post']?.(content, random);
    const post = content.posts[0] as Raw;
    post.modified = '2025-06-01T10:00:00';
    post.modified_gmt = post.modified;
  },
};

/** A reproducible sequence of mutations, `length` long, always starting with the named cases once each. */
export function mutationSequence(seed: number, length: number): Mutation[] {
  const random = createRandom(seed);
  const names = Object.keys(MUTATIONS);
  const fixed = names.map((name) => ({ name, apply: MUTATIONS[name] as Mutation['apply'] }));
  const extra = Array.from({ length: Math.max(0, length - fixed.length) }, () => {
    const name = random.pick(names);
    return { name, apply: MUTATIONS[name] as Mutation['apply'] };
  });
  return [...fixed, ...extra];
}

export { createRandom };
