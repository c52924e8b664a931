import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The media folder of a build cache holding every image of data/wordpress converted. */
    warmMediaCache: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
let root: string | undefined;

/**
 * Once per run, before any test file: one build of the snapshot, as cron runs it. Converting the
 * snapshot's images is most of a first build's work (about 16 s of CPU, against 1.5 s with them
 * converted), and a dozen files only need a built site, not the conversion: they start from a copy
 * of this cache's media (warm-media.ts). The build is compiled here too, before files run together.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-warm-media-'));
  await promisify(execFile)(process.execPath, ['build/launch.mjs', '--out', path.join(root, 'site'), '--cache', path.join(root, 'cache'), '--now', '2026-01-15T12:00:00Z'], { cwd: ROOT });
  project.provide('warmMediaCache', path.join(root, 'cache', 'media'));
  return () => rm(root as string, { recursive: true, force: true });
}
