import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { safeImageUrl, sanitizeContent, sanitizeTitle, toPlainText } from '../../src/lib/sanitize.js';

/** Payloads a compromised editor account or a malicious plugin could put into a post. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="/media/a.jpg" onload="alert(1)">',
  '<p onclick="alert(1)" onmouseover=alert(1)>texte</p>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">lien</a>',
  '<a href="JaVaScRiPt:alert(1)">lien</a>',
  '<a href=" javascript:alert(1)">lien</a>',
  '<a href="jav&#x09;ascript:alert(1)">lien</a>',
  '<a href="jav\tascript:alert(1)">lien</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">lien</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">lien</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">lien</a>',
  '<a href="javascript&colon;alert(1)">lien</a>',
  '<a href="vbscript:msgbox(1)">lien</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">lien</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img srcset="javascript:alert(1) 1x, /media/a.jpg 2x">',
  '<svg onload=alert(1)><circle r="10"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example/embed"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="//www.youtube.com.evil.example/embed/x"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name="q"><button>ok</button></form>',
  '<style>body{background:url(https://evil.example/x.png)}</style>',
  '<p style="background-image:url(javascript:alert(1))">a</p>',
  '<p style="behavior:url(x.htc);-moz-binding:url(x.xml#xss)">a</p>',
  '<div style="width: expression(alert(1))">a</div>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<a href="https://ok.example" target="_blank">ouvre</a>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><img src=x onerror=alert(1)></template>',
  '<a href="https://ok.example" formaction="javascript:alert(1)">x</a>',
];

/** What must never survive: executable elements, handlers, script-capable URLs, fetching styles. */
function assertHarmless(html: string): void {
  const $ = load(html);
  expect($('script, object, embed, form, input, button, style, meta, base, svg, math, template, noscript').length, html).toBe(0);
  // The spec's title allow-list names <link>: inert without attributes, which it never allows.
  $('link').each((_, element) => expect(element.attribs, html).toEqual({}));
  $('*').each((_, node) => {
    const element = node as unknown as { attribs: Record<string, string> };
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(name.startsWith('on'), `${name} in ${html}`).toBe(false);
      expect(['srcdoc', 'formaction'].includes(name), `${name} in ${html}`).toBe(false);
      // Browsers ignore control characters inside a URL scheme ('java\x01script:'): strip them as they do.
      // eslint-disable-next-line no-control-regex
      const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      expect(/(javascript|vbscript|data):/.test(compact), `${name}="${value}" in ${html}`).toBe(false);
      if (name === 'style') expect(/url\(|expression|behavior|binding|@import/.test(compact), html).toBe(false);
    }
  });
  $('iframe').each((_, element) => {
    expect(new URL(element.attribs.src ?? '').hostname, html).toMatch(/(^|\.)(youtube(-nocookie)?\.com|vimeo\.com|dailymotion\.com|google\.com|openstreetmap\.org)$/);
  });
}

describe('sanitizeContent', () => {
  it.each(XSS_CORPUS)('neutralises %s', (payload) => {
    assertHarmless(sanitizeContent(payload));
    assertHarmless(sanitizeContent(`<p>avant</p>${payload}<p>après</p>`));
  });

  it('keeps what WordPress editors write: paragraphs, figures, responsive images, quotes, tables', () => {
    const html = sanitizeContent(
      '<p class="has-text-align-center" style="text-align:center">Texte <strong>gras</strong> <em>italique</em> <a href="https://www.sqbb.fr/billetterie">billets</a></p>' +
        '<figure class="wp-block-image"><img src="/media/2025/08/a-768x432.jpg" srcset="/media/2025/08/a-300x169.jpg 300w, /media/2025/08/a-768x432.jpg 768w" sizes="(max-width: 768px) 100vw, 768px" width="768" height="432" alt="Photo"><figcaption>Légende</figcaption></figure>' +
        '<blockquote class="wp-block-quote"><p>Citation</p></blockquote><table><tr><td colspan="2">1</td></tr></table>',
    );
    const $ = load(html);
    expect($('p strong').text()).toBe('gras');
    expect($('p').first().attr('style')).toBe('text-align:center');
    expect($('a').attr('href')).toBe('https://www.sqbb.fr/billetterie');
    expect($('img').attr('srcset')).toBe('/media/2025/08/a-300x169.jpg 300w, /media/2025/08/a-768x432.jpg 768w');
    expect($('img').attr('loading')).toBe('lazy');
    expect($('figcaption').text()).toBe('Légende');
    expect($('blockquote p').text()).toBe('Citation');
    expect($('td').attr('colspan')).toBe('2');
  });

  it('keeps video embeds from allowed hosts only', () => {
    const html = sanitizeContent(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" allowfullscreen></iframe><iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="https://evil.example/x"></iframe>',
    );
    const $ = load(html);
    expect($('iframe').map((_, element) => element.attribs.src).get()).toEqual(['https://www.youtube-nocookie.com/embed/abc', 'https://player.vimeo.com/video/1']);
  });

  it('adds rel="noopener noreferrer" to links opening a new tab', () => {
    expect(sanitizeContent('<a href="https://ok.example" target="_blank">x</a>')).toBe('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">x</a>');
  });
});

describe('sanitizeTitle', () => {
  it('keeps only the spec allow-list (image, iframe, link, strong)', () => {
    expect(sanitizeTitle('Victoire <strong>de prestige</strong> contre <em>Monaco</em>')).toBe('Victoire <strong>de prestige</strong> contre Monaco');
    expect(sanitizeTitle('<h1 style="color:red">Titre</h1><div>suite</div>')).toBe('Titresuite');
  });

  it.each(XSS_CORPUS)('neutralises %s', (payload) => {
    assertHarmless(sanitizeTitle(payload));
  });

  it('gives a title of text alone the bytes it gives the same text after markup', () => {
    const titles = ['Partenaires &#038; mécènes', 'AT&T', 'a > b', '&eacute;t&eacute', '&amp', '&lt;script&gt;alert(1)&lt;/script&gt;', '&nbsp;x&nbsp;', '&#0;', '&notit;', ' espaces  ', 'x &#8217; y &laquo;&nbsp;z&nbsp;&raquo;', 'a&b=c', '&quot;q&quot;', '&AMP;'];
    for (const title of titles) expect(sanitizeTitle(title), title).toBe(sanitizeTitle(`<strong>·</strong>${title}`).replace('<strong>·</strong>', '').trim());
  });
});

describe('toPlainText', () => {
  it('decodes WordPress entities once and drops tags', () => {
    expect(toPlainText('Le coach : &laquo;&nbsp;On y croit jusqu&rsquo;au bout&nbsp;&raquo;')).toBe('Le coach : « On y croit jusqu’au bout »');
    expect(toPlainText('Partenaires &#038; mécènes')).toBe('Partenaires & mécènes');
    expect(toPlainText('Victoire <strong>de prestige</strong>')).toBe('Victoire de prestige');
    expect(toPlainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(toPlainText('avant<script>alert(1)</script>après')).toBe('avantaprès');
    expect(toPlainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });
});

describe('safeImageUrl', () => {
  it('accepts http(s) and root-relative paths only', () => {
    expect(safeImageUrl('/media/2025/01/a.jpg')).toBe('/media/2025/01/a.jpg');
    expect(safeImageUrl('https://cms.example/wp-content/a.jpg')).toBe('https://cms.example/wp-content/a.jpg');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeImageUrl('//evil.example/a.jpg')).toBeUndefined();
    expect(safeImageUrl('/media/a.jpg" onerror="x')).toBeUndefined();
    expect(safeImageUrl(42)).toBeUndefined();
  });
});
