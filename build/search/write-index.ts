import { createHash } from 'node:crypto';
import { DOCS_PER_BUNDLE, INDEX_FOLDER, MANIFEST_PATH, type DocBundle, type SearchManifest, type TermChunk } from '../../src/islands/search/index-format.js';
import type { OutputFile } from '../output-file.js';
import type { DocTerms } from './doc-terms.js';

/** BM25's parameters, as Lucene's defaults. */
const K1 = 1.2;
const B = 0.75;
/**
 * A chunk closes past this many bytes of JSON: a query fetches one chunk per word, so smaller
 * chunks cost less per query and more files per index. A term whose postings alone are larger
 * (a word on most pages) has a chunk of its own.
 */
const CHUNK_BYTES = 12_000;

/**
 * The index files for these documents, in this order (document i is number i). Chunks and
 * bundles are named by their bytes; the manifest keeps its name.
 */
export function writeSearchIndex(docs: readonly DocTerms[]): OutputFile[] {
  const files: OutputFile[] = [];
  const named = (kind: string, contents: string): string => {
    const name = `${kind}-${createHash('sha256').update(contents).digest('hex').slice(0, 10)}.json`;
    files.push({ path: `${INDEX_FOLDER}/${name}`, contents });
    return name;
  };

  const postings = new Map<string, { list: number[]; last: number }>();
  const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length);
  docs.forEach((doc, number) => {
    const norm = K1 * (1 - B + (B * doc.length) / averageLength);
    for (const [term, count] of Object.entries(doc.counts)) {
      const weight = Math.max(1, Math.round(((count * (K1 + 1)) / (count + norm)) * 10));
      let entry = postings.get(term);
      if (!entry) postings.set(term, (entry = { list: [], last: 0 }));
      // Documents come in order: store the gap from the previous one, small numbers that gzip well.
      entry.list.push(number - entry.last, weight);
      entry.last = number;
    }
  });

  const chunks: SearchManifest['chunks'] = [];
  let chunk: TermChunk = [];
  let bytes = 0;
  const closeChunk = () => {
    if (chunk.length === 0) return;
    chunks.push([chunk[0]![0], named('terms', JSON.stringify(chunk))]);
    chunk = [];
    bytes = 0;
  };
  for (const term of [...postings.keys()].sort()) {
    const { list } = postings.get(term)!;
    const size = term.length + list.length * 4;
    if (bytes > 0 && bytes + size > CHUNK_BYTES) closeChunk();
    chunk.push([term, list]);
    bytes += size;
  }
  closeChunk();

  const bundles: string[] = [];
  for (let start = 0; start < docs.length; start += DOCS_PER_BUNDLE) {
    const bundle: DocBundle = docs.slice(start, start + DOCS_PER_BUNDLE).map((doc) => doc.doc);
    bundles.push(named('docs', JSON.stringify(bundle)));
  }

  const categories = [...new Set(docs.flatMap((doc) => doc.categories))].sort((a, b) => a.localeCompare(b, 'fr'));
  const indexOf = new Map(categories.map((name, index) => [name, index]));
  const docCategories = docs.map((doc) => {
    const list = doc.categories.map((name) => indexOf.get(name)!);
    return list.length === 1 ? list[0]! : list;
  });
  const manifest: SearchManifest = { version: 1, docs: docs.length, chunks, bundles, categories, docCategories };
  files.push({ path: MANIFEST_PATH, contents: JSON.stringify(manifest) });
  return files;
}
