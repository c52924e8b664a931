import { createHash } from 'node:crypto';
import { DOCS_PER_BUNDLE, INDEX_FOLDER, type SearchManifest } from '../../src/islands/search/index-format.js';
import { SEARCH_MANIFEST } from '../../src/routes/search-routes.js';
import type { OutputFile } from '../output-file.js';
import type { IndexRecord } from './doc-terms.js';

/**
 * A chunk closes past about this many bytes of JSON: a query fetches one chunk per word, so smaller
 * chunks cost less per query and more files per index. A term whose postings alone are larger
 * (a word on most pages) has a chunk of its own.
 */
const CHUNK_BYTES = 12_000;

/**
 * The index files for these documents, in this order (document i is number i). Chunks and
 * bundles are named by their bytes; the manifest keeps its name.
 */
export function writeSearchIndex(docs: readonly IndexRecord[]): OutputFile[] {
  const files: OutputFile[] = [];
  const named = (kind: string, contents: string): string => {
    const name = `${kind}-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.json`;
    files.push({ path: `${INDEX_FOLDER}/${name}`, contents });
    return name;
  };

  // Postings: [gap from the previous document, weight, …], documents in order (small numbers gzip well).
  const postings = new Map<string, { list: number[]; last: number }>();
  docs.forEach((doc, number) => {
    const fields = doc.terms.split(' ');
    for (let index = 0; index + 1 < fields.length; index += 2) {
      const term = fields[index] as string;
      let entry = postings.get(term);
      if (!entry) postings.set(term, (entry = { list: [], last: 0 }));
      entry.list.push(number - entry.last, Number(fields[index + 1]));
      entry.last = number;
    }
  });

  const chunks: SearchManifest['chunks'] = [];
  let parts: string[] = [];
  let first = '';
  let bytes = 0;
  const closeChunk = () => {
    if (parts.length === 0) return;
    chunks.push([first, named('terms', `[${parts.join(',')}]`)]);
    parts = [];
    bytes = 0;
  };
  for (const term of [...postings.keys()].sort()) {
    const part = `[${JSON.stringify(term)},[${postings.get(term)!.list.join(',')}]]`;
    if (bytes > 0 && bytes + part.length > CHUNK_BYTES) closeChunk();
    if (parts.length === 0) first = term;
    parts.push(part);
    bytes += part.length;
  }
  closeChunk();

  const bundles: string[] = [];
  for (let start = 0; start < docs.length; start += DOCS_PER_BUNDLE) {
    bundles.push(named('docs', `[${docs.slice(start, start + DOCS_PER_BUNDLE).map((doc) => doc.docJson).join(',')}]`));
  }

  const categories = [...new Set(docs.flatMap((doc) => doc.categories))].sort((a, b) => a.localeCompare(b, 'fr'));
  const indexOf = new Map(categories.map((name, index) => [name, index]));
  const docCategories = docs.map((doc) => {
    const list = doc.categories.map((name) => indexOf.get(name)!);
    return list.length === 1 ? list[0]! : list;
  });
  const manifest: SearchManifest = { version: 1, docs: docs.length, chunks, bundles, categories, docCategories };
  files.push({ path: SEARCH_MANIFEST, contents: JSON.stringify(manifest) });
  return files;
}
