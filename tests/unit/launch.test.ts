import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCodeVersion } from '../../build/code-version.mjs';
import { readTree } from './read-tree.js';
import { warmMedia } from './warm-media.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run build` as cron runs it: build/launch.mjs, the build compiled once per code version and run with Node's compile cache. */
describe('the compiled build (npm run build)', () => {
  let root: string;
  const compiled = path.join(ROOT, '.cache', 'compiled', computeCodeVersion(ROOT).slice(0, 20));
  const launch = (...args: string[]) => run(process.execPath, ['build/launch.mjs', ...args], { cwd: ROOT });
  // The images converted already: what is tried here is the compiled build, not the conversion.
  const build = async (name: string) => {
    await warmMedia(path.join(root, `${name}-cache`));
    return launch('--clean', '--out', path.join(root, name), '--cache', path.join(root, `${name}-cache`), '--now', '2026-01-15T12:00:00Z');
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-launch-'));
    // Compiled if it was not yet.
    await launch('--help');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('runs one compiled module named by the code version, and keeps V8 compile cache beside it', async () => {
    expect(existsSync(path.join(compiled, 'cli.mjs'))).toBe(true);
    expect(existsSync(path.join(compiled, 'render-worker.mjs'))).toBe(true);
    const help = await launch('--help');
    expect(help.stdout).toMatch(/^Usage: npm run build/);
    await build('first');
    expect((await readdir(path.join(compiled, 'v8'), { recursive: true })).length).toBeGreaterThan(0);
  });

  it('builds the same site from a damaged compile cache', async () => {
    for (const name of await readdir(path.join(compiled, 'v8'), { recursive: true, withFileTypes: true })) {
      if (name.isFile()) await writeFile(path.join(name.parentPath, name.name), Buffer.alloc(4096, 7));
    }
    const { stderr } = await build('second');
    expect(stderr).toBe('');
    expect(await readTree(path.join(root, 'second'))).toEqual(await readTree(path.join(root, 'first')));
  });

  it('fails with one line and a non-zero exit on a bad option', async () => {
    const failed = await launch('--no-such-option').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Build failed: OptionsError: unknown option --no-such-option\n/) });
  });

  it.skipIf(!existsSync('/usr/bin/node'))('refuses an older Node on one line, naming the way to run it (the system Node of Debian 12 is 20)', async () => {
    const { stdout: version } = await run('/usr/bin/node', ['--version']);
    if (Number(version.slice(1).split('.')[0]) >= 24) return;
    const failed = await run('/usr/bin/node', ['build/launch.mjs', '--help'], { cwd: ROOT }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Build failed: Node 24 is needed \(this is v\d+[.\d]*\): run the build through npm \(npm run build\)/) });
  });
});
