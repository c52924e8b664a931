import { deserialize } from 'node:v8';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { expandRoutes } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import { createFileWriter, type OutputFolder, type WrittenFiles } from '../write.js';
import { renderRoutes, type PageAssets, type RenderCounts, type RenderedOutput, type RenderQueue, type ReuseSource } from './render-routes.js';
import type { PostResult } from '../wordpress/normalize.js';

/** The main thread's message to a render worker: normalize posts (clean builds), then render. */
export type WorkerJob = ({ kind: 'render' } & RenderJob) | ({ kind: 'normalize' } & NormalizeJob);

/**
 * Posts of a large clean build to normalize with the main thread: their REST objects as JSON text
 * (copied at once, parsed here), taken `chunk` at a time from one counter both threads share.
 */
export interface NormalizeJob {
  posts: readonly string[];
  /** Each post's place in the source (for the warning of a post that cannot be read). */
  indexes: readonly number[];
  next: SharedArrayBuffer;
  chunk: number;
}

export interface RenderJob {
  /** The normalized site, v8-serialized once and shared by every worker. */
  site: SharedArrayBuffer;
  assets: PageAssets;
  folder: OutputFolder;
  queue: RenderQueue;
  /** Route instances the main thread expanded: the worker's own expansion must agree. */
  instances: number;
  previous?: ReuseSource;
}

export type WorkerMessage =
  | { type: 'normalized'; results: [position: number, result: PostResult][] }
  | { type: 'progress'; done: number }
  | { type: 'done'; counts: RenderCounts; outputs: RenderedOutput[]; written: WrittenFiles }
  | { type: 'error'; name: string; message: string };

/** Progress is sent every this many files: often enough for the bar, rare enough to cost nothing. */
const PROGRESS_EVERY = 100;

if (!parentPort) throw new Error('build/render/worker.ts runs as a worker thread (see build/render/pool.ts)');
const port: MessagePort = parentPort;

port.on('message', (job: WorkerJob) => {
  (job.kind === 'normalize' ? normalize(job) : render(job)).then(
    (message) => port.postMessage(message),
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ type: 'error', name, message } satisfies WorkerMessage);
    },
  );
});

/** Normalizes the posts it takes from the shared counter. */
async function normalize(job: NormalizeJob): Promise<WorkerMessage> {
  const { normalizePost } = await import('../wordpress/normalize.js');
  const results: [number, PostResult][] = [];
  const next = new Int32Array(job.next);
  for (let start = Atomics.add(next, 0, job.chunk); start < job.posts.length; start = Atomics.add(next, 0, job.chunk)) {
    for (let position = start; position < Math.min(start + job.chunk, job.posts.length); position += 1) {
      results.push([position, normalizePost(JSON.parse(job.posts[position] as string), job.indexes[position] as number)]);
    }
  }
  return { type: 'normalized', results };
}

/** Renders the route instances it takes from the queue and writes it into the shared output folder. */
async function render(job: RenderJob): Promise<WorkerMessage> {
  const site = deserialize(new Uint8Array(job.site)) as SiteData;
  const writer = createFileWriter(job.folder);
  const outputs: RenderedOutput[] = [];
  const instances = expandRoutes(site);
  if (instances.length !== job.instances) throw new Error(`the worker expanded ${instances.length} route instances, the main thread ${job.instances}`);
  const counts = renderRoutes(
    instances,
    site,
    job.assets,
    (file, order) => {
      outputs.push({ path: file.path, order, record: file.record, rendered: !('keep' in file), ...('search' in file && file.search !== undefined ? { search: file.search } : {}) });
      return 'keep' in file ? writer.keep(file.path) : writer.add(file);
    },
    {
      queue: job.queue,
      previous: job.previous,
      onProgress: (done, total) => {
        if (done % PROGRESS_EVERY === 0 || done === total) port.postMessage({ type: 'progress', done } satisfies WorkerMessage);
      },
    },
  );
  return { type: 'done', counts, outputs, written: writer.finish() };
}
