import { readFileSync } from 'node:fs';
import { load, type CheerioAPI } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { renderEmbedPlaceholder } from '../../build/wordpress/normalize.js';
import { EMBED_FRAME_ORIGINS, isEmbedFrameUrl, readEmbedUrl, type EmbedProps } from '../../src/lib/embed-providers.js';
import { replaceEmbeds } from '../../src/lib/embeds.js';
import { articleContent } from '../../src/lib/wp-leftovers.js';
import { normalizeContent } from './normalize-content.js';

/** A WordPress content as normalize makes it: leftovers, sanitizer, then the click-to-load placeholders. */
function content(html: string) {
  const notes: string[] = [];
  const note = (message: string) => notes.push(message);
  const output = replaceEmbeds(articleContent(html, note), renderEmbedPlaceholder, note);
  const $ = load(output, null, false);
  return { output, notes, $, embeds: islandProps($) };
}

function islandProps($: CheerioAPI): EmbedProps[] {
  return $('[data-island="embed"]')
    .map((_, element) => JSON.parse($(element).attr('data-props') ?? 'null') as EmbedProps)
    .get();
}

const YOUTUBE_OEMBED =
  '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">\n' +
  '<iframe loading="lazy" width="500" height="281" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" allow="autoplay; encrypted-media" allowfullscreen title="Vidéo du SQBB"></iframe>\n' +
  '</div><figcaption class="wp-element-caption">Le résumé de la finale en vidéo.</figcaption></figure>';
const TWEET =
  '<blockquote class="twitter-tweet"><p lang="fr" dir="ltr">Victoire 85-79 ! <a href="https://t.co/abc">pic.twitter.com/abc</a></p>&mdash; SQBB (@SQBB_Officiel) ' +
  '<a href="https://twitter.com/SQBB_Officiel/status/1801234567890123456?ref_src=twsrc%5Etfw">15 juin 2025</a></blockquote> <script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>';
const INSTAGRAM =
  '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/C8aBcDeFgHi/?utm_source=ig_embed" data-instgrm-version="14" style="background:#FFF;">' +
  '<div><a href="https://www.instagram.com/p/C8aBcDeFgHi/?utm_source=ig_embed" target="_blank">Voir cette publication sur Instagram</a></div>' +
  '<p><a href="https://www.instagram.com/p/C8aBcDeFgHi/?utm_source=ig_embed" target="_blank">Une publication partagée par SQBB (@sqbb_officiel)</a></p></blockquote>' +
  '<script async src="//www.instagram.com/embed.js"></script>';

describe('click-to-load embeds in WordPress contents', () => {
  it('turn a YouTube oEmbed iframe into a placeholder: no iframe, a link to the video, the frame from youtube-nocookie.com', () => {
    const { $, embeds, notes } = content(YOUTUBE_OEMBED);
    expect($('iframe')).toHaveLength(0);
    expect(embeds).toEqual([
      {
        provider: 'youtube',
        kind: 'video',
        title: 'Vidéo du SQBB',
        frame: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ]);
    // The figure and its caption stay; the placeholder sits in the block's wrapper.
    expect($('figure.wp-block-embed > .wp-block-embed__wrapper > .island[data-island="embed"]')).toHaveLength(1);
    expect($('figure.wp-block-embed > figcaption').text()).toBe('Le résumé de la finale en vidéo.');
    expect($('.embed-title').text()).toBe('Vidéo du SQBB');
    expect($('.embed-provider').text()).toContain('YouTube');
    const link = $('a.embed-button');
    expect(link.attr('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(link.text()).toBe('Voir la vidéo sur YouTube');
    expect(notes).toEqual([]);
  });

  it('title a frame without title by the block caption, and read the URL WordPress left when oEmbed failed', () => {
    const failed = '<figure class="wp-block-embed is-type-video is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://youtu.be/dQw4w9WgXcQ?t=95\n</div><figcaption>Le match en entier</figcaption></figure>';
    const { $, embeds } = content(failed);
    expect(embeds).toEqual([
      {
        provider: 'youtube',
        kind: 'video',
        title: 'Le match en entier',
        frame: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=95',
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=95s',
      },
    ]);
    expect($('.wp-block-embed__wrapper').text()).not.toContain('youtu.be');
  });

  it('read each video provider from its iframe, with a generic title when none is given', () => {
    const { embeds, $ } = content(
      '<p><iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe></p>' +
        '<iframe src="https://player.vimeo.com/video/123456789?h=0a1b2c3d4e&amp;title=0" title="Interview du coach"></iframe>' +
        '<iframe src="https://www.dailymotion.com/embed/video/x8abc12" title="Le résumé"></iframe>' +
        '<iframe src="https://geo.dailymotion.com/player/xabc1.html?video=x7tgad0"></iframe>' +
        '<iframe src="https://www.youtube.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG"></iframe>',
    );
    expect(embeds.map(({ provider, title, frame, link }) => ({ provider, title, frame, link }))).toEqual([
      { provider: 'youtube', title: 'Vidéo YouTube', frame: 'https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1', link: 'https://www.youtube.com/watch?v=abcdefghijk' },
      { provider: 'vimeo', title: 'Interview du coach', frame: 'https://player.vimeo.com/video/123456789?dnt=1&autoplay=1&h=0a1b2c3d4e', link: 'https://vimeo.com/123456789/0a1b2c3d4e' },
      { provider: 'dailymotion', title: 'Le résumé', frame: 'https://geo.dailymotion.com/player.html?video=x8abc12', link: 'https://www.dailymotion.com/video/x8abc12' },
      { provider: 'dailymotion', title: 'Vidéo Dailymotion', frame: 'https://geo.dailymotion.com/player.html?video=x7tgad0', link: 'https://www.dailymotion.com/video/x7tgad0' },
      {
        provider: 'youtube',
        title: 'Vidéo YouTube',
        frame: 'https://www.youtube-nocookie.com/embed/videoseries?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&autoplay=1',
        link: 'https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
      },
    ]);
    // Inside a paragraph the island is a span, so the paragraph stays one paragraph.
    expect($('p > span.island > span.embed-placeholder')).toHaveLength(1);
    expect($('iframe')).toHaveLength(0);
  });

  it('turn X, Instagram and Facebook embed codes into placeholders of the post, their scripts gone', () => {
    const facebookSdk =
      '<div class="fb-post" data-href="https://www.facebook.com/sqbb/posts/pfbid02abcDEF123"><blockquote cite="https://www.facebook.com/sqbb/posts/pfbid02abcDEF123" class="fb-xfbml-parse-ignore">' +
      '<p>Le programme du week-end</p>Publiée par <a href="https://www.facebook.com/sqbb">SQBB</a> sur <a href="https://www.facebook.com/sqbb/posts/pfbid02abcDEF123">samedi 14 juin 2025</a></blockquote></div>';
    const facebookFrame =
      '<iframe src="https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fsqbb%2Fvideos%2F1234567890%2F&amp;show_text=false" title="Dunk de la saison"></iframe>';
    const { output, embeds } = content(TWEET + INSTAGRAM + facebookSdk + facebookFrame + '<iframe src="https://platform.twitter.com/embed/Tweet.html?id=20"></iframe>');
    expect(output).not.toMatch(/<script|<iframe|<blockquote/);
    expect(embeds.map(({ provider, kind, title, frame, link }) => ({ provider, kind, title, frame, link }))).toEqual([
      {
        provider: 'x',
        kind: 'post',
        title: 'Victoire 85-79 ! pic.twitter.com/abc',
        frame: 'https://platform.twitter.com/embed/Tweet.html?id=1801234567890123456&dnt=true&lang=fr',
        link: 'https://x.com/SQBB_Officiel/status/1801234567890123456',
      },
      {
        provider: 'instagram',
        kind: 'post',
        title: 'Une publication partagée par SQBB (@sqbb_officiel)',
        frame: 'https://www.instagram.com/p/C8aBcDeFgHi/embed/',
        link: 'https://www.instagram.com/p/C8aBcDeFgHi/',
      },
      {
        provider: 'facebook',
        kind: 'post',
        title: 'Le programme du week-end',
        frame: 'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fsqbb%2Fposts%2Fpfbid02abcDEF123%2F&show_text=true&width=500',
        link: 'https://www.facebook.com/sqbb/posts/pfbid02abcDEF123/',
      },
      {
        provider: 'facebook',
        kind: 'post',
        title: 'Dunk de la saison',
        frame: 'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fsqbb%2Fvideos%2F1234567890%2F&show_text=false',
        link: 'https://www.facebook.com/sqbb/videos/1234567890/',
      },
      { provider: 'x', kind: 'post', title: 'Publication X', frame: 'https://platform.twitter.com/embed/Tweet.html?id=20&dnt=true&lang=fr', link: 'https://x.com/i/status/20' },
    ]);
  });

  it('make maps click-to-load too, and drop an allowed host whose address is not a video, post or map', () => {
    const { embeds, notes, $ } = content(
      '<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=3.2800%2C49.8400%2C3.2920%2C49.8460&amp;layer=mapnik&amp;marker=49.843%2C3.286" title="Accès"></iframe>' +
        '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12!1d2563.7!2d3.28!3d49.84!5e0!3m2!1sfr!2sfr!4v1700000000000"></iframe>' +
        '<iframe src="https://www.youtube.com/channel/UC123"></iframe><p>après</p>',
    );
    expect(embeds.map(({ provider, kind, title, frame }) => ({ provider, kind, title, frame }))).toEqual([
      { provider: 'openstreetmap', kind: 'map', title: 'Accès', frame: 'https://www.openstreetmap.org/export/embed.html?bbox=3.2800%2C49.8400%2C3.2920%2C49.8460&layer=mapnik&marker=49.843%2C3.286' },
      { provider: 'google-maps', kind: 'map', title: 'Carte Google Maps', frame: 'https://www.google.com/maps/embed?pb=!1m18!1m12!1d2563.7!2d3.28!3d49.84!5e0!3m2!1sfr!2sfr!4v1700000000000' },
    ]);
    expect($('iframe')).toHaveLength(0);
    expect($('p').text()).toBe('après');
    expect(notes).toEqual(['iframe of www.youtube.com removed: its address is not a video, post or map the site can embed']);
  });

  it('keep the allow-list: an iframe of an unknown host never reaches the page, as a frame or a placeholder', () => {
    const { output, embeds } = content('<iframe src="https://widgets.example/embed/1" title="Widget"></iframe><iframe src="https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ"></iframe><p>texte</p>');
    expect(embeds).toEqual([]);
    expect(output).toBe('<p>texte</p>');
  });

  it.each([
    ['an id with a quote', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXc&quot;onload=alert(1)"></iframe>'],
    ['an id too long', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQQ"></iframe>'],
    ['an id with markup', '<iframe src="https://www.youtube.com/embed/%3Cscript%3E"></iframe>'],
    ['a path after the id', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ/../../evil"></iframe>'],
    ['a non-numeric Vimeo id', '<iframe src="https://player.vimeo.com/video/12ab"></iframe>'],
    ['a Vimeo hash with markup', '<iframe src="https://player.vimeo.com/video/123?h=%22%3E%3Cscript%3E"></iframe>'],
    ['a Dailymotion id with a slash', '<iframe src="https://geo.dailymotion.com/player.html?video=x8abc%2F..%2Fevil"></iframe>'],
    ['a Facebook plugin pointing elsewhere', '<iframe src="https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fevil.example%2Fsqbb%2Fposts%2F1"></iframe>'],
    ['a Facebook plugin pointing to script', '<iframe src="https://www.facebook.com/plugins/post.php?href=javascript%3Aalert(1)"></iframe>'],
    ['an X frame without a numeric id', '<iframe src="https://platform.twitter.com/embed/Tweet.html?id=1%22%3E"></iframe>'],
    ['a Google Maps frame that is not an embed', '<iframe src="https://www.google.com/search?q=sqbb"></iframe>'],
    ['an OpenStreetMap box with text', '<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,alert(1)"></iframe>'],
    ['a port', '<iframe src="https://www.youtube.com:8443/embed/dQw4w9WgXcQ"></iframe>'],
    ['credentials', '<iframe src="https://user:pass@www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'],
  ])('remove a frame of an allowed host with %s, with a warning', (_name, html) => {
    const { output, embeds, notes } = content(`${html}<p>fin</p>`);
    expect(embeds).toEqual([]);
    expect(output).toBe('<p>fin</p>');
    expect(notes).toHaveLength(1);
  });

  it('leave a social blockquote whose links are not posts of the provider as a plain quote', () => {
    const { $, embeds } = content(
      '<blockquote class="twitter-tweet"><p>Faux</p><a href="https://evil.example/SQBB/status/1">lien</a><a href="https://twitter.com/SQBB/status/12x">x</a><a href="javascript:alert(1)">y</a></blockquote>',
    );
    expect(embeds).toEqual([]);
    expect($('blockquote p').text()).toBe('Faux');
  });

  it('escape titles into the island props and the markup', () => {
    const { $, embeds, output } = content('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; fin"></iframe>');
    expect(embeds[0]?.title).toBe('"><img src=x onerror=alert(1)> & fin');
    expect($('.embed-title').text()).toBe('"><img src=x onerror=alert(1)> & fin');
    expect($('img')).toHaveLength(0);
    expect(output).not.toContain('<img');
  });

  it('leave a content without embeds byte for byte as the sanitizer made it', () => {
    const html = '<p>Un &amp; deux</p><figure class="wp-block-image"><img src="/media/a.jpg" alt="A" width="10" height="10"></figure><blockquote class="wp-block-quote"><p>« Citation »</p></blockquote>';
    const clean = articleContent(html, () => {});
    expect(content(html).output).toBe(clean);
    // With an embed, only the embed changes.
    const withEmbed = content(`${html}${YOUTUBE_OEMBED}${html}`).output;
    expect(withEmbed.startsWith(clean)).toBe(true);
    expect(withEmbed.endsWith(clean)).toBe(true);
  });
});

describe('embed addresses', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1'],
    ['https://dai.ly/x8abc12', 'https://geo.dailymotion.com/player.html?video=x8abc12'],
    ['https://www.dailymotion.com/video/x7tgad0_la-finale', 'https://geo.dailymotion.com/player.html?video=x7tgad0'],
    ['https://x.com/SQBB_Officiel/status/1801234567890123456', 'https://platform.twitter.com/embed/Tweet.html?id=1801234567890123456&dnt=true&lang=fr'],
    ['http://twitter.com/i/web/status/42', 'https://platform.twitter.com/embed/Tweet.html?id=42&dnt=true&lang=fr'],
    ['https://www.instagram.com/sqbb_officiel/reel/C8aBcDeFgHi/', 'https://www.instagram.com/reel/C8aBcDeFgHi/embed/'],
    ['https://www.facebook.com/permalink.php?story_fbid=123&id=456', 'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fpermalink.php%3Fstory_fbid%3D123%26id%3D456&show_text=true&width=500'],
  ])('%s frames as %s, an origin of EMBED_FRAME_ORIGINS', (address, frame) => {
    expect(readEmbedUrl(address)?.frame).toBe(frame);
    expect(isEmbedFrameUrl(frame)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.facebook.com/sqbb',
    'https://x.com/SQBB_Officiel',
    'https://x.com/not-a-user!/status/1',
    'https://www.instagram.com/sqbb_officiel/',
    'https://www.instagram.com/p/C8a"><x/',
    'ftp://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ])('%s is not an embed', (address) => {
    expect(readEmbedUrl(address)).toBeUndefined();
  });

  it('frames only https origins of the list', () => {
    expect(EMBED_FRAME_ORIGINS.every((origin) => /^https:\/\/[a-z0-9.-]+$/.test(origin))).toBe(true);
    expect(isEmbedFrameUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(false);
    expect(isEmbedFrameUrl('http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(false);
    expect(isEmbedFrameUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('the embedded snapshot', () => {
  it('has no iframe left in any post, and every placeholder frames an allowed origin', () => {
    const posts = JSON.parse(readFileSync('data/wordpress/posts.json', 'utf8')) as unknown[];
    const { posts: normalized } = normalizeContent({ posts, categories: [], tags: [] }, () => {});
    const providers = new Set<string>();
    for (const post of normalized) {
      const $ = load(post.contentHtml, null, false);
      expect($('iframe, script'), `post ${post.id}`).toHaveLength(0);
      for (const embed of islandProps($)) {
        expect(isEmbedFrameUrl(embed.frame ?? ''), `post ${post.id}: ${embed.frame}`).toBe(true);
        providers.add(embed.provider);
      }
    }
    // The reference post (64) holds a YouTube video and a post on X.
    const reference = normalized.find((post) => post.id === 64);
    expect(islandProps(load(reference?.contentHtml ?? '', null, false)).map((embed) => embed.provider)).toEqual(['youtube', 'x']);
    expect([...providers].sort()).toEqual(['x', 'youtube']);
  });
});
