import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizePost } from '../../build/wordpress/normalize.js';
import { normalizeContent } from './normalize-content.js';
import type { RawWordPressContent } from '../../build/wordpress/pull.js';

/** A real REST answer (GET posts/36?_embed=true on WordPress 6.1, see /work/shared/wp-samples). */
const REAL_POST = JSON.parse(readFileSync(new URL('../fixtures/wordpress/post-single.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const CATEGORIES = [{ id: 5, name: 'Partenaires', slug: 'partenaires', parent: 0 }, { id: 4, name: 'Jeunes &amp; formation', slug: 'jeunes-formation', parent: 3 }];
const TAGS = [{ id: 11, name: 'Kop', slug: 'kop' }, { id: 12, name: 'Vidéo', slug: 'video' }];

// Tests reach deep into untyped REST JSON to break one field at a time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseJson = Record<string, any>;

function post(changes: (copy: LooseJson) => void = () => {}): Record<string, unknown> {
  const copy = structuredClone(REAL_POST) as LooseJson;
  changes(copy);
  return copy;
}

function normalize(posts: unknown[], extra: Partial<RawWordPressContent> = {}) {
  const warnings: string[] = [];
  const content = normalizeContent({ posts, categories: CATEGORIES, tags: TAGS, ...extra }, (message) => warnings.push(message));
  return { content, warnings };
}

describe('normalizeWordPress', () => {
  it('reads a real post: title, dates, excerpt, terms and responsive image', () => {
    const { content, warnings } = normalize([REAL_POST]);
    const [first] = content.posts;
    expect(warnings).toEqual([]);
    expect(first).toMatchObject({
      id: 36,
      date: '2025-08-30T18:36:00',
      dateGmt: '2025-08-30T16:36:00',
      titleText: 'Retour en images sur la soirée des partenaires',
      categories: [{ id: 5, name: 'Partenaires', slug: 'partenaires', parent: 0 }],
      tags: [{ id: 11, name: 'Kop' }, { id: 12, name: 'Vidéo' }],
    });
    expect(first?.excerptText).toMatch(/^Retour en images sur la soirée des partenaires\. Merci à nos partenaires, .{20,}[^ ]…$/);
    expect(first?.excerptText.length).toBeLessThanOrEqual(201);
    expect(content.categories.find((term) => term.id === 4)?.name).toBe('Jeunes & formation');
  });

  it('keeps a post without featured image, with a warning', () => {
    const { content, warnings } = normalize([post((copy) => delete copy._embedded['wp:featuredmedia'])]);
    expect(content.posts[0]?.image).toBeNull();
    expect(warnings).toEqual(['post 36: no featured image']);
  });

  it('keeps a post whose featured media is a REST error (private or deleted media)', () => {
    const { content, warnings } = normalize([post((copy) => (copy._embedded['wp:featuredmedia'] = [{ code: 'rest_forbidden', message: 'Désolé' }]))]);
    expect(content.posts[0]?.image).toBeNull();
    expect(warnings).toEqual(['post 36: featured image unavailable']);
  });

  it('asks build/media for the featured image in every place the pages show it, with its alt text', () => {
    const result = normalizePost(REAL_POST, 0);
    if ('skipped' in result) throw new Error(result.skipped.message);
    const { media, post } = result.normalized;
    const source = 'https://wp.example.org/wp-content/uploads/2025/08/sqbb-actu-19.jpg';
    expect(media.featured).toEqual({ source, alt: 'Photo : Retour en images sur la soirée des partenaires', caption: 'Photo\u00a0: SQBB / J. Lefèvre' });
    expect(media.requests.filter((request) => request.url === source).map((request) => request.slot)).toEqual(expect.arrayContaining(['article', 'card', 'hero', 'thumb']));
    expect(media.vouched).toContain(source);
    // Until build/media attaches the converted files, nothing of WordPress's is shown.
    expect(post.image).toBeNull();
  });

  it("reads the featured image's caption (a photo credit) as plain text, whatever markup WordPress or an editor put in it", () => {
    const caption = (rendered: unknown) => {
      const result = normalizePost(post((copy) => (copy._embedded['wp:featuredmedia'][0].caption = { rendered })), 0);
      if ('skipped' in result) throw new Error(result.skipped.message);
      return result.normalized.media.featured?.caption;
    };
    expect(caption('<p>Photo&nbsp;: <a href="https://photo.example">J.&nbsp;Lefèvre</a> <script>alert(1)</script><img src=x onerror=alert(1)></p>\n')).toBe('Photo\u00a0: J. Lefèvre');
    expect(caption('<p>&laquo; Le Kop &raquo; &amp; ses tambours</p>')).toBe('«\u202fLe Kop\u202f» & ses tambours');
    expect(caption('')).toBe('');
    expect(caption(42)).toBe('');
  });

  it('gives a featured image without alt text the title as its alt, and reads broken sizes without failing', () => {
    const result = normalizePost(post((copy) => {
      const media = copy._embedded['wp:featuredmedia'][0];
      media.alt_text = '';
      media.media_details.sizes.broken = { source_url: 42 };
      media.media_details.sizes.odd = 'nope';
    }), 0);
    if ('skipped' in result) throw new Error(result.skipped.message);
    expect(result.normalized.media.featured?.alt).toBe('Illustration : Retour en images sur la soirée des partenaires');
    expect(result.normalized.media.vouched.every((url) => typeof url === 'string')).toBe(true);
  });

  it('uses the term id lists when terms are not embedded, and warns for a post without category', () => {
    const withIds = normalize([post((copy) => delete copy._embedded['wp:term'])]);
    expect(withIds.content.posts[0]?.categories.map((term) => term.name)).toEqual(['Partenaires']);
    expect(withIds.content.posts[0]?.tags.map((term) => term.name)).toEqual(['Kop', 'Vidéo']);
    const without = normalize([post((copy) => {
      delete copy._embedded['wp:term'];
      delete copy.categories;
      delete copy.tags;
    })]);
    expect(without.content.posts[0]).toMatchObject({ categories: [], tags: [] });
    expect(without.warnings).toEqual(['post 36: no category']);
  });

  it('drops a term that no longer exists from its posts, and sorts terms by name whatever the embedded order', () => {
    const { content } = normalize([post((copy) => {
      copy._embedded['wp:term'][1] = [{ id: 12, name: 'Vidéo' }, { id: 99, name: 'Supprimée' }, { id: 11, name: 'Kop' }];
    })]);
    expect(content.posts[0]?.tags.map((term) => term.name)).toEqual(['Kop', 'Vidéo']);
  });

  it('gives every post the current name of its terms, not the embedded one', () => {
    const { content } = normalize([REAL_POST], { tags: [{ id: 11, name: 'Tribune Kop', slug: 'kop' }, { id: 12, name: 'Vidéo', slug: 'video' }] });
    expect(content.posts[0]?.tags.map((term) => term.name)).toEqual(['Tribune Kop', 'Vidéo']);
  });

  it('shows an empty title as "Sans titre"', () => {
    const { content, warnings } = normalize([post((copy) => (copy.title = { rendered: '  <em></em> ' }))]);
    expect(content.posts[0]).toMatchObject({ titleText: 'Sans titre', titleHtml: 'Sans titre' });
    expect(warnings).toContain('post 36: empty title, shown as "Sans titre"');
  });

  it('strips a title full of markup to the allow-list and plain text', () => {
    const { content, warnings } = normalize([post((copy) => (copy.title = { rendered: '<h2 style="x">Victoire <strong>nette</strong></h2><script>alert(1)</script><img src=x onerror=alert(1)>' }))]);
    expect(content.posts[0]).toMatchObject({ titleHtml: 'Victoire <strong>nette</strong>', titleText: 'Victoire nette' });
    expect(warnings).toEqual(['post 36: markup removed from the title']);
  });

  it('drops a frame from a title, where no click-to-load placeholder fits, and says so', () => {
    const title = 'Le résumé <iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315"></iframe> du match';
    const { content, warnings } = normalize([post((copy) => (copy.title = { rendered: title }))]);
    expect(content.posts[0]).toMatchObject({ titleHtml: 'Le résumé du match', titleText: 'Le résumé du match' });
    expect(warnings).toEqual(['post 36: frame removed from the title (frames load only on a click, in contents)']);
  });

  it('skips posts whose id is not a positive integer, so no path can leave the output folder', () => {
    const bad = ['../../etc', -3, 0, 1.5, '42', null, 2 ** 60].map((id) => post((copy) => (copy.id = id)));
    const { content, warnings } = normalize([...bad, 'not an object', REAL_POST]);
    expect(content.posts.map((item) => item.id)).toEqual([36]);
    expect(warnings).toHaveLength(8);
    expect(warnings[0]).toBe('post #1 skipped: id "../../etc" is not a positive integer');
  });

  it('skips a post without a usable date and a duplicate id', () => {
    const { content, warnings } = normalize([post((copy) => {
      copy.id = 7;
      copy.date = 'hier';
      copy.modified = null;
    }), REAL_POST, REAL_POST]);
    expect(content.posts.map((item) => item.id)).toEqual([36]);
    expect(warnings).toEqual(['post 7: skipped, no usable date ("hier")', 'post 36: skipped, the id appears twice']);
  });

  it('skips bad terms and decodes names', () => {
    const { content, warnings } = normalize([], { categories: [{ id: 'x', name: 'Bad' }, { id: 9, name: '' }, ...CATEGORIES], tags: [] });
    expect(content.categories.map((term) => term.name)).toEqual(['Jeunes & formation', 'Partenaires', 'Sans nom']);
    expect(warnings).toEqual(['category #1 skipped: id "x" is not a positive integer', 'category 9: no name, shown as "Sans nom"']);
  });

  it('orders posts newest first, ties by id', () => {
    const older = post((copy) => {
      copy.id = 2;
      copy.date = '2025-01-01T10:00:00';
    });
    const twin = post((copy) => (copy.id = 40));
    const { content } = normalize([older, REAL_POST, twin]);
    expect(content.posts.map((item) => item.id)).toEqual([40, 36, 2]);
  });

  it('sanitizes the content', () => {
    const { content } = normalize([post((copy) => (copy.content = { rendered: '<p onclick="x()">ok</p><script>alert(1)</script>' }))]);
    expect(content.posts[0]?.contentHtml).toBe('<p>ok</p>');
  });

  it('keeps the words of adjacent cells and blocks apart in an excerpt, and leaves a leading table out of it', () => {
    const table = '<figure class="wp-block-table"><table><thead><tr><th>Joueur</th><th>Minutes</th><th>Points</th><th>Rebonds</th></tr></thead><tbody><tr><td>Noah</td><td>32</td><td>21</td><td>7</td></tr></tbody></table></figure>';
    const body = `${table}<p>Nos U15 ont dominé la finale.</p><h2>La suite</h2><ul><li>Samedi</li><li>Dimanche</li></ul>`;
    // What WordPress itself sends for an excerpt the editor left empty: the content with its tags stripped.
    const wordpressExcerpt = '<p>JoueurMinutesPointsRebondsNoah32217Nos U15 ont dominé la finale.La suiteSamediDimanche [&hellip;]</p>';
    const { content } = normalize([post((copy) => {
      copy.content = { rendered: body };
      copy.excerpt = { rendered: wordpressExcerpt };
    })]);
    expect(content.posts[0]?.excerptText).toBe('Nos U15 ont dominé la finale. La suite Samedi Dimanche');
  });

  it('keeps an excerpt the editor wrote, its paragraphs apart', () => {
    const { content } = normalize([post((copy) => {
      copy.excerpt = { rendered: '<p>Un résumé écrit à la main.</p><p>Deuxième phrase.</p>' };
    })]);
    expect(content.posts[0]?.excerptText).toBe('Un résumé écrit à la main. Deuxième phrase.');
  });

  it('sets titles, excerpts and contents in French typography, once, at normalize time', () => {
    const { content } = normalize([post((copy) => {
      copy.title = { rendered: 'Billets : 15 euros la place !' };
      copy.excerpt = { rendered: '' };
      copy.content = { rendered: '<p>La salle accueille 3500 personnes ; <a href="/a?b=1">le plan</a> !</p>' };
    })]);
    const first = content.posts[0];
    expect(first?.titleText).toBe('Billets\u00a0: 15\u00a0euros la place\u202f!');
    expect(first?.titleHtml).toBe('Billets\u00a0: 15\u00a0euros la place\u202f!');
    expect(first?.contentHtml).toBe('<p>La salle accueille 3500\u00a0personnes\u202f; <a href="/a?b=1">le plan</a>\u202f!</p>');
    expect(first?.excerptText).toBe('La salle accueille 3500\u00a0personnes\u202f; le plan\u202f!');
  });

  it("keeps the origin WordPress declares for its posts, to tell links to WordPress read through another address", () => {
    const { normalized } = normalizePost(post((copy) => (copy.link = 'https://cms.sqbb.fr/2025/06/15/tournoi/')), 0) as { normalized: { media: { siteOrigin?: string } } };
    expect(normalized.media.siteOrigin).toBe('https://cms.sqbb.fr');
    const { normalized: odd } = normalizePost(post((copy) => (copy.link = 'javascript:alert(1)')), 0) as { normalized: { media: { siteOrigin?: string } } };
    expect(odd.media.siteOrigin).toBeUndefined();
  });
});
