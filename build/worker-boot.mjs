// Worker threads do not inherit the main thread's tsx loader: register it here, then load the
// TypeScript worker named in workerData (see build/render/pool.ts). A plain .mjs file because
// nothing can load TypeScript before this runs.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
