import { BUNDLE_HASH_DIGITS, bundleFileName, CATEGORY_SET_CODE, categoryIndexes, DOCS_PER_BUNDLE, INDEX_FOLDER, moreFileOf, type SearchManifest } from '../../src/islands/search/index-format.js';
import type { OutputFile } from '../output-file.js';
import { sha256 } from '../fs.js';
import { decodeRecord, type IndexRecord } from './doc-terms.js';
import type { SearchStore } from './store.js';

/** The store does not hold what its manifest says: the index is made again from every page. */
export class StoreMismatch extends Error {}

export interface IndexFiles {
  manifest: SearchManifest;
  /** The chunks and bundles made: one named as a file of the previous index is that file, unchanged. */
  made: OutputFile[];
}

/** A document of the index changed, or added after every other (its number is the next one). */
export interface DocChange {
  doc: number;
  /** Absent for a new document. */
  before?: IndexRecord;
  after: IndexRecord;
}

/** A chunk closes past about this many bytes of JSON: a query fetches one chunk per word, smaller ones mean more files. */
const CHUNK_BYTES = 12_000;

const EMPTY: SearchManifest = { version: 3, docs: 0, firstPost: 0, chunks: [], bundles: '', categories: [], docCategories: '', categorySets: [] };

/** The whole index of these documents, document i numbered i: an empty index updated with every one. */
export function writeSearchIndex(docs: readonly IndexRecord[]): IndexFiles {
  return updateIndexFiles(EMPTY, undefined, docs.map((after, doc) => ({ doc, after })));
}

/**
 * The index after some documents changed or were added at its end (documents keep their numbers),
 * from the previous manifest and, from `store`, only the chunks and documents the changes reach.
 */
export function updateIndexFiles(old: SearchManifest, store: Pick<SearchStore, 'chunk' | 'recordOf'> | undefined, changes: readonly DocChange[]): IndexFiles {
  const oldHashes = old.bundles;
  if (old.version !== 3 || typeof oldHashes !== 'string') throw new StoreMismatch(`search index store: a manifest of version ${old.version}, not what this code writes`);
  const docs = old.docs + changes.filter((change) => !change.before).length;

  // Each changed term's postings to set, [document, weight, …] in document order, 0 where the document lost the term.
  const byTerm = new Map<string, number[]>();
  const update = (term: string, doc: number, weight: number) => {
    const postings = byTerm.get(term);
    if (postings) postings.push(doc, weight);
    else byTerm.set(term, [doc, weight]);
  };
  for (const { doc, before, after } of [...changes].sort((a, b) => a.doc - b.doc)) {
    if (before?.terms === after.terms) continue;
    const had = new Map<string, number>();
    const was = (before?.terms ?? '').split(' ');
    for (let index = 0; index + 1 < was.length; index += 2) had.set(was[index]!, Number(was[index + 1]));
    const fields = after.terms.split(' ');
    for (let index = 0; index + 1 < fields.length; index += 2) {
      const term = fields[index]!;
      const weight = Number(fields[index + 1]);
      if (had.get(term) !== weight) update(term, doc, weight);
      had.delete(term);
    }
    for (const term of had.keys()) update(term, doc, 0);
  }
  const byChunk = new Map<number, Map<string, number[]>>();
  for (const [term, postings] of byTerm) {
    const chunk = chunkOf(old.chunks, term);
    const terms = byChunk.get(chunk);
    if (terms) terms.set(term, postings);
    else byChunk.set(chunk, new Map([[term, postings]]));
  }

  const { chunks, made } = packChunks(old.chunks, byChunk, (name) => splitChunk(required(store?.chunk(name), name)));

  // Bundles: those holding a document whose JSON changed, or a new one.
  const changedDocs = new Map(changes.map((change) => [change.doc, change.after]));
  const bundles = Array.from({ length: bundleCount(docs) }, (_, index) => oldHashes.slice(index * BUNDLE_HASH_DIGITS, (index + 1) * BUNDLE_HASH_DIGITS));
  const remade = new Set(
    changes.filter(({ before, after }) => before?.docJson !== after.docJson || before.restJson !== after.restJson).map((change) => Math.floor(change.doc / DOCS_PER_BUNDLE)),
  );
  for (const bundle of [...remade].sort((a, b) => a - b)) {
    const records: Pick<IndexRecord, 'docJson' | 'restJson'>[] = [];
    for (let doc = bundle * DOCS_PER_BUNDLE; doc < Math.min(docs, (bundle + 1) * DOCS_PER_BUNDLE); doc += 1) {
      records.push(changedDocs.get(doc) ?? decodeRecord(required(store?.recordOf(doc), `document ${doc}`)));
    }
    // The bundle and its companion (the rest of their texts) are named by the bytes of both: a browser never pairs a bundle with another companion.
    const contents = `[${records.map((record) => record.docJson).join(',')}]`;
    const more = `[${records.map((record) => record.restJson).join(',')}]`;
    bundles[bundle] = sha256(`${contents}\n${more}`).slice(0, BUNDLE_HASH_DIGITS);
    const name = bundleFileName(bundle, bundles[bundle]);
    made.push({ path: `${INDEX_FOLDER}/${name}`, contents }, { path: `${INDEX_FOLDER}/${moreFileOf(name)}`, contents: more });
  }

  const names: string[][] = [];
  for (let doc = 0; doc < docs; doc += 1) names.push(changedDocs.get(doc)?.categories ?? categoryIndexes(old, doc).map((index) => old.categories[index]!));
  // Documents keep their numbers, pages before posts: only a first post added at the end moves where posts start.
  const firstPost = old.firstPost < old.docs ? old.firstPost : (changes.find((change) => !change.before && change.after.day !== '')?.doc ?? docs);
  return { manifest: { version: 3, docs, firstPost, chunks, bundles: bundles.join(''), ...categoriesOf(names) }, made };
}

/**
 * The chunks after the changes, packed from term parts in term order: a chunk closes when the next
 * part would take it past CHUNK_BYTES, so where one closes depends on its own parts and the next
 * one. A changed chunk and its predecessor are packed again; any other is taken as it is when
 * packing reaches its start.
 */
function packChunks(
  old: SearchManifest['chunks'],
  byChunk: ReadonlyMap<number, Map<string, number[]>>,
  read: (name: string) => [term: string, part: string][],
): { chunks: SearchManifest['chunks']; made: OutputFile[] } {
  const repacked = new Set<number>(old.length === 0 ? [0] : []);
  for (const chunk of byChunk.keys()) {
    repacked.add(chunk);
    if (chunk > 0) repacked.add(chunk - 1);
  }
  const split = new Map<string, [term: string, part: string][]>();
  const termsIn = (name: string) => {
    let terms = split.get(name);
    if (!terms) split.set(name, (terms = name ? read(name) : []));
    return terms;
  };
  const chunks: SearchManifest['chunks'] = [];
  const made: OutputFile[] = [];
  let open: string[] = [];
  let first = '';
  let bytes = 0;
  const overflows = (part: string) => bytes > 0 && bytes + part.length > CHUNK_BYTES;
  const close = () => {
    if (open.length === 0) return;
    const contents = `[${open.join(',')}]`;
    const name = `terms-${sha256(contents).slice(0, 10)}.json`;
    chunks.push([first, name]);
    made.push({ path: `${INDEX_FOLDER}/${name}`, contents });
    open = [];
    bytes = 0;
  };
  const previous = old.length > 0 ? old : [['', ''] as [string, string]];
  for (let index = 0; index < previous.length; index += 1) {
    if (open.length === 0 && !repacked.has(index)) {
      chunks.push(previous[index]!);
      continue;
    }
    for (const [term, part] of termParts(termsIn(previous[index]![1]), byChunk.get(index))) {
      if (overflows(part)) close();
      if (open.length === 0) first = term;
      open.push(part);
      bytes += part.length;
    }
    const next = index + 1 < previous.length && !repacked.has(index + 1) ? termsIn(previous[index + 1]![1])[0] : undefined;
    if (next && overflows(next[1])) close();
  }
  close();
  return { chunks, made };
}

export function bundleCount(docs: number): number {
  return Math.ceil(docs / DOCS_PER_BUNDLE);
}

/** What the store must hold while its manifest is the output's. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new StoreMismatch(`search index store: ${what} is missing`);
  return value;
}

/** The chunk a term is or would be in: the last whose first term is not after it. */
function chunkOf(chunks: SearchManifest['chunks'], term: string): number {
  let low = 0;
  let high = chunks.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (chunks[middle]![0] <= term) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * '[["a",[1,2]],["b",[3,4]]]' → [['a', '["a",[1,2]]'], ['b', '["b",[3,4]]']], the postings (of a common
 * word, most documents) not parsed. A term is letters and digits, so `",[` ends it and `]]` its part.
 */
function splitChunk(text: string): [term: string, part: string][] {
  const parts: [string, string][] = [];
  let start = 1;
  while (start < text.length - 1) {
    const termEnd = text.indexOf('",[', start + 2);
    const end = text.indexOf(']]', termEnd) + 2;
    if (termEnd === -1 || end === 1) throw new StoreMismatch('search index store: a term chunk is not what this code writes');
    const quoted = text.slice(start + 1, termEnd + 1);
    parts.push([quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1), text.slice(start, end)]);
    start = end + 1;
  }
  return parts;
}

/** A chunk's terms with their parts ('["term",[gap from the previous document,weight,…]]'), the changes applied, in term order. */
function termParts(terms: readonly [string, string][], changes: Map<string, number[]> | undefined): [string, string][] {
  if (!changes) return [...terms];
  const parts = new Map(terms);
  for (const [term, change] of changes) {
    const part = parts.get(term);
    const list = merged(part ? part.slice(part.lastIndexOf('[') + 1, -2) : '', change);
    if (list) parts.set(term, `[${JSON.stringify(term)},[${list}]]`);
    else parts.delete(term);
  }
  // Terms sort as strings (by UTF-16 code units), as `<` compares them.
  return [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Postings ('gap,weight,…') with some documents' weights set ([document, weight, …] in document
 * order), or removed where 0. Copied as text by runs: only what a change reaches is written anew.
 */
function merged(postings: string, changes: readonly number[]): string {
  const pieces: (string | number)[] = [];
  // A run of postings copied as they are, while their gaps still hold.
  let runStart = -1;
  let runEnd = -1;
  let last = 0;
  const flush = () => {
    if (runStart === -1) return;
    pieces.push(postings.slice(runStart, runEnd));
    runStart = -1;
  };
  const write = (doc: number, weight: number | string) => {
    flush();
    pieces.push(doc - last, weight);
    last = doc;
  };
  let next = 0;
  let doc = 0;
  for (let at = 0; at < postings.length; ) {
    const start = at;
    let gap = 0;
    for (; at < postings.length && postings.charCodeAt(at) !== COMMA; at += 1) gap = gap * 10 + postings.charCodeAt(at) - ZERO;
    const weightStart = ++at;
    while (at < postings.length && postings.charCodeAt(at) !== COMMA) at += 1;
    const end = at++;
    const previous = doc;
    doc += gap;
    for (; next < changes.length && changes[next]! < doc; next += 2) if (changes[next + 1] !== 0) write(changes[next]!, changes[next + 1]!);
    if (next < changes.length && changes[next] === doc) {
      if (changes[next + 1] !== 0) write(doc, changes[next + 1]!);
      next += 2;
    } else if (last === previous) {
      if (runStart === -1) runStart = start;
      runEnd = end;
      last = doc;
    } else {
      write(doc, postings.slice(weightStart, end));
    }
  }
  for (; next < changes.length; next += 2) if (changes[next + 1] !== 0) write(changes[next]!, changes[next + 1]!);
  flush();
  return pieces.join(',');
}

const COMMA = 44;
const ZERO = 48;

/** The manifest's category names (in the filter's order) and each document's list of them as a character (index-format.ts). */
function categoriesOf(docCategories: readonly (readonly string[])[]): Pick<SearchManifest, 'categories' | 'docCategories' | 'categorySets'> {
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
