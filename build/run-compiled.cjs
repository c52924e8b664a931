// Runs one file of the compiled build (build/launch.cjs) with V8's code cache: compiling the
// bundled build (React, sanitize-html, zod: 1.6 MB of JavaScript) and the functions a run calls
// took a cron run about a tenth of its time, the same work on every run. Node 20 caches no module's
// code by itself (module.enableCompileCache came with Node 22), so the bundle is CommonJS, run as a
// script whose cache is kept beside it. Plain JavaScript, CommonJS: it runs before anything else is
// loaded, without the cost of an ES module's loading (build/launch.cjs).
'use strict';
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { fileURLToPath } = require('node:url');
const vm = require('node:vm');
const { threadId } = require('node:worker_threads');

/**
 * Runs the CommonJS bundle `file` (a path or file URL) and gives its exports. Its code cache is
 * read when there is one V8 accepts. Otherwise `saveCache` writes one with every function the run
 * has compiled so far (what the next run needs, not only the top level): the caller says when its
 * run was a real one (a `--help` would leave a cache of nothing); `saveOnExit` writes it as the
 * thread ends.
 * @param {string | URL} file
 * @param {{ saveOnExit?: boolean }} [options]
 * @returns {{ exports: Record<string, unknown>, saveCache: () => void }}
 */
function runCompiled(file, options = {}) {
  const filename = typeof file === 'string' ? file : fileURLToPath(file);
  const cacheFile = `${filename}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(filename, 'utf8')}\n})`, {
    filename,
    ...(cachedData ? { cachedData } : {}),
  });
  const wanted = !cachedData || script.cachedDataRejected === true;
  const saveCache = () => {
    if (wanted) writeCache(script, cacheFile);
  };
  if (options.saveOnExit) process.once('exit', saveCache);
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(filename), module, filename, path.dirname(filename));
  return { exports: module.exports, saveCache };
}

/** Written whole or not at all (renamed into place); a cache that cannot be written only costs the next run its speed. */
function writeCache(script, cacheFile) {
  // Two workers of one run may write the same cache: each its own temporary file.
  const temporary = `${cacheFile}.tmp-${process.pid}-${threadId}`;
  try {
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    rmSync(temporary, { force: true });
  }
}

module.exports = { runCompiled };
