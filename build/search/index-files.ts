import { BUNDLE_HASH_DIGITS, bundleFileName, CATEGORY_SET_CODE, categoryIndexes, DOCS_PER_BUNDLE, INDEX_FOLDER, moreFileOf, type SearchManifest } from '../../src/islands/search/index-format.js';
import type { OutputFile } from '../output-file.js';
import { sha256 } from '../fs.js';

/**
 * The pieces of the index's files, shared by the full build (write-index.ts) and the incremental
 * update (update-index.ts): both must give the same bytes for the same documents.
 */

/**
 * A chunk closes past about this many bytes of JSON: a query fetches one chunk per word, so smaller
 * chunks cost less per query and more files per index. A term whose postings alone are larger
 * (a word on most pages) has a chunk of its own.
 */
export const CHUNK_BYTES = 12_000;

/** A chunk or bundle, named by its bytes: the same bytes keep the same name. */
export function indexFile(kind: 'terms', contents: string): { name: string; file: OutputFile } {
  const name = `${kind}-${sha256(contents).slice(0, 10)}.json`;
  return { name, file: { path: `${INDEX_FOLDER}/${name}`, contents } };
}

/** One term of a chunk: its postings are 'gap from the previous document,weight,…', documents in order. */
export function termPart(term: string, postings: string): string {
  return `[${JSON.stringify(term)},[${postings}]]`;
}

/**
 * Packs term parts, given in term order, into chunks: a chunk closes when the next part would
 * take it past CHUNK_BYTES. Where a chunk closes depends only on its own parts and the next one.
 */
export class ChunkPacker {
  readonly chunks: SearchManifest['chunks'] = [];
  readonly files: OutputFile[] = [];
  private parts: string[] = [];
  private first = '';
  private bytes = 0;

  /** True when nothing is open: the next part starts a chunk. */
  get atBoundary(): boolean {
    return this.parts.length === 0;
  }

  /** Whether this part, added next, would start a new chunk. */
  startsChunk(part: string): boolean {
    return this.parts.length === 0 || this.bytes + part.length > CHUNK_BYTES;
  }

  add(term: string, part: string): void {
    if (this.bytes > 0 && this.bytes + part.length > CHUNK_BYTES) this.close();
    if (this.parts.length === 0) this.first = term;
    this.parts.push(part);
    this.bytes += part.length;
  }

  /** A chunk of the previous index taken as it is (the caller knows it would be packed the same). */
  reuse(chunk: SearchManifest['chunks'][number]): void {
    this.close();
    this.chunks.push(chunk);
  }

  close(): void {
    if (this.parts.length === 0) return;
    const { name, file } = indexFile('terms', `[${this.parts.join(',')}]`);
    this.chunks.push([this.first, name]);
    this.files.push(file);
    this.parts = [];
    this.bytes = 0;
  }
}

/**
 * The documents of one bundle, as JSON texts (bundle i holds documents i × DOCS_PER_BUNDLE onwards),
 * and its companion with the rest of their texts. Both are named by the bytes of both: a text
 * changed past its start renames the bundle too, so a browser never pairs a bundle with another
 * companion than its own.
 */
export function bundleFile(index: number, docJsons: readonly string[], restJsons: readonly string[]): { hash: string; files: OutputFile[] } {
  const contents = `[${docJsons.join(',')}]`;
  const more = `[${restJsons.join(',')}]`;
  const hash = sha256(`${contents}\n${more}`).slice(0, BUNDLE_HASH_DIGITS);
  const name = bundleFileName(index, hash);
  return {
    hash,
    files: [
      { path: `${INDEX_FOLDER}/${name}`, contents },
      { path: `${INDEX_FOLDER}/${moreFileOf(name)}`, contents: more },
    ],
  };
}

export function bundleCount(docs: number): number {
  return Math.ceil(docs / DOCS_PER_BUNDLE);
}

/**
 * The manifest's category names and each document's, from every document's categories in
 * document order (names in the filter's order; each document's list of them as a character, which
 * names its list among the distinct lists, numbered in order of first use).
 */
export function categoriesOf(docCategories: readonly (readonly string[])[]): Pick<SearchManifest, 'categories' | 'docCategories' | 'categorySets'> {
  const categories = [...new Set(docCategories.flat())].sort((a, b) => a.localeCompare(b, 'fr'));
  const indexOf = new Map(categories.map((name, index) => [name, index]));
  const categorySets: number[][] = [];
  const setOf = new Map<string, number>();
  let codes = '';
  for (const names of docCategories) {
    const list = names.map((name) => indexOf.get(name)!);
    const key = list.join(',');
    let set = setOf.get(key);
    if (set === undefined) {
      setOf.set(key, (set = categorySets.length));
      categorySets.push(list);
    }
    codes += String.fromCharCode(CATEGORY_SET_CODE + set);
  }
  return { categories, docCategories: codes, categorySets };
}

/** A document's category names, from a manifest (of either form of `docCategories`). */
export function namesOf(manifest: Pick<SearchManifest, 'categories' | 'docCategories' | 'categorySets'>, doc: number): string[] {
  return categoryIndexes(manifest, doc).map((index) => manifest.categories[index]!);
}
