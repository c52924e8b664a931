import { deserialize } from 'node:v8';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { expandRoutes } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import { createFileWriter, type OutputFolder } from '../write.js';
import type { PostResult } from '../wordpress/normalize.js';
import type { PageAssets } from './input-reach.js';
import { emitInto, renderRoutes, type RenderedOutput, type RenderedPart, type ReuseSource } from './render-routes.js';
import { taken, type WorkQueue } from './work-queue.js';

/** The main thread's message to a render worker: normalize posts (clean builds), then render. */
export type WorkerJob = ({ kind: 'render' } & RenderJob) | ({ kind: 'normalize' } & NormalizeJob);

/** Posts of a large clean build to normalize with the main thread: their REST objects as JSON text (copied at once, parsed here). */
export interface NormalizeJob {
  posts: readonly string[];
  /** Each post's place in the source (for the warning of a post that cannot be read). */
  indexes: readonly number[];
  queue: WorkQueue;
}

export interface RenderJob {
  /** The normalized site, v8-serialized once and shared by every worker. */
  site: SharedArrayBuffer;
  assets: PageAssets;
  folder: OutputFolder;
  queue: WorkQueue;
  /** Route instances the main thread expanded: the worker's own expansion must agree. */
  instances: number;
  previous?: ReuseSource;
}

export type WorkerMessage =
  | { type: 'normalized'; results: [position: number, result: PostResult][] }
  | ({ type: 'rendered' } & RenderedPart)
  | { type: 'error'; name: string; message: string };

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

async function normalize(job: NormalizeJob): Promise<WorkerMessage> {
  const { normalizePost } = await import('../wordpress/normalize.js');
  const results: [number, PostResult][] = [];
  for (const position of taken(job.queue, job.posts.length)) {
    results.push([position, normalizePost(JSON.parse(job.posts[position] as string), job.indexes[position] as number)]);
  }
  return { type: 'normalized', results };
}

/** Renders the route instances it takes from the queue into the shared output folder. */
async function render(job: RenderJob): Promise<WorkerMessage> {
  const site = deserialize(new Uint8Array(job.site)) as SiteData;
  const writer = createFileWriter(job.folder);
  const outputs: RenderedOutput[] = [];
  const instances = expandRoutes(site);
  if (instances.length !== job.instances) throw new Error(`the worker expanded ${instances.length} route instances, the main thread ${job.instances}`);
  const counts = renderRoutes(instances, site, job.assets, emitInto(writer, outputs), { queue: job.queue, previous: job.previous });
  return { type: 'rendered', counts, outputs, written: writer.finish() };
}
