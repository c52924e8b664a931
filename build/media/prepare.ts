import { availableParallelism } from 'node:os';
import { cappedSlot, IMAGE_SLOTS, slotWidths, type ImageSlot, type ImageSlotName } from '../../src/lib/image-layout.js';
import type { MediaVariant, PreparedImage } from '../../src/lib/picture.js';
import { createLimiter, type HttpOptions } from '../wordpress/http.js';
import { encodeVariants, planVariants, variantKey, type ShapeRequest } from './convert.js';
import { checkClaims, inspectBytes, inspectionKey, type ImageFacts } from './inspect.js';
import { MediaProblem, type MediaProblemData } from './problem.js';
import { createMediaDownloader, fetchRemoteSource, isLocalPath, localMedia, readLocalSource, type SourceBytes } from './source.js';
import { MediaStore } from './store.js';

export interface MediaRequest {
  /** An absolute WordPress URL, or a root-relative `/media/…` path of the embedded snapshot. */
  url: string;
  /** The post that shows it, for the warning when it cannot be used. */
  postId: number;
  slot: ImageSlotName;
  /** A body image the editor drew narrower than the column: its `width` attribute (see cappedSlot). */
  maxCssWidth?: number;
}

export interface PrepareMediaOptions {
  requests: readonly MediaRequest[];
  /** The media folder of the build cache: `<cache>/media`. */
  cacheDir: string;
  /** Live builds: the REST base, and what else the URL policy allows (see createUrlPolicy). */
  apiUrl?: string;
  vouchedFor?: Iterable<string>;
  mediaOrigins?: readonly string[];
  /** Snapshot builds: the folder behind the content's `/media/…` paths. */
  localMediaDir?: string;
  /** URLs to ask WordPress about again (conditionally), e.g. the images of edited posts. */
  revalidate?: (url: string) => boolean;
  http?: Partial<HttpOptions>;
  /** Cache-level trouble (an unreadable index): one line, the build goes on. */
  warn?: (message: string) => void;
}

export type PreparedResult = { ok: true; image: PreparedImage; notes: string[] } | { ok: false; problem: MediaProblemData };

const NO_STATS = { images: 0, downloaded: 0, revalidated: 0, fromCache: 0, local: 0, problems: 0, bytesDownloaded: 0, variantsEncoded: 0, variantsReused: 0 };
export type MediaStats = typeof NO_STATS;

export interface PreparedMedia {
  /** Per requested URL, in the order of the requests; a variant's file is `<cacheDir>/files/<its name>`. */
  results: Map<string, PreparedResult>;
  stats: MediaStats;
}

/**
 * The one entry point for the pipeline, live or snapshot: every image a page shows, downloaded (or
 * read from the snapshot) when new, inspected, converted to the widths its slots use, all through the
 * cache (a run with nothing new makes no request and encodes nothing). Each URL ends as variants or
 * as a problem, never as an exception.
 */
export async function prepareMedia(options: PrepareMediaOptions): Promise<PreparedMedia> {
  const store = await MediaStore.open(options.cacheDir, options.warn);
  const downloader = options.apiUrl ? createMediaDownloader({ ...options, apiUrl: options.apiUrl }) : undefined;
  // Sources converted at once: each conversion keeps one core busy.
  const concurrency = availableParallelism();
  const convert = createLimiter(concurrency);
  const sourceLocks = new Map<string, Promise<unknown>>();
  // Computed when a first image is looked at: it loads sharp.
  let rules: Promise<string> | undefined;
  const stats = { ...NO_STATS };

  const local = options.localMediaDir ? localMedia(options.localMediaDir) : undefined;
  const byUrl = new Map<string, MediaRequest[]>();
  for (const request of options.requests) {
    const list = byUrl.get(request.url);
    if (list) list.push(request);
    else byUrl.set(request.url, [request]);
  }
  stats.images = byUrl.size;
  const results = new Map<string, PreparedResult>();

  const prepareOne = async (url: string, requests: MediaRequest[]): Promise<PreparedResult> => {
    const source = isLocalPath(url)
      ? await readLocalSource(url, local)
      : await fetchRemoteSource(url, { store, downloader, revalidate: options.revalidate?.(url) ?? false });
    stats[source.origin === 'cached' ? 'fromCache' : source.origin] += 1;
    if (source.origin === 'downloaded') stats.bytesDownloaded += source.bytes;
    // Two URLs may hold the same bytes: one of them converts, the other then finds the files.
    return withLock(sourceLocks, source.hash, async () => {
      const facts = await factsOf(store, await (rules ??= inspectionKey()), source).catch((error: unknown) => {
        throw error instanceof MediaProblem ? new MediaProblem(error.kind, `${url}: ${error.message}`) : error;
      });
      const notes = checkClaims(facts.format, { name: url, contentType: source.contentType });
      const specs = planVariants(facts, shapeRequests(requests)).map((spec) => ({ spec, key: variantKey(spec) }));
      const existing = store.readVariants(source.hash);
      const missing = specs.filter(({ key }) => !existing.has(key)).map(({ spec }) => spec);
      stats.variantsReused += specs.length - missing.length;
      let all = existing;
      if (missing.length > 0) {
        const bytes = await source.read();
        // A snapshot's file too: a converted file found damaged when published is made again from it.
        if (source.origin === 'local') await store.putSource(bytes);
        const encoded = await convert(() => encodeVariants(bytes, facts, missing));
        stats.variantsEncoded += encoded.length;
        all = await store.addVariants(source.hash, encoded.map(({ data, ...spec }) => ({ key: variantKey(spec), data, variant: spec })));
        store.checkpoint();
      }
      const variants = specs.map(({ key }): MediaVariant => {
        const stored = all.get(key) as NonNullable<ReturnType<typeof all.get>>;
        return { path: `/media/${stored.file}`, width: stored.width, height: stored.height, format: stored.format, shape: stored.shape, bytes: stored.bytes };
      });
      return { ok: true as const, image: { width: facts.width, height: facts.height, variants }, notes };
    });
  };

  // Enough URLs in progress to keep the downloads (3 at a time) and every core busy, few enough that
  // downloaded bytes never pile up in memory waiting for a core.
  try {
    await forEachAtMost([...byUrl], concurrency + 3, async ([url, requests]) => {
      try {
        results.set(url, await prepareOne(url, requests));
      } catch (error) {
        const problem = error instanceof MediaProblem ? error.toData() : { kind: 'failed' as const, message: `${url}: ${error instanceof Error ? error.message : String(error)}` };
        stats.problems += 1;
        results.set(url, { ok: false, problem });
      }
    });
  } finally {
    store.close();
  }
  // In the order of the requests, whatever order the work finished in.
  return { results: new Map([...byUrl.keys()].map((url) => [url, results.get(url) as PreparedResult])), stats };
}

/** The widths each shape needs, over every slot this URL appears in. */
function shapeRequests(requests: MediaRequest[]): ShapeRequest[] {
  return requests.map((request) => {
    const slot: ImageSlot = request.maxCssWidth !== undefined && request.slot !== 'thumb' ? cappedSlot(request.slot, request.maxCssWidth) : IMAGE_SLOTS[request.slot];
    return { shape: slot.shape, widths: slotWidths(slot) };
  });
}

/** Inspection is by content and cached; its problems are lasting (the same bytes fail the same way). */
async function factsOf(store: MediaStore, rules: string, source: SourceBytes): Promise<ImageFacts> {
  const known = store.readFacts(source.hash, rules);
  if (known && 'facts' in known) return known.facts;
  if (known && 'problem' in known) throw new MediaProblem(known.problem.kind, known.problem.message);
  try {
    const facts = await inspectBytes(await source.read());
    store.writeFacts(source.hash, rules, { facts });
    return facts;
  } catch (error) {
    if (error instanceof MediaProblem) store.writeFacts(source.hash, rules, { problem: error.toData() });
    throw error;
  }
}

/** `workers` loops taking the next item: not a limiter's queue of every URL (createLimiter's shift is linear: quadratic over thousands). */
async function forEachAtMost<T>(items: readonly T[], workers: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
}

async function withLock<T>(locks: Map<string, Promise<unknown>>, key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  locks.set(key, next.catch(() => undefined));
  return next;
}
