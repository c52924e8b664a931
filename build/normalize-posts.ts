import type { Worker } from 'node:worker_threads';
import { normalizePost, type PostResult } from './wordpress/normalize.js';
import type { NormalizeRequest, NormalizeReply } from './normalize-worker.js';
import { startWorker } from './worker-thread.js';

/** A post to normalize: its place in the source, its REST object, and the JSON bytes it is read from (snapshot posts). */
export interface NormalizeJob {
  index: number;
  read: () => unknown;
  bytes?: Uint8Array;
}

/** A second thread for normalizing, started before the posts' bytes are read so that it loads meanwhile. */
export interface NormalizeHelper {
  worker: Worker;
  /** Settles when the thread has stopped, for whatever reason. */
  ended: Promise<void>;
  close(): Promise<void>;
}

/**
 * Below this much post JSON (about 3,300 posts with `_embed`) a helper's start-up (loading
 * sanitize-html and the normalizer) costs more than the part of the work it takes over: the second
 * core is busy meanwhile with the render worker's start-up and esbuild. Measured on 2 cores
 * (alternating clean builds, bench/README.md 2026-11-24): 1,000 posts +0.02 s, 2,500 posts (15 MB)
 * +0.05 s, 5,000 posts (30 MB) -0.25 s (4.52 -> 4.26 s, faster in all 5 rounds), 20,000 posts -2.1 s.
 */
export const MIN_BYTES_FOR_HELPER = 20 << 20;
/** Posts taken from the shared queue at a time. */
const CHUNK = 16;

export function startNormalizeHelper(): NormalizeHelper {
  const worker = startWorker('normalize-worker.mjs', new URL('./normalize-worker.ts', import.meta.url));
  // A helper that fails is not the build's failure: the main thread normalizes what it left.
  worker.on('error', () => {});
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let closed: Promise<void> | undefined;
  return { worker, ended, close: () => (closed ??= worker.terminate().then(() => {})) };
}

/**
 * Every job's result, in the jobs' order. With a helper (and bytes for every job), both threads take
 * posts from one shared queue; the helper parses the bytes itself. A post that failed (bytes that do
 * not parse, a helper that stopped) is done again here, in order, so that the error is the one a
 * single thread gives. Same function, same input: the results are those of normalizing in one thread.
 */
export async function normalizePosts(jobs: readonly NormalizeJob[], helper?: NormalizeHelper, minBytes = MIN_BYTES_FOR_HELPER): Promise<PostResult[]> {
  const results: (PostResult | undefined)[] = new Array(jobs.length);
  const bytes = jobs.every((job) => job.bytes) ? jobs.reduce((sum, job) => sum + (job.bytes?.byteLength ?? 0), 0) : 0;
  const shared = helper && bytes >= minBytes ? helper : undefined;
  if (!shared) {
    await helper?.close();
    return jobs.map((job) => normalizePost(job.read(), job.index));
  }
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const reply = helperReply(shared);
  shared.worker.postMessage({ jobs: jobs.map(({ index, bytes }) => ({ index, bytes: bytes as Uint8Array })), next, chunk: CHUNK } satisfies NormalizeRequest);
  const queue = new Int32Array(next);
  for (let start = Atomics.add(queue, 0, CHUNK); start < jobs.length; start = Atomics.add(queue, 0, CHUNK)) {
    for (let position = start; position < Math.min(start + CHUNK, jobs.length); position += 1) {
      const job = jobs[position] as NormalizeJob;
      try {
        results[position] = normalizePost(job.read(), job.index);
      } catch {
        // Done again below, in the jobs' order: the first failing post is the one reported, as in one thread.
      }
    }
  }
  const done = await reply;
  await shared.close();
  for (const [position, result] of done) results[position] ??= result ?? undefined;
  return jobs.map((job, position) => results[position] ?? normalizePost(job.read(), job.index));
}

/** The helper's results, or none when it stopped before giving them. */
function helperReply(helper: NormalizeHelper): Promise<NormalizeReply['results']> {
  return Promise.race([
    new Promise<NormalizeReply['results']>((resolve) => helper.worker.once('message', (reply: NormalizeReply) => resolve(reply.results))),
    helper.ended.then(() => []),
  ]);
}
