import { describe, expect, it } from 'vitest';
import { indexRecordOf } from '../../build/search/doc-terms.js';
import type { SearchRecord } from '../../build/search/extract.js';
import { writeSearchIndex } from '../../build/search/write-index.js';
import { excerpt } from '../../src/islands/search/excerpt.js';
import { createSearchEngine } from '../../src/islands/search/search-engine.js';

/**
 * Issue 42: what the search page finds and in which order, on a small index made as the build
 * makes it (pages first, then posts by day) and read as the page reads it.
 */
function engineOf(records: SearchRecord[]) {
  const ordered = [...records].sort((a, b) => Number(a.date !== undefined) - Number(b.date !== undefined) || (a.date ?? '').localeCompare(b.date ?? '') || a.url.localeCompare(b.url));
  const { manifest, made } = writeSearchIndex(ordered.map(indexRecordOf));
  const files = new Map<string, string>([['/recherche/index.json', JSON.stringify(manifest)], ...made.map((file): [string, string] => [file.path, String(file.contents)])]);
  const engine = createSearchEngine('/recherche/index.json', async (path) => JSON.parse(files.get(path) ?? 'null'));
  const search = async (query: string) => {
    const matches = await engine.search(query);
    const docs = await engine.documents(matches.docs);
    return { words: matches.words, urls: docs.map((doc) => doc.url), docs };
  };
  return { engine, search };
}

const filler = (count: number) => 'Le public du Palais des sports a encouragé les joueurs toute la soirée. '.repeat(count);
const post = (id: number, date: string, title: string, text = filler(2)): SearchRecord => ({ url: `/actualites/article/${id}/`, title, date, categories: ['Équipe pro'], headings: '', text });
const page = (url: string, title: string, text: string, headings = ''): SearchRecord => ({ url, title, categories: ['Pages du club'], headings, text });

const site = [
  post(1, '2025-01-08', 'Le SQBB s’impose face à Boulazac au terme d’un match fou'),
  post(2, '2025-09-12', 'L’équipe pro enchaîne une troisième victoire'),
  post(3, '2025-03-02', 'Déplacement à Boulazat, en Dordogne'),
  page('/equipe/pro/joueurs/details/2/', 'Malik Diarra', 'Arrière explosif, international 3x3.'),
  page('/club/info-pratiques/general/', 'Infos pratiques', `${filler(12)}Le Palais des Sports fonctionne en cashless : buvette et boutique se règlent avec la carte.`),
];

describe('the search’s typo fallback', () => {
  const { search } = engineOf(site);

  it('finds what a misspelt word meant when it finds nothing as typed', async () => {
    expect((await search('equippe')).urls).toEqual(['/actualites/article/2/']);
    expect((await search('equippe')).words[0]?.typos).toEqual(['equip']);
    // One letter from "Boulazac" and from "Boulazat": both are offered.
    expect(new Set((await search('boulazak')).urls)).toEqual(new Set(['/actualites/article/1/', '/actualites/article/3/']));
    expect((await search('diara')).urls).toEqual(['/equipe/pro/joueurs/details/2/']);
  });

  it('never takes a word spelt as the index has it for another: "Boulazac" does not find "Boulazat"', async () => {
    const found = await search('boulazac');
    expect(found.urls).toEqual(['/actualites/article/1/']);
    expect(found.words[0]?.typos).toBeUndefined();
    expect((await search('boulazat')).urls).toEqual(['/actualites/article/3/']);
  });

  it('leaves short words and numbers as typed', async () => {
    expect((await search('pri')).urls).toEqual([]);
    expect((await search('2026')).urls).toEqual([]);
    expect((await search('xylophone')).urls).toEqual([]);
  });

  it('marks the words a misspelt word was taken for in the excerpt', async () => {
    const found = await search('buvete');
    expect(found.urls).toEqual(['/club/info-pratiques/general/']);
    expect(excerpt(found.docs[0]!.text, found.words).filter((part) => part.mark).map((part) => part.text)).toEqual(['buvette']);
  });
});

describe('search results', () => {
  it('show the text around the first word found, far past the start of the page', async () => {
    const { search } = engineOf(site);
    const found = await search('buvette');
    const text = found.docs[0]!.text;
    expect(text.indexOf('buvette')).toBeGreaterThan(600);
    const parts = excerpt(text, found.words);
    expect(parts[0]?.text.startsWith('…')).toBe(true);
    expect(parts.find((part) => part.mark)?.text).toBe('buvette');
  });

  it('put the pages having every word of the query first, then those having some', async () => {
    const { search } = engineOf([
      post(1, '2025-01-01', 'Coupe de France : le tirage', `La coupe revient. ${filler(1)}`),
      post(2, '2025-02-01', 'La coupe, la coupe, toujours la coupe', 'Coupe coupe coupe.'),
      post(3, '2025-01-15', 'Un match', `Un tirage pour la France. ${filler(3)}`),
      post(4, '2025-03-01', 'Autre chose', filler(2)),
    ]);
    const { urls } = await search('coupe france');
    expect(urls[0]).toBe('/actualites/article/1/');
    expect(new Set(urls.slice(1))).toEqual(new Set(['/actualites/article/2/', '/actualites/article/3/']));
  });

  it('show the newer of two posts as relevant first, whatever their ids', async () => {
    const { search } = engineOf([
      post(7, '2025-11-20', 'Victoire à domicile', filler(2)),
      post(9, '2025-02-03', 'Victoire à domicile', filler(2)),
      post(8, '2025-06-10', 'Victoire à domicile', filler(2)),
    ]);
    expect((await search('victoires')).urls).toEqual(['/actualites/article/7/', '/actualites/article/8/', '/actualites/article/9/']);
  });

  it('keep a far more relevant post before a newer one', async () => {
    const { search } = engineOf([post(1, '2025-01-01', 'Billetterie : tout savoir', 'La billetterie ouvre. Billetterie en ligne.'), post(2, '2025-12-01', 'Autre sujet', `${filler(8)} billetterie.`)]);
    expect((await search('billetterie')).urls).toEqual(['/actualites/article/1/', '/actualites/article/2/']);
  });
});
