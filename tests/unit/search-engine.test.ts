import { describe, expect, it } from 'vitest';
import { indexRecordOf } from '../../build/search/doc-terms.js';
import type { SearchRecord } from '../../build/search/extract.js';
import { writeSearchIndex } from '../../build/search/index-files.js';
import { createSearchEngine } from '../../src/islands/search/search-engine.js';
import { bundleName, DOCS_PER_BUNDLE } from '../../src/islands/search/index-format.js';
import { shownResults } from '../../src/islands/search/shown-results.js';

/**
 * Issue 42: what the search page finds and in which order, on a small index made as the build
 * makes it (pages first, then posts by day) and read as the page reads it.
 */
function engineOf(records: SearchRecord[]) {
  const ordered = [...records].sort((a, b) => Number(a.date !== undefined) - Number(b.date !== undefined) || (a.date ?? '').localeCompare(b.date ?? '') || a.url.localeCompare(b.url));
  const { manifest, made } = writeSearchIndex(ordered.map(indexRecordOf));
  const files = new Map<string, string>([['/recherche/index.json', JSON.stringify(manifest)], ...made.map((file): [string, string] => [file.path, String(file.contents)])]);
  const fetched: string[] = [];
  const engine = createSearchEngine('/recherche/index.json', async (path) => {
    fetched.push(path);
    return JSON.parse(files.get(path) ?? 'null');
  });
  const search = async (query: string) => {
    const matches = await engine.search(query);
    const docs = await engine.documents(matches.docs);
    return { words: matches.words, urls: docs.map((doc) => doc.url), docs, shown: await shownResults(engine, docs, matches.words) };
  };
  return { engine, search, fetched, made };
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
    expect(found.shown[0]!.excerptParts.filter((part) => part.mark).map((part) => part.text)).toEqual(['buvette']);
  });
});

describe('search results', () => {
  it('show the text around the first word found, far past the start of the page, fetching the rest of that page only', async () => {
    const { search, fetched } = engineOf(site);
    const found = await search('buvette');
    expect(found.docs[0]!.text).not.toContain('buvette');
    const parts = found.shown[0]!.excerptParts;
    expect(parts[0]?.text.startsWith('…')).toBe(true);
    expect(parts.find((part) => part.mark)?.text).toBe('buvette');
    expect(fetched.filter((path) => path.includes('/more-'))).toHaveLength(1);
  });

  it('fetch no rest of text for results whose title or start holds a word of the query', async () => {
    const { search, fetched } = engineOf([...site, page('/club/histoire/', 'La buvette du club', `${filler(12)}Tenue par les bénévoles, la buvette ouvre une heure avant le match.`)]);
    const found = await search('buvette');
    const byTitle = found.shown.find((result) => result.url === '/club/histoire/')!;
    const deep = found.shown.find((result) => result.url === '/club/info-pratiques/general/')!;
    // Found by its title: its excerpt is its start, no rest read.
    expect(byTitle.excerptParts[0]!.text.startsWith('Le public du Palais')).toBe(true);
    // The page whose title does not say 'buvette' (Infos pratiques) needs its rest.
    expect(deep.excerptParts.find((part) => part.mark)?.text).toBe('buvette');
    expect(fetched.filter((path) => path.includes('/more-'))).toHaveLength(1);
  });

  it('fetch no rest of text for the first results shown while the fan types: their start shows until the page asks again', async () => {
    const { engine, fetched } = engineOf(site);
    const matches = await engine.search('buvette');
    const docs = await engine.documents(matches.docs);
    const first = await shownResults(engine, docs, matches.words, false);
    expect(first[0]!.excerptParts.some((part) => part.mark)).toBe(false);
    expect(fetched.filter((path) => path.includes('/more-'))).toEqual([]);
    const again = await shownResults(engine, docs, matches.words);
    expect(again[0]!.excerptParts.find((part) => part.mark)?.text).toBe('buvette');
    expect(fetched.filter((path) => path.includes('/more-'))).toHaveLength(1);
  });

  it('fetch no rest of text for results whose start holds a word of the query', async () => {
    const { search, fetched } = engineOf(site);
    const found = await search('palais');
    expect(found.urls).toContain('/club/info-pratiques/general/');
    expect(found.shown.every((result) => result.excerptParts.some((part) => part.mark))).toBe(true);
    expect(fetched.filter((path) => path.includes('/more-'))).toEqual([]);
  });

  it('keep a bundle as small as the start of its pages: about 600 characters of each text', async () => {
    const long = (id: number) => post(id, `2025-02-0${id}`, `Article ${id}`, filler(40));
    const { made } = engineOf([long(1), long(2), long(3), long(4)]);
    const bundle = made.find((file) => file.path.includes('/docs-'))!;
    const more = made.find((file) => file.path.includes('/more-'))!;
    for (const doc of JSON.parse(String(bundle.contents)) as { text: string }[]) expect(doc.text.length).toBeLessThanOrEqual(600);
    expect(String(bundle.contents).length).toBeLessThan(4 * 800);
    // The rest: the whole text but its start, once.
    expect(String(more.contents).length).toBeGreaterThan(4 * (filler(40).length - 700));
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

describe('the search’s category filter', () => {
  const youth = (id: number, date: string, title: string): SearchRecord => ({ url: `/actualites/article/${id}/`, title, date, categories: ['Jeunes & formation'], headings: '', text: filler(1) });
  const club = (id: number, date: string, title: string): SearchRecord => ({ url: `/actualites/article/${id}/`, title, date, categories: ['Club'], headings: '', text: filler(1) });
  const records = [club(1, '2025-01-01', 'Assemblée générale du club'), youth(2, '2025-02-01', 'Les U13 au tournoi du club'), post(3, '2025-03-01', 'Le club en Pro B')];

  it('finds a parent category’s sub-category posts too, and counts them under both', async () => {
    const ordered = [...records].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
    const { manifest, made } = writeSearchIndex(ordered.map(indexRecordOf));
    const files = new Map<string, string>([['/recherche/index.json', JSON.stringify(manifest)], ...made.map((file): [string, string] => [file.path, String(file.contents)])]);
    const engine = createSearchEngine('/recherche/index.json', async (path) => JSON.parse(files.get(path) ?? 'null'), { 'Jeunes & formation': ['Club'] });
    const found = await engine.search('club');
    const names = await engine.categories();
    const urls = async (name: string) => (await engine.documents(await engine.inCategory(found.docs, names.indexOf(name)))).map((doc) => doc.url);
    expect(await urls('Club')).toEqual(['/actualites/article/2/', '/actualites/article/1/']);
    expect(await urls('Jeunes & formation')).toEqual(['/actualites/article/2/']);
    expect(found.categoryCounts[names.indexOf('Club')]).toBe(2);
    expect(found.categoryCounts[names.indexOf('Jeunes & formation')]).toBe(1);
    // A result still shows its own category only.
    expect((await engine.documents(found.docs)).find((doc) => doc.url === '/actualites/article/2/')?.categories).toEqual(['Jeunes & formation']);
  });

  it('reads each document’s categories from the manifest’s string, and from the array manifests held before (with whole bundle names)', async () => {
    const ordered = [...records].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
    const { manifest, made } = writeSearchIndex(ordered.map(indexRecordOf));
    expect(typeof manifest.docCategories).toBe('string');
    const names = manifest.categories;
    // Before version 3, the manifest named each bundle's file whole.
    const bundles = Array.from({ length: Math.ceil(manifest.docs / DOCS_PER_BUNDLE) }, (_, index) => bundleName(manifest, index));
    const before = { ...manifest, version: 1, bundles, docCategories: ordered.map((record) => names.indexOf(record.categories[0]!)), categorySets: undefined };
    for (const form of [manifest, before]) {
      const files = new Map<string, string>([['/recherche/index.json', JSON.stringify(form)], ...made.map((file): [string, string] => [file.path, String(file.contents)])]);
      const engine = createSearchEngine('/recherche/index.json', async (path) => JSON.parse(files.get(path) ?? 'null'));
      const found = await engine.search('club');
      const shown = await engine.documents(found.docs);
      expect(shown.map((doc) => `${doc.url} ${doc.categories.join()}`).sort()).toEqual(['/actualites/article/1/ Club', '/actualites/article/2/ Jeunes & formation', '/actualites/article/3/ Équipe pro']);
    }
  });
});
