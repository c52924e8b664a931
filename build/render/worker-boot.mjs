// Worker threads do not inherit the main thread's tsx loader (Node 20): register it here, then
// load the TypeScript worker. A plain .mjs file because nothing can load TypeScript before this runs.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
