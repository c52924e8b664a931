import { DOCS_PER_BUNDLE, type SearchManifest, type TermChunk } from '../../src/islands/search/index-format.js';
import type { OutputFile } from '../output-file.js';
import type { IndexRecord } from './doc-terms.js';
import { bundleCount, bundleFile, categoriesOf, ChunkPacker, namesOf, termPart } from './index-files.js';

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
  /** A document's JSON (what a result shows), by number. */
  docJson(doc: number): string;
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
    if (next && packer.startsChunk(termPart(...next))) packer.close();
  }
  packer.close();

  // Bundles: those holding a document whose JSON changed, or a new one.
  const changedDocs = new Map(changes.map((change) => [change.doc, change.after]));
  const bundles = old.bundles.slice(0, bundleCount(docs));
  const made = [...packer.files];
  const remade = new Set(changes.filter((change) => change.before?.docJson !== change.after.docJson).map((change) => Math.floor(change.doc / DOCS_PER_BUNDLE)));
  for (const bundle of [...remade].sort((a, b) => a - b)) {
    const json: string[] = [];
    for (let doc = bundle * DOCS_PER_BUNDLE; doc < Math.min(docs, (bundle + 1) * DOCS_PER_BUNDLE); doc += 1) json.push(changedDocs.get(doc)?.docJson ?? previous.docJson(doc));
    const { name, file } = bundleFile(json);
    bundles[bundle] = name;
    made.push(file);
  }

  const names: string[][] = [];
  for (let doc = 0; doc < docs; doc += 1) names.push(changedDocs.get(doc)?.categories ?? namesOf(old, doc));
  return { manifest: { version: 1, docs, chunks: packer.chunks, bundles, ...categoriesOf(names) }, made };
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

const parsed = new WeakMap<PreviousIndex, Map<string, TermChunk>>();

function chunkTerms(previous: PreviousIndex, name: string): TermChunk {
  if (!name) return [];
  let cache = parsed.get(previous);
  if (!cache) parsed.set(previous, (cache = new Map()));
  let terms = cache.get(name);
  if (!terms) cache.set(name, (terms = JSON.parse(previous.chunk(name)) as TermChunk));
  return terms;
}

/** A chunk's terms with their parts, the changes applied, in term order. */
function termParts(terms: TermChunk, changes: Map<string, Map<number, number>> | undefined): [string, string][] {
  const parts: [string, string][] = [];
  for (const [term, postings] of terms) {
    const change = changes?.get(term);
    const list = change ? merged(postings, change) : postings;
    if (list.length > 0) parts.push([term, termPart(term, list)]);
  }
  if (!changes) return parts;
  const known = new Set(terms.map(([term]) => term));
  let added = false;
  for (const [term, change] of changes) {
    if (known.has(term)) continue;
    const list = merged([], change);
    if (list.length === 0) continue;
    parts.push([term, termPart(term, list)]);
    added = true;
  }
  // The full build sorts terms as strings (by UTF-16 code units), as `<` compares them.
  return added ? parts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : parts;
}

/** Postings ([gap, weight, …]) with some documents' weights set, or removed where 0. */
function merged(postings: readonly number[], change: Map<number, number>): number[] {
  const changes = [...change].sort(([a], [b]) => a - b);
  const list: number[] = [];
  let last = 0;
  const push = (doc: number, weight: number) => {
    if (weight === 0) return;
    list.push(doc - last, weight);
    last = doc;
  };
  let next = 0;
  let doc = 0;
  for (let index = 0; index + 1 < postings.length; index += 2) {
    doc += postings[index]!;
    while (next < changes.length && changes[next]![0] < doc) push(...changes[next++]!);
    if (next < changes.length && changes[next]![0] === doc) push(...changes[next++]!);
    else push(doc, postings[index + 1]!);
  }
  while (next < changes.length) push(...changes[next++]!);
  return list;
}

/** 'term weight term weight …' (IndexRecord.terms) → term → weight. */
function weightsOf(terms: string): Map<string, number> {
  const weights = new Map<string, number>();
  if (!terms) return weights;
  const fields = terms.split(' ');
  for (let index = 0; index + 1 < fields.length; index += 2) weights.set(fields[index]!, Number(fields[index + 1]));
  return weights;
}
