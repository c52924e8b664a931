import { createHash, hash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Fingerprint of text or bytes (the same for a string and its UTF-8 bytes; for parts, the same as for them joined). */
export function fingerprint(value: string | Uint8Array | readonly Uint8Array[]): string {
  if (typeof value === 'string' || value instanceof Uint8Array) return hash('sha1', value, 'base64url');
  const parts = createHash('sha1');
  for (const part of value) parts.update(part);
  return parts.digest('base64url');
}

/** SHA-256 of text (its UTF-8 bytes) or bytes, in hex: names made of content (assets, media, the index's files). */
export function sha256(value: string | Uint8Array): string {
  return hash('sha256', value, 'hex');
}

/** Writes `file` under a temporary name, then renames it: a reader or a crash sees the old file or the new one, never half of one. */
export function writeFileAtomic(file: string, contents: string | Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw writeFailure(file, error);
  }
}

/** The same, written first in `temporaryDir` (same file system), which the next run empties: a kill leaves no half file among thousands. */
export async function writeFileAtomicVia(temporaryDir: string, file: string, contents: string | Uint8Array): Promise<void> {
  const temporary = path.join(temporaryDir, `${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(temporaryDir, { recursive: true });
    await writeFile(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw writeFailure(file, error);
  }
}

/** What to do about a write's system error, by its code. */
const WRITE_ADVICE: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk holding it is full: free some space there or point --cache / --out elsewhere, then build again',
  EDQUOT: "the user's disk quota is used up: free some space or raise the quota, then build again",
  EROFS: 'its file system is mounted read-only: point --cache / --out at a writable folder',
  EACCES: 'this user may not write there: run the build as the folder\'s owner or make the folder writable',
  EPERM: 'the folder or file may not be changed (immutable: lsattr, chattr -i; or owned by another user): make it writable',
};

/** An error naming the file and what to do (Node's says `ENOSPC: no space left on device, write`); its `code` stays the system's. */
export function writeFailure(file: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const failure: Error & { code?: string } = new Error(`writing ${file} failed: ${error instanceof Error ? error.message : String(error)}${writeAdvice(code)}`, { cause: error });
  if (code) failure.code = code;
  return failure;
}

/** ' (what to do)' for a write error's system code (ENOSPC, EACCES...), '' for another. */
export function writeAdvice(code: string | undefined): string {
  const advice = code ? WRITE_ADVICE[code] : undefined;
  return advice ? ` (${advice})` : '';
}

/** Every file under `dir`, relative and '/'-separated ([] when there is no folder); `skip` drops a top-level folder. */
export function listFiles(dir: string, skip?: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (skip === undefined || !relative.startsWith(`${skip}/`)) files.push(relative);
  }
  return files;
}

/** Removes the leftovers of killed runs: siblings of `target` named `<name>.<marker>-…`, but `keep`; returns their names. */
export function removeLeftovers(target: string, markers: readonly string[], keep?: string): string[] {
  const dir = path.dirname(target);
  const prefixes = markers.map((marker) => `${path.basename(target)}.${marker}-`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed = names.filter((name) => name !== keep && prefixes.some((prefix) => name.startsWith(prefix)));
  for (const name of removed) rmSync(path.join(dir, name), { recursive: true, force: true });
  return removed;
}
