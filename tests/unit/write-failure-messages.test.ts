import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFailure, writeFileAtomic, writeFileAtomicVia } from '../../build/fs.js';

/**
 * Issue 41: a failed write names its file and says what to do. Node's own message for a full disk
 * is `ENOSPC: no space left on device, write` and SQLite's `database or disk is full`, neither
 * saying where; a read-only output folder gave `unable to open database file` (the lock beside it).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const NOW = '2026-01-15T12:00:00Z';
const isRoot = process.getuid?.() === 0;
const canMount = isRoot && spawnSync('mount', ['--version']).status === 0;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-write-failures-'));
});
afterAll(async () => {
  spawnSync('umount', [path.join(root, 'small')]);
  spawnSync('chattr', ['-i', path.join(root, 'read-only')]);
  await rm(root, { recursive: true, force: true });
});

function build(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['build/launch.mjs', ...args], { cwd: ROOT, env: { ...process.env, CI: '1' } }, (error, _stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr }),
    );
  });
}

describe('a write that fails', () => {
  it('names the file, keeps the system code and says what to do (a real ENOSPC, from /dev/full)', async () => {
    const error = await writeFile('/dev/full', 'x').catch((caught: unknown) => caught);
    const failure = writeFailure('/var/cache/sqbb/media/derived.json', error);
    expect(failure.message).toBe(
      'writing /var/cache/sqbb/media/derived.json failed: ENOSPC: no space left on device, write (the disk holding it is full: free some space there or point --cache / --out elsewhere, then build again)',
    );
    expect((failure as NodeJS.ErrnoException).code).toBe('ENOSPC');
  });

  it.skipIf(!canMount)('names the file written on a full disk, atomic writes of the cache and of the output alike (a tmpfs: root only)', async () => {
    const small = path.join(root, 'small');
    await mkdir(small, { recursive: true });
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', small]).status).toBe(0);
    const big = new Uint8Array(256 * 1024);
    const viaTemporary = await writeFileAtomicVia(path.join(small, 'tmp'), path.join(small, 'sources', 'abcd.jpg'), big).catch((caught: Error) => caught);
    expect(viaTemporary).toBeInstanceOf(Error);
    expect((viaTemporary as Error).message).toMatch(new RegExp(`^writing ${small}/sources/abcd\\.jpg failed: ENOSPC: .*\\(the disk holding it is full: free some space there`));
    const direct = (() => {
      try {
        writeFileAtomic(path.join(small, 'report.json'), big);
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    expect(direct?.message).toMatch(new RegExp(`^writing ${small}/report\\.json failed: ENOSPC: .*\\(the disk holding it is full`));
  });

  // A whole build whose cache disk fills up: tests/unit/build-faults.test.ts ('a full disk under the cache')
  // checks its one line names the state file and says what to do, and what the site and the next run become.

  it.skipIf(!isRoot)('a build into a folder it may not write names the lock file beside the output (chattr +i: root only)', async () => {
    const folder = path.join(root, 'read-only');
    await mkdir(folder, { recursive: true });
    if (spawnSync('chattr', ['+i', folder]).status !== 0) return void console.log('chattr +i is not supported here: skipped');
    const out = path.join(folder, 'dist');
    const failed = await build(['--out', out, '--cache', path.join(root, 'read-only-cache'), '--now', NOW]);
    spawnSync('chattr', ['-i', folder]);
    expect(failed.code).toBe(1);
    const lines = failed.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${out}.lock`);
  });
});
