import { BUNDLE_HASH_DIGITS, DOCS_PER_BUNDLE, type SearchManifest } from '../../src/islands/search/index-format.js';
import type { OutputFile } from '../output-file.js';
import type { IndexRecord } from './doc-terms.js';
import { bundleCount, bundleFile, categoriesOf, ChunkPacker, namesOf, termPart } from './index-files.js';

/** The store does not hold what its manifest says: the index is made again from every page. */
export class StoreMismatch extends Error {}

/** An index as made by writeSearchIndex or updateIndexFiles. */
export interface IndexFiles {
  manifest: SearchManifest;
  /** The chunks and bundles made: one named as a file of the previous index is that file, unchanged. */
  made: OutputFile[];
}

/** What the update reads of the previous index: its manifest, and on demand a chunk or a document. */
export interface PreviousIndex {
  manifest: SearchManifest;
  /** A term chunk's JSON, by file name. */
  chunk(name: string): string;
  /** A document's JSON (what a result shows) and the JSON of the rest of its text, by number. */
  doc(doc: number): Pick<IndexRecord, 'docJson' | 'restJson'>;
}

/** A document of the index changed, or added after every other (its number is the next one). */
export interface DocChange {
  doc: number;
  /** Absent for a new document. */
  before?: IndexRecord;
  after: IndexRecord;
}

/**
 * The index after some documents changed or were added at its end, made from the previous index
 * and these documents only: the same files as writeSearchIndex gives for every document, making
 * again only the chunks of the terms these documents had or have (and the chunks whose packing
 * that moves), the bundles holding them, and the manifest. Documents keep their numbers: the
 * caller makes the whole index again when one goes or comes anywhere but the end.
 */
export function updateIndexFiles(previous: PreviousIndex, changes: readonly DocChange[]): IndexFiles {
  const old = previous.manifest;
  const oldHashes = typeof old.bundles === 'string' ? old.bundles : undefined;
  if (old.version !== 3 || oldHashes === undefined) throw new StoreMismatch(`search index store: a manifest of version ${old.version}, not what this code writes`);
  const docs = old.docs + changes.filter((change) => !change.before).length;

  // Each changed term's postings to set: document → weight, 0 where the document lost the term.
  const byChunk = new Map<number, Map<string, Map<number, number>>>();
  const update = (term: string, doc: number, weight: number) => {
    const chunk = chunkOf(old.chunks, term);
    let terms = byChunk.get(chunk);
    if (!terms) byChunk.set(chunk, (terms = new Map()));
    let postings = terms.get(term);
    if (!postings) terms.set(term, (postings = new Map()));
    postings.set(doc, weight);
  };
  for (const { doc, before, after } of changes) {
    if (before?.terms === after.terms) continue;
    const had = weightsOf(before?.terms ?? '');
    const has = weightsOf(after.terms);
    for (const [term, weight] of has) if (had.get(term) !== weight) update(term, doc, weight);
    for (const term of had.keys()) if (!has.has(term)) update(term, doc, 0);
  }

  // Where a chunk closes depends on the next chunk's first term: a changed chunk's predecessor is
  // packed again too. Any other chunk is taken as it is when packing reaches its start.
  const repacked = new Set<number>(old.chunks.length === 0 ? [0] : []);
  for (const chunk of byChunk.keys()) {
    repacked.add(chunk);
    if (chunk > 0) repacked.add(chunk - 1);
  }
  const packer = new ChunkPacker();
  const chunks = old.chunks.length > 0 ? old.chunks : [['', ''] as [string, string]];
  for (let index = 0; index < chunks.length; index += 1) {
    if (packer.atBoundary && !repacked.has(index)) {
      packer.reuse(chunks[index]!);
      continue;
    }
    for (const [term, part] of termParts(chunkTerms(previous, chunks[index]![1]), byChunk.get(index))) packer.add(term, part);
    const next = index + 1 < chunks.length && !repacked.has(index + 1) ? chunkTerms(previous, chunks[index + 1]![1])[0] : undefined;
    if (next && packer.startsChunk(next[1])) packer.close();
  }
  packer.close();

  // Bundles: those holding a document whose JSON changed, or a new one.
  const changedDocs = new Map(changes.map((change) => [change.doc, change.after]));
  const bundles = Array.from({ length: bundleCount(docs) }, (_, index) => oldHashes.slice(index * BUNDLE_HASH_DIGITS, (index + 1) * BUNDLE_HASH_DIGITS));
  const made = [...packer.files];
  const remade = new Set(
    changes.filter(({ before, after }) => before?.docJson !== after.docJson || before.restJson !== after.restJson).map((change) => Math.floor(change.doc / DOCS_PER_BUNDLE)),
  );
  for (const bundle of [...remade].sort((a, b) => a - b)) {
    const json: string[] = [];
    const rest: string[] = [];
    for (let doc = bundle * DOCS_PER_BUNDLE; doc < Math.min(docs, (bundle + 1) * DOCS_PER_BUNDLE); doc += 1) {
      const record = changedDocs.get(doc) ?? previous.doc(doc);
      json.push(record.docJson);
      rest.push(record.restJson);
    }
    const { hash, files } = bundleFile(bundle, json, rest);
    bundles[bundle] = hash;
    made.push(...files);
  }

  const names: string[][] = [];
  for (let doc = 0; doc < docs; doc += 1) names.push(changedDocs.get(doc)?.categories ?? namesOf(old, doc));
  // Documents keep their numbers, pages before posts: only a first post added at the end moves where posts start.
  const firstPost = old.firstPost < old.docs ? old.firstPost : (changes.find((change) => !change.before && change.after.day !== '')?.doc ?? docs);
  return { manifest: { version: 3, docs, firstPost, chunks: packer.chunks, bundles: bundles.join(''), ...categoriesOf(names) }, made };
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

const texts = new WeakMap<PreviousIndex, Map<string, [term: string, part: string][]>>();

/** A chunk's terms with their parts as the chunk's text has them. */
function chunkTerms(previous: PreviousIndex, name: string): [term: string, part: string][] {
  if (!name) return [];
  let cache = texts.get(previous);
  if (!cache) texts.set(previous, (cache = new Map()));
  let terms = cache.get(name);
  if (!terms) cache.set(name, (terms = splitChunk(previous.chunk(name))));
  return terms;
}

/**
 * '[["a",[1,2]],["b",[3,4]]]' → [['a', '["a",[1,2]]'], ['b', '["b",[3,4]]']], without parsing the
 * postings: a change of one document reaches the chunks of common words, whose postings list most
 * documents. A term is letters and digits (search-text.ts), so `",[` ends it and `]]` its part.
 */
export function splitChunk(text: string): [term: string, part: string][] {
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

/** A chunk's terms with their parts, the changes applied, in term order. */
function termParts(terms: readonly [string, string][], changes: Map<string, Map<number, number>> | undefined): [string, string][] {
  if (!changes) return [...terms];
  const parts: [string, string][] = [];
  for (const [term, part] of terms) {
    const change = changes.get(term);
    if (!change) {
      parts.push([term, part]);
      continue;
    }
    const list = merged(part.slice(part.lastIndexOf('[') + 1, -2), change);
    if (list) parts.push([term, termPart(term, list)]);
  }
  const known = new Set(terms.map(([term]) => term));
  let added = false;
  for (const [term, change] of changes) {
    if (known.has(term)) continue;
    const list = merged('', change);
    if (!list) continue;
    parts.push([term, termPart(term, list)]);
    added = true;
  }
  // The full build sorts terms as strings (by UTF-16 code units), as `<` compares them.
  return added ? parts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : parts;
}

/**
 * Postings ('gap,weight,…') with some documents' weights set, or removed where 0. Read as text and
 * copied by runs: only the postings a change reaches, and the gap after each, are written anew
 * (the postings of a common word list thousands of documents).
 */
function merged(postings: string, change: Map<number, number>): string {
  const changes = [...change].sort(([a], [b]) => a - b);
  const pieces: string[] = [];
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
    pieces.push(`${doc - last},${weight}`);
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
    for (; next < changes.length && changes[next]![0] < doc; next += 1) if (changes[next]![1] !== 0) write(...changes[next]!);
    if (next < changes.length && changes[next]![0] === doc) {
      if (changes[next]![1] !== 0) write(doc, changes[next]![1]);
      next += 1;
    } else if (last === previous) {
      if (runStart === -1) runStart = start;
      runEnd = end;
      last = doc;
    } else {
      write(doc, postings.slice(weightStart, end));
    }
  }
  for (; next < changes.length; next += 1) if (changes[next]![1] !== 0) write(...changes[next]!);
  flush();
  return pieces.join(',');
}

const COMMA = 44;
const ZERO = 48;

/** 'term weight term weight …' (IndexRecord.terms) → term → weight. */
function weightsOf(terms: string): Map<string, number> {
  const weights = new Map<string, number>();
  if (!terms) return weights;
  const fields = terms.split(' ');
  for (let index = 0; index + 1 < fields.length; index += 2) weights.set(fields[index]!, Number(fields[index + 1]));
  return weights;
}
