import { DOCS_PER_BUNDLE, type SearchManifest } from '../../src/islands/search/index-format.js';
import type { IndexRecord } from './doc-terms.js';
import { bundleFile, categoriesOf, ChunkPacker, termPart } from './index-files.js';
import type { IndexFiles } from './update-index.js';

/** The number of the first post (documents are pages, then posts). */
export function firstPostOf(docs: readonly IndexRecord[]): number {
  const first = docs.findIndex((doc) => doc.day !== '');
  return first === -1 ? docs.length : first;
}

/**
 * The whole index for these documents, in this order (document i is number i). Chunks and
 * bundles are named by their bytes; the manifest keeps its name.
 */
export function writeSearchIndex(docs: readonly IndexRecord[]): IndexFiles {
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

  const packer = new ChunkPacker();
  for (const term of [...postings.keys()].sort()) packer.add(term, termPart(term, postings.get(term)!.list.join(',')));
  packer.close();

  const bundles = [];
  for (let start = 0; start < docs.length; start += DOCS_PER_BUNDLE) {
    const bundle = docs.slice(start, start + DOCS_PER_BUNDLE);
    bundles.push(bundleFile(start / DOCS_PER_BUNDLE, bundle.map((doc) => doc.docJson), bundle.map((doc) => doc.restJson)));
  }

  const manifest: SearchManifest = {
    version: 3,
    docs: docs.length,
    firstPost: firstPostOf(docs),
    chunks: packer.chunks,
    bundles: bundles.map((bundle) => bundle.hash).join(''),
    ...categoriesOf(docs.map((doc) => doc.categories)),
  };
  return { manifest, made: [...packer.files, ...bundles.flatMap((bundle) => bundle.files)] };
}
