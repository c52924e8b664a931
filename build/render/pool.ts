import { availableParallelism } from 'node:os';
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { SiteData } from '../../src/site-data.js';
import { COMPILED_VERSION } from '../compiled.js';
import { MAX_WORKERS } from '../options.js';
import type { PostResult } from '../wordpress/normalize.js';
import { WriteError, type OutputFolder } from '../write.js';
import type { PageAssets } from './input-reach.js';
import { RenderError } from './page-html.js';
import type { RenderedPart, ReuseSource } from './render-routes.js';
import { createWorkQueue, type WorkQueue } from './work-queue.js';
import type { NormalizeJob, WorkerJob, WorkerMessage } from './worker.js';

export interface RenderPool {
  /** The workers render the route instances they take from `queue` (which the main thread may share) into `folder`. */
  render(input: { site: SiteData; instances: number; assets: PageAssets; folder: OutputFolder; previous?: ReuseSource; queue?: WorkQueue }): Promise<RenderedPart[]>;
  /** The workers normalize the posts they take from the job's queue (which the main thread shares). */
  normalize(job: NormalizeJob): Promise<[number, PostResult][]>;
  /** Stops every worker; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Each worker loads the modules, compiles the hot code again and gets the site serialized: below
 * this many posts per thread it costs more than it saves, and only a free core makes it pay (bench/README.md).
 */
export const MIN_POSTS_PER_THREAD = 1_250;

/** Render threads (the main one included) for a site of this many posts: the requested number, else what pays off. */
export function planRenderThreads(requested: number | undefined, posts: number, cores = availableParallelism()): number {
  if (requested !== undefined) return requested;
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.floor(posts / MIN_POSTS_PER_THREAD)));
}

/** Errors keep their kind across the thread boundary, so the CLI's one-line reason reads the same. */
const ERRORS: Record<string, new (message: string) => Error> = { RenderError, WriteError };

/** Render workers for large sites: each gets the site (serialized once, in shared memory) and writes the pages it renders itself. */
export function startRenderPool(size: number): RenderPool {
  const workers = Array.from({ length: size }, () => watch(startWorker()));
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= Promise.all(workers.map(({ worker }) => worker.terminate())).then(() => {}));

  return {
    close,
    async normalize(job) {
      // A worker that fails here only leaves its posts to the main thread.
      const replies = await Promise.all(workers.map((worker) => runJob(worker, { kind: 'normalize', ...job }).catch(() => undefined)));
      return replies.flatMap((reply) => (reply?.type === 'normalized' ? reply.results : []));
    },
    async render({ site, instances, assets, folder, previous, queue = createWorkQueue() }) {
      const shared = sharedCopy(serialize(site));
      // Only what pages link to: not the asset files' bytes.
      const pageAssets: PageAssets = { cssHref: assets.cssHref, contentCssHref: assets.contentCssHref, islands: assets.islands, sharedProps: assets.sharedProps };
      try {
        return (await Promise.all(workers.map((worker) => runJob(worker, { kind: 'render', site: shared, assets: pageAssets, folder, queue, instances, previous })))) as RenderedPart[];
      } catch (error) {
        // One worker failed: the others would only write into a folder about to be removed.
        await close();
        throw error;
      }
    },
  };
}

/** The compiled worker (a sibling of the compiled build's chunks), else its TypeScript source through the tsx loader (tests). */
function startWorker(): Worker {
  if (COMPILED_VERSION) return new Worker(new URL('./render-worker.mjs', import.meta.url));
  return new Worker(new URL('../worker-boot.mjs', import.meta.url), { workerData: { entry: new URL('./worker.ts', import.meta.url).href } });
}

/**
 * The site's serialized bytes in shared memory. In a function of its own: the serializer's buffer
 * (as large as the copy) is garbage once copied, not kept while pages render.
 */
function sharedCopy(bytes: Uint8Array): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(shared).set(bytes);
  return shared;
}

/** A worker and how it ended if it did: it may fail while loading, before it has a job. */
interface WatchedWorker {
  worker: Worker;
  ended?: Error;
  onEnd?: (error: Error) => void;
}

function watch(worker: Worker): WatchedWorker {
  const watched: WatchedWorker = { worker };
  const end = (error: Error) => {
    watched.ended ??= error;
    watched.onEnd?.(watched.ended);
  };
  worker.on('error', (error) => end(new RenderError(`a render worker failed: ${error.message}`)));
  worker.on('exit', (code) => end(new RenderError(`a render worker stopped (exit code ${code})`)));
  return watched;
}

function runJob(watched: WatchedWorker, job: WorkerJob): Promise<Exclude<WorkerMessage, { type: 'error' }>> {
  return new Promise((resolve, reject) => {
    if (watched.ended) return reject(watched.ended);
    watched.onEnd = reject;
    watched.worker.once('message', (message: WorkerMessage) => {
      watched.onEnd = undefined;
      if (message.type !== 'error') resolve(message);
      else reject(new (ERRORS[message.name] ?? Error)(message.message));
    });
    watched.worker.postMessage(job);
  });
}
