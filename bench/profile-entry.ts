// The build's TypeScript sources run as `npm run build` runs the compiled bundle (bench/profile.ts
// --sources), so that a CPU profile names source files instead of esbuild's chunks.
import { main } from '../build/cli.js';

await main(process.argv.slice(2));
