import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { AUTHORS, autoExcerpt, CATEGORY_NAMES, postContent, postTitle, TAG_NAMES } from './french-text.js';
import { createRandom, type Random } from './prng.js';

/**
 * Synthetic WordPress content in the snapshot format (posts.json with `_embed`, categories.json,
 * tags.json), the same bytes for the same N on every run: a seeded PRNG and a fixed clock.
 *
 * Images are root-relative `/media/bench/...` URLs that do not exist: benchmark sites are never
 * link-checked or served, and no image is converted. Not free, though: each such image is left out
 * with a warning (6,228 at 5,000 posts), which every build reports and every cron run reads back
 * with its state, 23–35 ms of an edited-post run (bench/README.md, 2026-11-25 19:25).
 */

const WP = 'https://wp.example.org';
const SEED = 20260115;
/** The newest post; older ones go back about 9 hours each (5,000 posts ≈ 5 years). */
const NEWEST = Date.UTC(2026, 0, 10, 18, 0, 0);
const CATEGORY_IDS = CATEGORY_NAMES.map((_, index) => index + 1);
const TAG_IDS = TAG_NAMES.map((_, index) => 101 + index);

export const BENCH_ROOT = path.resolve(import.meta.dirname, '..', '.tmp', 'bench');

export function contentDirFor(posts: number): string {
  return path.join(BENCH_ROOT, `content-${posts}`);
}

/** Generates the content for N posts unless an identical generation is already on disk. */
export async function ensureContent(posts: number, force = false): Promise<string> {
  const dir = contentDirFor(posts);
  const stamp = `${await generatorHash()} ${posts} posts\n`;
  try {
    if (!force && (await readFile(path.join(dir, 'GENERATED'), 'utf8')) === stamp) return dir;
  } catch {
    // Not generated yet.
  }
  await generateContent(posts, dir);
  await writeFile(path.join(dir, 'GENERATED'), stamp);
  return dir;
}

/** Any edit to the generator invalidates cached content. */
async function generatorHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of ['generate-content.ts', 'french-text.ts', 'prng.ts']) hash.update(await readFile(path.join(import.meta.dirname, file)));
  return hash.digest('hex').slice(0, 16);
}

export async function generateContent(count: number, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const random = createRandom(SEED);
  const categories = CATEGORY_NAMES.map((name, index) => term(CATEGORY_IDS[index] as number, name, 'category'));
  const tags = TAG_NAMES.map((name, index) => term(TAG_IDS[index] as number, name, 'post_tag'));
  await writeFile(path.join(dir, 'categories.json'), JSON.stringify(categories.map((item) => ({ ...item, description: '', parent: 0, count: 0 }))));
  await writeFile(path.join(dir, 'tags.json'), JSON.stringify(tags.map((item) => ({ ...item, description: '', count: 0 }))));

  // Streamed post by post: 20,000 posts are ~150 MB of JSON, never held as one string.
  const temp = path.join(dir, 'posts.json.partial');
  const out = createWriteStream(temp);
  out.write('[');
  let time = NEWEST;
  for (let index = 0; index < count; index += 1) {
    const post = makePost(random, count - index, time, categories, tags);
    const chunk = `${index === 0 ? '' : ','}\n${JSON.stringify(post)}`;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    time -= random.int(4, 14) * 3_600_000 + random.int(0, 59) * 60_000;
  }
  out.end(']\n');
  await finished(out);
  await rename(temp, path.join(dir, 'posts.json'));
}

type TermObject = ReturnType<typeof term>;

function term(id: number, name: string, taxonomy: 'category' | 'post_tag') {
  const slug = slugify(name.replace(/&amp;/g, ''));
  const base = taxonomy === 'category' ? 'categories' : 'tags';
  return {
    id,
    link: `${WP}/${taxonomy === 'category' ? 'category' : 'tag'}/${slug}/`,
    name,
    slug,
    taxonomy,
    _links: {
      self: [{ href: `${WP}/wp-json/wp/v2/${base}/${id}` }],
      collection: [{ href: `${WP}/wp-json/wp/v2/${base}` }],
      about: [{ href: `${WP}/wp-json/wp/v2/taxonomies/${taxonomy}` }],
    },
  };
}

function makePost(random: Random, n: number, time: number, categories: TermObject[], tags: TermObject[]) {
  const id = 2 * n - 1;
  const mediaId = id + 1;
  const date = wpDate(time + 3_600_000);
  const titleHtml = postTitle(random, n);
  const titleText = titleHtml.replace(/&[^;]+;/g, (entity) => ENTITIES[entity] ?? entity);
  const slug = `${slugify(titleText)}-${n}`;
  const month = date.slice(0, 7).replace('-', '/');
  const upload = (width: number, height: number) => `/media/bench/${month}/sqbb-bench-${n}-${width}x${height}.jpg`;
  const content = postContent(random, titleText, (width, height) => ({
    id: mediaId,
    src: upload(width, height),
    srcset: [[width, height], [300, 169], [768, 432]].map(([w, h]) => `${upload(w as number, h as number)} ${w}w`).join(', '),
    alt: `Photo : ${titleText}`,
  }));
  const author = random.pick(AUTHORS);
  const postCategories = pickSome(random, categories, random.int(1, 2));
  const postTags = pickSome(random, tags, random.pick([0, 1, 2, 2, 3, 4]));
  const hasImage = random.chance(0.92);
  const postLink = `${WP}/${slug}/`;
  return {
    id,
    date,
    date_gmt: wpDate(time),
    guid: { rendered: `${WP}/?p=${id}` },
    modified: date,
    modified_gmt: wpDate(time),
    slug,
    status: 'publish',
    type: 'post',
    link: postLink,
    title: { rendered: titleHtml },
    content: { rendered: content, protected: false },
    excerpt: { rendered: autoExcerpt(content), protected: false },
    author: author.id,
    featured_media: hasImage ? mediaId : 0,
    comment_status: 'open',
    ping_status: 'open',
    sticky: false,
    template: '',
    format: 'standard',
    meta: [],
    categories: postCategories.map((item) => item.id),
    tags: postTags.map((item) => item.id),
    _links: {
      self: [{ href: `${WP}/wp-json/wp/v2/posts/${id}` }],
      collection: [{ href: `${WP}/wp-json/wp/v2/posts` }],
      author: [{ embeddable: true, href: `${WP}/wp-json/wp/v2/users/${author.id}` }],
      ...(hasImage ? { 'wp:featuredmedia': [{ embeddable: true, href: `${WP}/wp-json/wp/v2/media/${mediaId}` }] } : {}),
    },
    _embedded: {
      author: [{ ...author, url: 'https://www.sqbb.example/', link: `${WP}/author/${author.slug}/` }],
      ...(hasImage ? { 'wp:featuredmedia': [featuredMedia(mediaId, date, titleText, slug, upload)] } : {}),
      'wp:term': [postCategories, postTags],
    },
  };
}

function featuredMedia(id: number, date: string, titleText: string, slug: string, upload: (w: number, h: number) => string) {
  const size = (file: string, width: number, height: number, source_url: string) => ({ file, width, height, mime_type: 'image/jpeg', source_url });
  const named = (w: number, h: number) => size(path.posix.basename(upload(w, h)), w, h, upload(w, h));
  return {
    id,
    date,
    slug: `${slug}-image`,
    type: 'attachment',
    link: `${WP}/${slug}/${slug}-image/`,
    title: { rendered: titleText },
    author: 1,
    caption: { rendered: '<p>Photo : SQBB / J. Lefèvre</p>\n' },
    alt_text: `Photo : ${titleText}`,
    media_type: 'image',
    mime_type: 'image/jpeg',
    media_details: {
      width: 1600,
      height: 900,
      file: upload(1600, 900).replace('/media/', ''),
      sizes: {
        thumbnail: named(150, 150),
        medium: named(300, 169),
        medium_large: named(768, 432),
        large: named(1024, 576),
        full: named(1600, 900),
      },
    },
    source_url: upload(1600, 900),
  };
}

function pickSome<T>(random: Random, items: readonly T[], count: number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < count) chosen.add(random.pick(items));
  return [...chosen];
}

const ENTITIES: Record<string, string> = { '&#8217;': '’', '&rsquo;': '’', '&#038;': '&', '&laquo;': '«', '&raquo;': '»', '&nbsp;': ' ' };

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** WordPress's `date` format: site time, no zone. */
function wpDate(time: number): string {
  return new Date(time).toISOString().slice(0, 19);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const posts = Number(process.argv[2] ?? 1000);
  const start = performance.now();
  const dir = await ensureContent(posts, true);
  process.stdout.write(`${posts} posts in ${dir} (${((performance.now() - start) / 1000).toFixed(1)} s)\n`);
}
