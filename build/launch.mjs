// `npm run build`: the build compiled once into plain JavaScript and run from there. Loading the
// TypeScript sources through tsx cost about half a second at every start (every cron run); the
// compiled build is made again only when the sources change (it is named by their fingerprint).
// Plain JavaScript, because it runs before anything can load TypeScript.
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { computeCodeVersion } from './code-version.mjs';

const root = path.resolve(import.meta.dirname, '..');
const compiledRoot = path.join(root, '.cache', 'compiled');
const version = computeCodeVersion(root);
const folder = path.join(compiledRoot, version.slice(0, 20));
const entry = path.join(folder, 'cli.mjs');

if (!existsSync(entry)) await compile();
await import(pathToFileURL(entry).href);

async function compile() {
  const esbuild = await import('esbuild');
  const temporary = `${folder}.tmp-${process.pid}`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: 'build/cli.ts', worker: 'build/render/worker.ts', 'normalize-worker': 'build/normalize-worker.ts' },
    outdir: temporary,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The libraries are bundled in too: a few files load faster than the hundreds of modules they
    // are in node_modules (zod alone took a tenth of a second to import), and React's production
    // build is chosen here, once. sharp (native) and esbuild (a binary) stay where they are; Swiper
    // and Preact only run in the browser.
    external: ['sharp', 'esbuild', 'swiper', 'swiper/*', 'preact', 'preact/*'],
    define: { 'process.env.NODE_ENV': '"production"', __SQBB_CODE_VERSION__: JSON.stringify(version) },
    // The bundled CommonJS libraries require Node's own modules.
    banner: { js: "import { createRequire as __sqbbRequire } from 'node:module'; const require = __sqbbRequire(import.meta.url);" },
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
  // Earlier compilations of other sources are of no use any more.
  for (const name of await readdir(compiledRoot)) {
    if (name !== path.basename(folder) && !name.includes('.tmp-')) await rm(path.join(compiledRoot, name), { recursive: true, force: true });
  }
}
