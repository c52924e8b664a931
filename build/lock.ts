import { closeSync, mkdirSync, openSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * One build at a time per output folder, whoever starts it (cron, the nightly --clean, the
 * builder service). The lock is a write transaction held open on a small SQLite file beside the
 * output: SQLite's locks are the operating system's, released when the process ends, however it
 * ends, so a lock is never left behind by a killed build. It is taken before WordPress is read:
 * a build that waited reads content at least as new as the one it waited for published.
 */
export class BuildLockedError extends Error {
  override name = 'BuildLockedError';
  /** EX_TEMPFAIL: the run did nothing and may simply be tried again. */
  readonly exitCode = 75;
}

/**
 * The output folder as the file system knows it: `link -> dist`, `dist` and a path through a linked
 * parent share one lock (and state). A folder not made yet: its parent's real path and its name.
 */
export function realOutDir(outDir: string): string {
  try {
    return realpathSync(outDir);
  } catch {
    const parent = path.dirname(outDir);
    mkdirSync(parent, { recursive: true });
    return path.join(realpathSync(parent), path.basename(outDir));
  }
}

/** Takes the output folder's lock, waiting at most `waitMs` for another build to end. `outDir`: a real path (realOutDir). */
export function acquireBuildLock(outDir: string, waitMs: number): { file: string; release(): void } {
  const file = `${outDir}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  // SQLite opens a file it may not write read-only, without a word, and a read-only connection
  // "takes" the lock beside another build (an immutable file, one left by root): no exclusion.
  try {
    closeSync(openSync(file, 'a'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`the build lock ${file} cannot be opened for writing (${code}): builds of ${outDir} would not exclude each other; remove it (rm ${file}, after chattr -i if it is immutable) or run the build as the user who can write it`, { cause: error });
  }
  const db = new DatabaseSync(file, { timeout: waitMs });
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    db.close();
    if (/locked|busy/i.test((error as Error).message)) {
      throw new BuildLockedError(`another build is writing ${outDir} (lock ${file}${waitMs > 0 ? `, waited ${Math.round(waitMs / 1000)} s` : ''}): this run stops, the next one catches up`);
    }
    throw new Error(`the build lock ${file} cannot be taken: ${(error as Error).message}`, { cause: error });
  }
  return {
    file,
    release: () => {
      if (!db.isOpen) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}
