import { Worker } from 'node:worker_threads';
import { COMPILED_VERSION } from './compiled.js';

/**
 * A worker thread running one of the build's worker modules: the compiled file (`compiled`, a
 * sibling of the compiled build's chunks) when the build runs compiled, else its TypeScript
 * `source` through the tsx loader (tests).
 */
export function startWorker(compiled: string, source: URL): Worker {
  if (COMPILED_VERSION) return new Worker(new URL(`./${compiled}`, import.meta.url));
  return new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { entry: source.href } });
}
