import { describe, expect, it } from 'vitest';
import { hostingPlan, IMMUTABLE } from '../../build/hosting/policy.js';
import { extractRecord } from '../../build/search/extract.js';
import { excerpt, highlight } from '../../src/islands/search/excerpt.js';
import { INDEX_FOLDER } from '../../src/islands/search/index-format.js';
import { parseQuery, termsOf } from '../../src/islands/search/search-text.js';
import { makeSite } from './site-fixture.js';

describe('French search terms', () => {
  it('fold accents and stem, the same way for the page and the query', () => {
    expect(termsOf('Équipe')).toEqual(termsOf('equipe'));
    expect(termsOf('victoires')).toEqual(termsOf('victoire'));
    expect(termsOf('entraîneurs')).toEqual(termsOf('entraineur'));
    expect(termsOf("l'équipe de la saison")).toEqual(termsOf('equipe saison'));
  });

  it('let the word being typed complete, and not a word followed by a space', () => {
    expect(parseQuery('victoire boula')).toEqual([expect.objectContaining({ word: 'victoire' }), expect.objectContaining({ word: 'boula', prefix: 'boula' })]);
    expect(parseQuery('boula ')[0]?.prefix).toBeUndefined();
    // Two letters would complete half the index.
    expect(parseQuery('bo')[0]?.prefix).toBeUndefined();
    // After another word, they are not a word yet: the results stay those of the words before.
    expect(parseQuery('victoire bo').map((word) => word.word)).toEqual(['victoire']);
    expect(parseQuery('victoire bo ').map((word) => word.word)).toEqual(['victoire', 'bo']);
  });
});

describe('excerpts', () => {
  const words = parseQuery('equipe victoire ');

  it('mark the words found, accents and endings aside, as text parts', () => {
    expect(highlight('Victoires de l’Équipe pro', words)).toEqual([
      { text: 'Victoires', mark: true },
      { text: ' de l’', mark: false },
      { text: 'Équipe', mark: true },
      { text: ' pro', mark: false },
    ]);
  });

  it('show the text around the first word found, or its start', () => {
    const text = `${'Lorem ipsum dolor sit amet. '.repeat(12)}Une belle victoire à domicile.`;
    const parts = excerpt(text, words);
    expect(parts[0]?.text.startsWith('…')).toBe(true);
    expect(parts.some((part) => part.mark && part.text === 'victoire')).toBe(true);
    expect(excerpt('Rien à signaler ici.', words).map((part) => part.text).join('')).toBe('Rien à signaler ici.');
  });
});

describe('search records', () => {
  const page = (head: string, main: string) => `<!doctype html><html lang="fr"><head>${head}</head><body><nav>Menu Club</nav><main id="contenu">${main}</main></body></html>`;

  it('leave out a page marked noindex (placeholders)', () => {
    expect(extractRecord(page('<meta name="robots" content="noindex">', '<h1>Boutique</h1><p>Page en construction</p>'), '/boutique/')).toBeUndefined();
  });

  it('take the title, the day shown, the categories of a post and the smallest picture, not the sidebar', () => {
    const jsonLd = '<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"2025-10-27T23:10:00Z","articleSection":["Équipe pro"]}</script>';
    const record = extractRecord(
      page(
        jsonLd,
        '<div class="page-banner"><h1>Victoire &amp; joie</h1><p>Publié le <time dateTime="2025-10-28">28 octobre 2025</time></p></div>' +
          '<article><picture><source type="image/webp" srcSet="/media/a-800.webp 800w, /media/a-400.webp 400w"/><img src="/media/a-1024.jpg" width="1024" height="576" alt="Photo"/></picture>' +
          '<h2>Le match</h2><p>Un succès <strong>mérité</strong>.</p></article><aside><h2>Catégories</h2><a href="/x/">Club</a></aside>',
      ),
      '/actualites/article/4/',
    );
    expect(record).toEqual({
      url: '/actualites/article/4/',
      title: 'Victoire & joie',
      date: '2025-10-28',
      categories: ['Équipe pro'],
      image: { src: '/media/a-400.webp', width: 1024, height: 576 },
      headings: 'Le match',
      text: 'Un succès mérité.',
    });
  });
});

describe('search records carry the page’s own text only', () => {
  const page = (main: string) => `<!doctype html><html lang="fr"><head></head><body><main id="contenu">${main}</main></body></html>`;
  const player = extractRecord(
    page(
      '<div class="player-page"><p class="player-back-wrap"><a class="player-back" href="/equipe/pro/joueurs/">Retour</a></p>' +
        '<header><p class="player-header-number">n° 3</p><h1>Lucas Ferreira</h1><p>Meneur</p></header>' +
        '<div class="player-tabs"><nav><a class="player-tab" href="#a">Résumé</a></nav><a class="player-tab player-tab-photos" href="https://www.instagram.com/x/">Photos</a></div>' +
        '<section><h2>Carrière</h2><h3>Carrière professionnelle</h3><ul><li>2018 - 2022 <strong>Spirou Charleroi</strong></li></ul>' +
        '<h3>Palmarès</h3><p class="player-fallback">Aucune information sur le palmarès disponible.</p></section>' +
        '<figure><figcaption><strong>Lucas Ferreira au tir</strong> <!-- -->Équipe de France U18.<small>28 juillet 2019 · FFBB</small></figcaption></figure>' +
        '<p class="competition-links"><a class="btn btn-gold" href="/equipe/match/calendrier/">Voir le calendrier</a></p></div>',
    ),
    '/equipe/pro/joueurs/details/7/',
    'Joueurs et staff',
  );

  it('leave out the links drawn as buttons and the placeholders, with the heading of an empty section', () => {
    expect(player?.text.startsWith('n° 3')).toBe(true);
    expect(player?.text).not.toMatch(/Retour|Photos|Aucune information|Voir le calendrier/);
    expect(player?.headings).toBe('Carrière · Carrière professionnelle');
  });

  it('keep word boundaries between blocks the markup glues, but not inside a word', () => {
    expect(player?.text).toContain('U18. 28 juillet 2019');
    const record = extractRecord(page('<p>Le 1<sup>er</sup> match de l’<em>équipe</em>, un succès <strong>mérité</strong>.</p><div><span>Basket</span><span>90</span></div>'), '/x/');
    expect(record?.text).toBe('Le 1er match de l’équipe, un succès mérité. Basket 90');
  });
});

describe('the search page on the host', () => {
  const plan = hostingPlan(makeSite({}));
  const csp = (name: string) => plan.rules.find((rule) => rule.name === name)?.headers.find(([header]) => header === 'Content-Security-Policy')?.[1];

  it('keeps the policy of the other text pages: no WebAssembly, no eval, requests to the site only', () => {
    expect(csp('search')).toBe(csp('club-history'));
    expect(csp('search')).toContain("connect-src 'self';");
    expect(csp('search')).not.toMatch(/unsafe-eval|wasm/);
  });

  it('lets the page start its worker from the site: a module worker falls under script-src, which is the site only', () => {
    expect(csp('search')).toMatch(/(?:^|; )script-src 'self'(?:;|$)/);
    // No worker-src or child-src to narrow it further (the worker is /recherche/recherche.js).
    expect(csp('search')).not.toMatch(/worker-src|child-src/);
  });

  it('has its index cached forever, named by its bytes, under /assets/', () => {
    expect(INDEX_FOLDER.startsWith('/assets/')).toBe(true);
    expect(plan.rules.find((rule) => rule.name === 'assets')?.headers).toContainEqual(['Cache-Control', IMMUTABLE]);
  });
});
