import { parentPort } from 'node:worker_threads';
import { normalizePost, type PostResult } from './wordpress/normalize.js';

/** The main thread's one message: every post to normalize, and the queue both threads take them from. */
export interface NormalizeRequest {
  jobs: { index: number; bytes: Uint8Array }[];
  /** One Int32: the next position to take. */
  next: SharedArrayBuffer;
  chunk: number;
}

/** The results of the positions this thread took; null where the bytes did not parse (the main thread says why). */
export interface NormalizeReply {
  results: [position: number, result: PostResult | null][];
}

if (!parentPort) throw new Error('build/normalize-worker.ts runs as a worker thread (see build/normalize-posts.ts)');
const port = parentPort;

port.once('message', ({ jobs, next, chunk }: NormalizeRequest) => {
  const queue = new Int32Array(next);
  const results: NormalizeReply['results'] = [];
  for (let start = Atomics.add(queue, 0, chunk); start < jobs.length; start = Atomics.add(queue, 0, chunk)) {
    for (let position = start; position < Math.min(start + chunk, jobs.length); position += 1) {
      const { index, bytes } = jobs[position] as NormalizeRequest['jobs'][number];
      let raw: unknown;
      try {
        raw = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      } catch {
        results.push([position, null]);
        continue;
      }
      results.push([position, normalizePost(raw, index)]);
    }
  }
  port.postMessage({ results } satisfies NormalizeReply);
});
