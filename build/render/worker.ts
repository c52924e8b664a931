import { deserialize } from 'node:v8';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { expandRoutes } from '../../src/routes.js';
import type { SiteData } from '../../src/site-data.js';
import { createFileWriter, type OutputFolder, type WrittenFiles } from '../write.js';
import { renderRoutes, type PageAssets, type RenderCounts, type RenderQueue, type ReuseSource } from './render-routes.js';
import type { RenderedOutput } from './render-site.js';

/** The main thread's one message to a render worker. */
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
  | { type: 'progress'; done: number }
  | { type: 'done'; counts: RenderCounts; outputs: RenderedOutput[]; written: WrittenFiles }
  | { type: 'error'; name: string; message: string };

/** Progress is sent every this many files: often enough for the bar, rare enough to cost nothing. */
const PROGRESS_EVERY = 100;

if (!parentPort) throw new Error('build/render/worker.ts runs as a worker thread (see build/render/pool.ts)');
const port: MessagePort = parentPort;

port.once('message', (job: RenderJob) => {
  render(job).then(
    (message) => port.postMessage(message),
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ type: 'error', name, message } satisfies WorkerMessage);
    },
  );
});

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
      outputs.push({ path: file.path, order, record: file.record, rendered: !('keep' in file) });
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
