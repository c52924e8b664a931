import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { normalizeContent } from './normalize-content.js';
import { articleContent, expandCaptions, removeUnknownShortcodes, shortcodeAttributes } from '../../src/lib/wp-leftovers.js';

/** Issue 18: what WordPress leaves unrendered never reaches a fan as raw text. */
const clean = (html: string) => {
  const notes: string[] = [];
  const output = articleContent(html, (message) => notes.push(message));
  return { output, notes, $: load(output, null, false) };
};
const IMAGE = '<img class="size-medium wp-image-5" src="/media/2025/06/photo-300x169.jpg" alt="Le vestiaire en 2019" width="300" height="169" />';

describe('[caption] shortcodes', () => {
  it('become a figure with the image and its caption, aligned as the shortcode said', () => {
    const { $, output, notes } = clean(`[caption id="attachment_5" align="alignright" width="300"]${IMAGE} Le vestiaire en 2019[/caption]`);
    expect(output).not.toContain('[');
    const figure = $('figure');
    expect(figure.attr('class')).toBe('wp-caption alignright');
    expect(figure.children('img').attr('src')).toBe('/media/2025/06/photo-300x169.jpg');
    expect(figure.children('figcaption').text()).toBe('Le vestiaire en 2019');
    expect(notes).toEqual([]);
  });

  it('read attributes whose quotes WordPress made typographic (wptexturize skips only shortcodes it knows)', () => {
    const texturized = `[caption id=&#8221;attachment_5&#8243; align=&#8221;aligncenter&#8221; width=&#8221;300&#8243;]${IMAGE} L&#8217;ancien vestiaire[/caption]`;
    const { $ } = clean(texturized);
    expect($('figure').attr('class')).toBe('wp-caption aligncenter');
    expect($('figcaption').text()).toBe('L’ancien vestiaire');
    expect(shortcodeAttributes(' id=“attachment_5” width=300 title=\'a b\'')).toEqual({ id: 'attachment_5', width: '300', title: 'a b' });
  });

  it('read attributes made French by a WordPress in French (issue 30: wordpress-l10n gives « » with non-breaking spaces and &Prime;)', () => {
    // wptexturize of WordPress 6.1 with the fr_FR language pack, as Debian's wordpress-l10n installs it.
    const texturized = `[caption id=&nbsp;&raquo;attachment_65&Prime; align=&nbsp;&raquo;alignright&nbsp;&raquo; width=&nbsp;&raquo;300&Prime;]${IMAGE} Le troph&eacute;e[/caption]`;
    const { $ } = clean(texturized);
    expect($('figure').attr('class')).toBe('wp-caption alignright');
    expect($('figcaption').text()).toBe('Le trophée');
    expect(shortcodeAttributes(' id=«\u202fattachment_5\u202f» align=\u00ab\u00a0alignleft\u00a0\u00bb')).toEqual({ id: 'attachment_5', align: 'alignleft' });
    expect(shortcodeAttributes(' id=«\u00a0a b\u00a0» width=&laquo;&nbsp;300&nbsp;&raquo;')).toEqual({ id: 'a b', width: '300' });
  });

  it('keep a linked image linked and take the caption attribute of older posts', () => {
    const { $ } = clean(`<p>[caption id="" align="alignnone" width="300" caption="Photo du club"]<a href="/media/2025/06/photo.jpg">${IMAGE}</a>[/caption]</p>`);
    expect($('p')).toHaveLength(0);
    expect($('figure > a > img')).toHaveLength(1);
    expect($('figure').attr('class')).toBe('wp-caption alignnone');
    expect($('figcaption').text()).toBe('Photo du club');
  });

  it('without an image leave only their text, and an unknown alignment is not copied', () => {
    expect(expandCaptions('[caption align="javascript:x"]Juste du texte[/caption]')).toBe('Juste du texte');
    expect(expandCaptions(`[caption align="x onload=y"]${IMAGE}[/caption]`)).toBe(`<figure class="wp-caption">${IMAGE}</figure>`);
  });

  it('stay harmless when the shortcode carries script', () => {
    const { $, output } = clean('[caption align="alignleft"]<img src="/media/a.jpg" alt="a" onerror="alert(1)"> <script>alert(1)</script>Légende[/caption]');
    expect($('script')).toHaveLength(0);
    expect(output).not.toContain('onerror');
    expect($('figcaption').text()).toBe('Légende');
  });
});

describe('unknown shortcodes', () => {
  it('are removed, their enclosed text kept, with one warning per name', () => {
    const { output, notes } = clean('<p>[su_note note_color="#eee"]Rendez-vous à 18 h[/su_note] et [su_note]ici[/su_note]</p>\n<p>[contact-form-7 id=&#8221;12&#8243; title=&#8221;Inscription&#8221;]</p>\n<p>[gallery/] [video src="x.mp4"]</p>');
    expect(output).toBe('<p>Rendez-vous à 18 h et ici</p>\n');
    expect(notes).toEqual([
      'shortcode [su_note] removed: WordPress did not render it',
      'shortcode [contact-form-7] removed: WordPress did not render it',
      'shortcode [gallery] removed: WordPress did not render it',
      'shortcode [video] removed: WordPress did not render it',
    ]);
  });

  it('leave bracketed prose, code samples and attributes as they are', () => {
    const html = '<p>Il a dit « génial » [sic] [1] […] [mise à jour]</p><pre>[gallery ids="1,2"]</pre><p><code>[embed]</code> <a href="/recherche/?f[]=1">lien</a></p>';
    const notes: string[] = [];
    expect(removeUnknownShortcodes(html, (message) => notes.push(message))).toBe(html);
    expect(notes).toEqual([]);
  });

  it('are reported under the post they came from', () => {
    const warnings: string[] = [];
    normalizeContent(
      { posts: [{ id: 64, date: '2025-06-20T21:45:00', title: { rendered: 'Tournoi' }, content: { rendered: '<p>Avant</p>\n<p>[wpdatatable id=3]</p>' } }], categories: [], tags: [] },
      (message) => warnings.push(message),
    );
    expect(warnings).toContain('post 64: shortcode [wpdatatable] removed: WordPress did not render it');
  });
});

describe('empty paragraphs', () => {
  it('are dropped however the editor made them, and only those', () => {
    const { output } = clean('<p>&nbsp;</p>\n<p>Texte</p>\n<p> </p><p>\u00a0</p>\n<p class="has-text-align-center"><br /></p>\n<p></p><p>&nbsp;Vrai texte</p>');
    expect(output).toBe('<p>Texte</p>\n<p>\u00a0Vrai texte</p>');
  });
});

describe('WordPress attributes', () => {
  it('keep the wp-image-N class, lose data-id and ids that could collide with the page', () => {
    const { $ } = clean('<figure class="wp-block-image size-large" id="attachment_5"><img src="/media/a.jpg" alt="a" class="wp-image-12" data-id="12" data-object-fit="cover"></figure>');
    const image = $('img');
    expect(image.attr('class')).toBe('wp-image-12');
    expect(image.attr('data-id')).toBeUndefined();
    expect(image.attr('data-object-fit')).toBeUndefined();
    expect($('[id]')).toHaveLength(0);
  });

  it('keep the details block open or closed as written', () => {
    const { $ } = clean('<details class="wp-block-details" open><summary>Inscriptions</summary><p>Au club.</p></details>');
    expect($('details').attr('open')).toBeDefined();
    expect($('details > summary').text()).toBe('Inscriptions');
  });
});

describe('tables', () => {
  it('each sit in a focusable box of their own, nested tables inside their parent box', () => {
    const { $ } = clean('<figure class="wp-block-table"><table><tbody><tr><td><table><tr><td>a</td></tr></table></td></tr></tbody></table><figcaption>Classement</figcaption></figure><table><tr><td>b</td></tr></table>');
    const boxes = $('div.table-scroll');
    expect(boxes).toHaveLength(2);
    expect(boxes.first().attr('tabindex')).toBe('0');
    expect(boxes.first().parent().is('figure.wp-block-table')).toBe(true);
    expect(boxes.first().children('table')).toHaveLength(1);
    expect($('figure > figcaption').text()).toBe('Classement');
    expect(boxes.last().children('table').text()).toBe('b');
  });
});

describe('the embedded snapshot', () => {
  it('holds no shortcode text once normalized', () => {
    const posts = JSON.parse(readFileSync('data/wordpress/posts.json', 'utf8')) as unknown[];
    const { posts: normalized } = normalizeContent({ posts, categories: [], tags: [] }, () => {});
    for (const post of normalized) expect(post.contentHtml, `post ${post.id}`).not.toMatch(/\[\/?(caption|[a-z]+[_-][a-z0-9_-]*)[\s\]]/);
  });
});
