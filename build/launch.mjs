// `npm run build`: the build compiled once per code version into one JavaScript module (esbuild)
// and run with Node's module compile cache. Compiling the TypeScript and JSX sources and V8's
// parsing of the libraries on every start cost a cron run more than the run's own work; the
// compiled build is made again only when the sources change (it is named by their fingerprint).
// Plain JavaScript: it runs before anything can load TypeScript.
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { computeCodeVersion } from './code-version.mjs';

const NODE_MAJOR = 24;
if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
  process.stderr.write(`Build failed: Node ${NODE_MAJOR} is needed (this is ${process.version}): run the build through npm (npm run build), which runs the Node that npm ci installed\n`);
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '..');
const compiledRoot = path.join(root, '.cache', 'compiled');
const version = computeCodeVersion(root);
const folder = path.join(compiledRoot, version.slice(0, 20));
const entry = path.join(folder, 'cli.mjs');

if (!existsSync(entry)) await compile();
module.enableCompileCache(path.join(folder, 'v8'));
const { main } = await import(pathToFileURL(entry).href);
await main(process.argv.slice(2));

async function compile() {
  const esbuild = await import('esbuild');
  const temporary = `${folder}.tmp-${process.pid}`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: 'build/cli.ts', 'render-worker': 'build/render/worker.ts' },
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${NODE_MAJOR}`,
    // The libraries are bundled in too: a few files load faster than the hundreds of modules they
    // are in node_modules, and React's production build is chosen here, once. sharp (native) and
    // esbuild (a binary) stay where they are; Swiper and Preact only run in the browser.
    external: ['sharp', 'esbuild', 'swiper', 'swiper/*', 'preact', 'preact/*'],
    define: { 'process.env.NODE_ENV': '"production"', __SQBB_CODE_VERSION__: JSON.stringify(version) },
    // The CommonJS libraries inside (React's server renderer) require Node's own modules.
    banner: { js: "import { createRequire as __sqbbCreateRequire } from 'node:module'; const require = __sqbbCreateRequire(import.meta.url);" },
    jsx: 'automatic',
    logLevel: 'warning',
  });
  try {
    await rename(temporary, folder);
  } catch (error) {
    // Another build compiled the same sources at the same time: theirs is as good.
    await rm(temporary, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  // Earlier compilations of other sources are of no use any more; another build compiling the same
  // sources right now (npm test builds the site while the unit tests start theirs) keeps its folder.
  for (const name of await readdir(compiledRoot)) {
    if (name !== path.basename(folder) && !name.startsWith(`${path.basename(folder)}.tmp-`)) await rm(path.join(compiledRoot, name), { recursive: true, force: true });
  }
}
