import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_MANIFEST } from '../../src/routes/search-routes.js';
import type { OutputFile } from '../output-file.js';
import { decodeRecord, encodeRecord, indexRecordOf, type IndexRecord } from './doc-terms.js';
import { extractRecord } from './extract.js';
import { searchedRoute } from './searchable.js';
import { openSearchStore, searchStoreFile, type SearchStore } from './store.js';
import { writeSearchIndex } from './write-index.js';

/** A page of the build, as the pipeline knows it. */
export interface SearchPage {
  /** Its output file, '/actualites/article/54/index.html'. */
  path: string;
  routeId: string;
  /** Its HTML when this build wrote it (read only if the page is searched); absent: as in the output. */
  html?: () => string;
}

export interface SearchIndexInput {
  /** The build's cache folder: the records are kept there (store.ts). */
  cacheDir: string;
  /** The output folder in place (the previous build's), read for a page the store does not know. */
  outDir: string;
  /** Every page of this build, those written this run with their HTML. */
  pages: readonly SearchPage[];
  /** A clean build: every file of the index is made again (the writer still keeps identical bytes). */
  clean?: boolean;
}

export interface SearchIndexUpdate {
  /** Index files to write (the writer leaves alone those whose bytes are the output's). */
  files: OutputFile[];
  /** Index files of the output in place to keep as they are: unchanged, not rewritten. */
  kept: string[];
  /** False when no record changed: the index is the output's, every file of it kept. */
  changed: boolean;
  /** Documents in the index. */
  docs: number;
  /** Saves the records once the build's output is in place (a failed build keeps the previous ones). */
  commit(): void;
}

/**
 * Stage (once per build, after render, before write): the search index of this build's pages.
 * Only the pages written this run are read (a cron run reads the few it rendered); the other
 * records come from the store. When no record changed, nothing of the index is written: its files
 * are kept as they are. Otherwise the index is made again from every record (the manifest and the
 * chunks a change reaches get new bytes; bundles of unchanged documents keep their names).
 */
export function updateSearchIndex({ cacheDir, outDir, pages, clean = false }: SearchIndexInput): SearchIndexUpdate {
  const storeFile = searchStoreFile(cacheDir, outDir);
  const store = openStore(storeFile);
  try {
    const stored = store.records();
    const previousFiles = store.indexFiles();
    // The output's manifest must be the one the store last wrote; else (a build that failed after
    // writing, a hand-edited output) no stored record is trusted.
    const trusted = !clean && previousFiles !== undefined && stored.get(MANIFEST_KEY) === manifestHash(outDir);
    const set = new Map<string, string>();
    const current = new Map<string, string>();
    for (const page of pages) {
      const route = searchedRoute(page.routeId);
      if (!route) continue;
      const known = trusted ? stored.get(page.path) : undefined;
      let record = page.html || known === undefined ? undefined : known;
      if (record === undefined) {
        const html = page.html ? page.html() : readOutput(outDir, page.path);
        const extracted = html === undefined ? undefined : extractRecord(html, urlOf(page.path), route.section);
        record = extracted ? encodeRecord(indexRecordOf(extracted)) : '';
        if (record !== known) set.set(page.path, record);
      }
      current.set(page.path, record);
    }
    const removed = [...stored.keys()].filter((key) => key !== MANIFEST_KEY && !current.has(key));
    const changed = !trusted || set.size > 0 || removed.length > 0;
    const docs = [...current.entries()].filter(([, record]) => record !== '');
    if (!changed) {
      return { files: [], kept: previousFiles, changed, docs: docs.length, commit: () => {} };
    }

    const ordered = docs.map(([, record]) => decodeRecord(record)).sort(documentOrder);
    const written = writeSearchIndex(ordered);
    const before = new Set(trusted ? previousFiles : []);
    // Chunks and bundles are named by their bytes: one the output has is the same file.
    const kept = written.filter((file) => file.path !== SEARCH_MANIFEST && before.has(file.path)).map((file) => file.path);
    const files = written.filter((file) => file.path === SEARCH_MANIFEST || !before.has(file.path));
    const manifest = written.find((file) => file.path === SEARCH_MANIFEST)!;
    set.set(MANIFEST_KEY, sha256(manifest.contents));
    return {
      files,
      kept,
      changed,
      docs: ordered.length,
      commit() {
        const saving = openStore(storeFile);
        try {
          saving.save({ set, removed: trusted ? removed : [...stored.keys()].filter((key) => !set.has(key)), indexFiles: written.map((file) => file.path) });
        } finally {
          saving.close();
        }
      },
    };
  } finally {
    store.close();
  }
}

/** The store's key for the hash of the manifest it last wrote (no page path looks like it). */
const MANIFEST_KEY = '#manifest';

function openStore(file: string): SearchStore {
  try {
    return openSearchStore(file);
  } catch {
    // A damaged database costs reading the output's pages again, never a wrong index.
    rmSync(file, { force: true });
    return openSearchStore(file);
  }
}

function manifestHash(outDir: string): string | undefined {
  const contents = readOutput(outDir, SEARCH_MANIFEST);
  return contents === undefined ? undefined : sha256(contents);
}

function sha256(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex');
}

function readOutput(outDir: string, file: string): string | undefined {
  try {
    return readFileSync(path.join(outDir, file), 'utf8');
  } catch {
    return undefined;
  }
}

/** '/a/b/index.html' → '/a/b/'. */
function urlOf(file: string): string {
  return file.replace(/index\.html$/, '');
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Pages first, then posts by URL (article ids grow with time): a new post is numbered after every
 * other document, so the bundles before it keep their bytes and names.
 */
function documentOrder(a: IndexRecord, b: IndexRecord): number {
  return Number(a.dated) - Number(b.dated) || collator.compare(a.url, b.url);
}
