import { hash, randomUUID } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Post bodies are most of the cache's bytes (three fifths at 5,000 posts) but a cron run reads
 * only those of the articles it renders again. They live beside the state in a pack file that
 * only grows: a build appends the bodies of the posts it normalized and the state keeps where each
 * one is, so loading and saving the state no longer costs every body, and a state saved earlier
 * still reads its bodies from the same places. A pack with more dead bytes than live ones is
 * written again, under a new name, by the build that notices it.
 */
export interface BodyRef {
  at: number;
  length: number;
  /** Fingerprint of the body's bytes, checked when read: a damaged pack is never served. */
  hash: string;
}

/** Where the bodies of a state are: the pack's file name, beside the state file. */
export interface PackRef {
  file: string;
}

/** A body that cannot be read back as it was written: the build starts again, clean (build/run.ts). */
export class CacheDamagedError extends Error {
  override name = 'CacheDamagedError';
}

/**
 * A body's fingerprint as its ref in a pack holds it: that of its UTF-8 bytes, the same made from
 * the string. Normalize makes it once for the post's revision, and the pack takes it from there.
 */
export const bodyFingerprint = (body: string | Uint8Array): string => hash('sha1', body, 'base64url');

/** A body to append, with its bodyFingerprint when it is known already. */
export interface BodyToPack {
  html: string;
  hash?: string;
}

/** The body at `ref` in the pack, checked against its fingerprint. */
export function readBody(dir: string, pack: PackRef, ref: BodyRef): string {
  const file = path.join(dir, pack.file);
  const bytes = Buffer.allocUnsafe(ref.length);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    let read = 0;
    while (read < ref.length) {
      const count = readSync(fd, bytes, read, ref.length - read, ref.at + read);
      if (count === 0) break;
      read += count;
    }
    if (read !== ref.length || bodyFingerprint(bytes) !== ref.hash) throw new Error('a body does not read back as it was written');
  } catch (error) {
    throw new CacheDamagedError(`build cache ${file} is damaged (${(error as Error).message})`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return bytes.toString('utf8');
}

/**
 * Appends `bodies` to the pack (to a new one, named `prefix` and a random id, when there is none)
 * and says where each went.
 */
export function appendBodies(dir: string, prefix: string, pack: PackRef | undefined, bodies: readonly BodyToPack[]): { pack: PackRef; refs: BodyRef[] } {
  const target = pack ?? { file: `${prefix}${randomUUID()}.pack` };
  const fd = openSync(path.join(dir, target.file), 'a');
  try {
    let at = fstatSync(fd).size;
    // Bodies are written a megabyte at a time: a system call per body cost more than the bytes.
    let batch: Buffer[] = [];
    let batched = 0;
    const flush = () => {
      const bytes = Buffer.concat(batch, batched);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
      batch = [];
      batched = 0;
    };
    const refs = bodies.map((body) => {
      const bytes = Buffer.from(body.html, 'utf8');
      const ref = { at, length: bytes.length, hash: body.hash ?? bodyFingerprint(bytes) };
      batch.push(bytes);
      batched += bytes.length;
      if (batched >= BATCH_BYTES) flush();
      at += bytes.length;
      return ref;
    });
    if (batched > 0) flush();
    return { pack: target, refs };
  } finally {
    closeSync(fd);
  }
}

const BATCH_BYTES = 1 << 20;

/** The pack's size in bytes (0 when there is none). */
export function packSize(dir: string, pack: PackRef): number {
  try {
    return statSync(path.join(dir, pack.file)).size;
  } catch {
    return 0;
  }
}

/** Packs of this state that it no longer names (after a new pack replaced one). */
export function removeOtherPacks(dir: string, prefix: string, keep: PackRef): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.pack') && name !== keep.file) rmSync(path.join(dir, name), { force: true });
  }
}
