import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCodeVersion } from '../../build/code-version.cjs';
import { readTree } from './read-tree.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run build` as cron runs it: build/launch.cjs, the build compiled once and run with V8's code cache. */
describe('the compiled build (npm run build)', () => {
  let root: string;
  const compiled = path.join(ROOT, '.cache', 'compiled', computeCodeVersion(ROOT).slice(0, 20));
  const codeCache = path.join(compiled, 'cli.cjs.v8cache');
  const launch = (...args: string[]) => run(process.execPath, ['build/launch.cjs', ...args], { cwd: ROOT });
  const build = (name: string) => launch('--clean', '--out', path.join(root, name), '--cache', path.join(root, `${name}-cache`), '--now', '2026-01-15T12:00:00Z');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sqbb-launch-'));
    // Compiled if it was not yet.
    await launch('--help');
  }, 120_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes its code cache after a build, not after a command that built nothing', async () => {
    for (const name of await readdir(compiled)) if (name.endsWith('.v8cache')) await rm(path.join(compiled, name));
    const help = await launch('--help');
    expect(help.stdout).toMatch(/^Usage: npm run build/);
    expect(existsSync(codeCache)).toBe(false);
    await build('first');
    expect((await readFile(codeCache)).length).toBeGreaterThan(100_000);
  }, 120_000);

  it('builds the same site from a damaged code cache, and replaces it', async () => {
    const garbage = Buffer.alloc(4096, 7);
    await writeFile(codeCache, garbage);
    const { stderr } = await build('second');
    expect(stderr).toBe('');
    expect(await readFile(codeCache)).not.toEqual(garbage);
    const [first, second] = [await readTree(path.join(root, 'first')), await readTree(path.join(root, 'second'))];
    expect(second).toEqual(first);
  }, 120_000);

  it('fails with one line and a non-zero exit on a bad option', async () => {
    const failed = await launch('--no-such-option').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Build failed: OptionsError: unknown option --no-such-option\n/) });
  });
});
