// `npm run build`: the build compiled once into plain JavaScript and run from there. Loading the
// TypeScript sources through tsx cost about half a second at every start (every cron run); the
// compiled build is made again only when the sources change (it is named by their fingerprint).
// Plain JavaScript, because it runs before anything can load TypeScript; CommonJS, because an ES
// module entry costs every run the module loader's start (about 7 ms of a 0.35 s cron run).
'use strict';
const { existsSync } = require('node:fs');
const { readdir, rename, rm, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { computeCodeVersion } = require('./code-version.cjs');
const { runCompiled } = require('./run-compiled.cjs');

const root = path.resolve(__dirname, '..');
const compiledRoot = path.join(root, '.cache', 'compiled');
const version = computeCodeVersion(root);
const folder = path.join(compiledRoot, version.slice(0, 20));
const entry = path.join(folder, 'cli.cjs');
/** The worker threads' entries, started by build/worker-thread.ts as siblings of the compiled build. */
const WORKERS = ['worker', 'normalize-worker'];

async function launch() {
  if (!existsSync(entry)) await compile();
  const cli = runCompiled(entry);
  // The code cache is written after a build, with the functions a build calls.
  if (await /** @type {(argv: string[]) => Promise<boolean>} */ (cli.exports.main)(process.argv.slice(2))) cli.saveCache();
}

async function compile() {
  const esbuild = require('esbuild');
  const temporary = `${folder}.tmp-${process.pid}`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: 'build/cli.ts', worker: 'build/render/worker.ts', 'normalize-worker': 'build/normalize-worker.ts' },
    outdir: temporary,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    // CommonJS, one file per entry: what build/run-compiled.cjs can run with V8's code cache.
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // The libraries are bundled in too: a few files load faster than the hundreds of modules they
    // are in node_modules (zod alone took a tenth of a second to import), and React's production
    // build is chosen here, once. sharp (native) and esbuild (a binary) stay where they are; Swiper
    // and Preact only run in the browser.
    external: ['sharp', 'esbuild', 'swiper', 'swiper/*', 'preact', 'preact/*'],
    // Loaded when first needed, as the sources' import() does, but by require: a script has no module loader.
    supported: { 'dynamic-import': false },
    define: {
      'process.env.NODE_ENV': '"production"',
      __SQBB_CODE_VERSION__: JSON.stringify(version),
      'import.meta.url': '__sqbbModuleUrl',
      'import.meta.dirname': '__dirname',
    },
    banner: { js: "var __sqbbModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    jsx: 'automatic',
    // Less to parse on every start; names are kept, for the stack of a failure.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  // Relative: a project moved elsewhere (a restored CI cache) keeps a working compiled build.
  const loader = path.relative(folder, path.join(root, 'build', 'run-compiled.cjs')).split(path.sep).join('/');
  for (const name of WORKERS) {
    await writeFile(path.join(temporary, `${name}.mjs`), `import { runCompiled } from ${JSON.stringify(loader)};\nrunCompiled(new URL('./${name}.cjs', import.meta.url), { saveOnExit: true });\n`);
  }
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

// The build reports its own failures (main sets the exit code); anything else ends the process as
// an uncaught error would.
launch().catch((error) => {
  process.exitCode = 1;
  console.error(error);
});
