// Plain JavaScript: build/launch.mjs needs it before anything can load TypeScript.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What shapes the output: our code and styles, and the exact libraries (the lockfile). Data files are inputs, not code. */
const CODE_FOLDERS = ['build', 'src', 'templates', 'data'];
const CODE_FILE = /\.(ts|tsx|mts|cts|mjs|cjs|js|css)$/;

/**
 * A fingerprint of the code that builds the site (types in code-version.d.mts): it names the
 * compiled build (.cache/compiled) and ties the build's state to the code that made it (a changed
 * component could render the same props differently). Node's version is in it too (Intl formats
 * the French dates).
 */
export function computeCodeVersion(root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  const files = CODE_FOLDERS.flatMap((folder) => listFiles(path.join(root, folder))).sort();
  for (const file of [...files, path.join(root, 'package-lock.json')]) {
    hash.update(`${path.relative(root, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function listFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile() && CODE_FILE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
}
