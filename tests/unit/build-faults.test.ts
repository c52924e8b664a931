import { execFile, spawn, spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acquireBuildLock, realOutDir } from '../../build/lock.js';
import { stateFile } from '../../build/state/database.js';
import { brokenLinks, readTree } from './read-tree.js';

/**
 * Issue 30, tried as an operator would: builds started together on one output, builds killed at
 * any moment, a full disk under the cache, leftovers of killed runs. Each ends with a complete site
 * served, identical to a clean build after the next run, and a one-line message.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const NOW = '2026-01-15T12:00:00Z';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

let root: string;
const content = () => path.join(root, 'content');
const args = (name: string, extra: string[] = []) => ['build/launch.mjs', '--content', content(), '--out', path.join(root, name), '--cache', path.join(root, `${name}-cache`), '--now', NOW, ...extra];

/** `npm run build` in a process of its own, as cron starts it. */
function build(name: string, extra: string[] = []): Promise<Outcome> {
  return run(process.execPath, args(name, extra), { cwd: ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
}

/** The posts of the snapshot, with `count` more made from them (titles and ids of their own). */
async function writePosts(count: number, title = 'Article'): Promise<void> {
  const posts = JSON.parse(await readFile(path.join(ROOT, 'data/wordpress/posts.json'), 'utf8')) as Record<string, unknown>[];
  const extra = Array.from({ length: count }, (_, index) => ({ ...(posts[index % posts.length] as object), id: 10_000 + index, slug: `article-${index}`, title: { rendered: `${title} ${index}` } }));
  await writeFile(path.join(content(), 'posts.json'), JSON.stringify([...extra, ...posts]));
}

/** A clean build of the same content into a folder of its own: what every other output must equal. */
async function cleanTree(): Promise<Record<string, string>> {
  await rm(path.join(root, 'reference'), { recursive: true, force: true });
  if (!existsSync(path.join(root, 'reference-cache'))) await warmCache('reference');
  expect((await build('reference', ['--clean'])).code).toBe(0);
  return readTree(path.join(root, 'reference'));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sqbb-faults-'));
  await cp(path.join(ROOT, 'data/wordpress'), content(), { recursive: true });
  // The media of the snapshot converted once for the run (tests/unit/warm-media-setup.ts): every output's cache starts from them.
  await cp(inject('warmMediaCache'), path.join(root, 'warm-cache', 'media'), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A cache folder for `name` holding the converted images already (as a cron job's has). */
async function warmCache(name: string): Promise<void> {
  await rm(path.join(root, `${name}-cache`), { recursive: true, force: true });
  await mkdir(path.join(root, `${name}-cache`), { recursive: true });
  await cp(path.join(root, 'warm-cache', 'media'), path.join(root, `${name}-cache`, 'media'), { recursive: true });
}

describe('one build at a time per output', () => {
  it('stops a second build on one line with exit code 75 while another holds the output, and lets it wait for it', async () => {
    await warmCache('locked');
    const lock = acquireBuildLock(path.join(root, 'locked'), 0);
    try {
      const refused = await build('locked', ['--wait', '0']);
      expect(refused.code).toBe(75);
      expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Build failed: BuildLockedError: another build is writing .*locked \(lock .*locked\.lock\): this run stops, the next one catches up$/)]);
      const waiting = build('locked', ['--wait', '60']);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      lock.release();
      expect((await waiting).code).toBe(0);
    } finally {
      lock.release();
    }
  });

  it('shares the lock with a build through a symbolic link to the output, or to a parent folder (issue 41)', async () => {
    await warmCache('linked');
    expect((await build('linked')).code).toBe(0);
    await symlink(path.join(root, 'linked'), path.join(root, 'link-to-linked'));
    await mkdir(path.join(root, 'parents'), { recursive: true });
    await symlink(root, path.join(root, 'parents', 'up'));
    const lock = acquireBuildLock(realOutDir(path.join(root, 'linked')), 0);
    try {
      for (const out of ['link-to-linked', 'parents/up/linked']) {
        const refused = await build(out, ['--wait', '0']);
        expect(refused.code, out).toBe(75);
        expect(refused.stderr.trim().split('\n'), out).toEqual([`Build failed: BuildLockedError: another build is writing ${path.join(root, 'linked')} (lock ${path.join(root, 'linked.lock')}): this run stops, the next one catches up`]);
      }
    } finally {
      lock.release();
    }
    // One folder, one state: a build through the link, then one through the folder's own name, has nothing to do.
    await writePosts(12, 'Par le lien');
    expect((await build('link-to-linked', ['--cache', path.join(root, 'linked-cache')])).code).toBe(0);
    expect((await build('linked')).stdout).toMatch(/^incremental: 0 new, 0 changed, 0 removed posts; 0 of [\d,]+ pages rendered/m);
    expect(await readTree(path.join(root, 'linked'))).toEqual(await cleanTree());
  });

  const isRoot = process.getuid?.() === 0;
  it.skipIf(!isRoot || spawnSync('chattr', ['--help']).status === 127)('refuses to build, on one line naming it, when the lock file cannot be opened for writing (chattr +i)', async () => {
    await warmCache('unlockable');
    const file = path.join(root, 'unlockable.lock');
    await writeFile(file, '');
    expect(spawnSync('chattr', ['+i', file]).status).toBe(0);
    try {
      const refused = await build('unlockable');
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        `Build failed: the build lock ${file} cannot be opened for writing (EPERM): builds of ${path.join(root, 'unlockable')} would not exclude each other; remove it (rm ${file}, after chattr -i if it is immutable) or run the build as the user who can write it`,
      ]);
      await expect(readdir(path.join(root, 'unlockable'))).rejects.toThrow(/ENOENT/);
    } finally {
      spawnSync('chattr', ['-i', file]);
    }
    expect((await build('unlockable')).code).toBe(0);
  });

  it.skipIf(!isRoot)("refuses to take a lock file left by root when building as another user (nobody)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sqbb-lock-owner-'));
    try {
      await chmod(dir, 0o755);
      await writeFile(path.join(dir, 'dist.lock'), '');
      // The lock module alone (Node strips its types), run as nobody: the build's first step.
      const script = `import(${JSON.stringify(path.join(ROOT, 'build/lock.ts'))}).then((lock) => { try { lock.acquireBuildLock(${JSON.stringify(path.join(dir, 'dist'))}, 0); console.log('taken'); } catch (error) { console.log(error.message); } })`;
      const result = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', script], { encoding: 'utf8' });
      expect(result.stdout.trim()).toBe(`the build lock ${path.join(dir, 'dist.lock')} cannot be opened for writing (EACCES): builds of ${path.join(dir, 'dist')} would not exclude each other; remove it (rm ${path.join(dir, 'dist.lock')}, after chattr -i if it is immutable) or run the build as the user who can write it`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  for (const [first, second] of [[[], []], [[], ['--clean']], [['--clean'], []], [['--clean'], ['--clean']]] as const) {
    it(`gives the site of a clean build when two builds start together (${first.join('') || 'cron'} + ${second.join('') || 'cron'})`, async () => {
      if (!existsSync(path.join(root, 'shared-cache'))) await warmCache('shared');
      await writePosts(40, `Ensemble ${first.length}${second.length}`);
      const expected = await cleanTree();
      const [a, b] = await Promise.all([build('shared', [...first]), build('shared', [...second])]);
      expect([a.code, b.code], `${a.stderr}${b.stderr}`).toEqual([0, 0]);
      expect(await readTree(path.join(root, 'shared'))).toEqual(expected);
      // The state both left is whole: the next run has nothing to do.
      const next = await build('shared');
      expect(next.stdout).toMatch(/^incremental: 0 new, 0 changed, 0 removed posts; 0 of [\d,]+ pages rendered/m);
    });
  }
});

describe('a build killed at any moment', () => {
  it('leaves a complete site served, and the next run makes the site of a clean build', async () => {
    await warmCache('killed');
    await writePosts(60, 'Avant');
    expect((await build('killed')).code).toBe(0);
    const delays = [30, 80, 150, 250, 400, 600, 900, 1300];
    for (const [index, delay] of delays.entries()) {
      await writePosts(60 + index * 7, `Version ${index}`);
      const child = spawn(process.execPath, args('killed'), { cwd: ROOT, stdio: 'ignore' });
      // Watched from the start: a build may end before the kill.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await exited;
      const site = path.join(root, 'killed');
      expect(await brokenLinks(site), `killed after ${delay} ms`).toEqual([]);
      expect((await readdir(site)).length, `killed after ${delay} ms`).toBeGreaterThan(10);
    }
    const leftovers = (await readdir(root)).filter((name) => name.startsWith('killed.staging-'));
    // Temporary files a kill can leave in the cache, as the writers name them.
    const cache = path.join(root, 'killed-cache');
    const temporary = [path.join(cache, 'media', 'tmp', 'abcd-400.webp.4242-00ff00ff')];
    await mkdir(path.join(cache, 'media', 'tmp'), { recursive: true });
    for (const file of temporary) await writeFile(file, 'half written');
    expect((await build('killed')).code).toBe(0);
    // The staging folders and temporary files of killed runs are removed by the next run.
    expect((await readdir(root)).filter((name) => leftovers.includes(name))).toEqual([]);
    for (const file of temporary) await expect(readFile(file), file).rejects.toThrow(/ENOENT/);
    expect(await readTree(path.join(root, 'killed'))).toEqual(await cleanTree());
  });
});

const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;

describe.skipIf(!canMount)('a full disk under the cache (a tmpfs of its own: root only)', () => {
  const cache = () => path.join(root, 'full-cache');
  afterAll(() => {
    spawnSync('umount', [cache()]);
  });

  it('fails on one line naming the state file, leaves the site online as it was, and the next run with room makes the clean site', async () => {
    await mkdir(cache(), { recursive: true });
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', cache()]).status).toBe(0);
    await cp(path.join(root, 'warm-cache', 'media'), path.join(cache(), 'media'), { recursive: true });
    const fullArgs = ['build/launch.mjs', '--content', content(), '--out', path.join(root, 'full'), '--cache', cache(), '--now', NOW];
    const fullBuild = () => run(process.execPath, fullArgs, { cwd: ROOT }).then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => error);
    await writePosts(30, 'Avant le disque plein');
    expect((await fullBuild()).code).toBe(0);
    const before = await readTree(path.join(root, 'full'));
    // The rest of the disk taken; then a change to publish.
    spawnSync('dd', ['if=/dev/zero', `of=${path.join(cache(), 'filler')}`, 'bs=1M', 'count=100'], { stdio: 'ignore' });
    await writePosts(400, 'Disque plein');
    const failed = await fullBuild();
    expect(failed.code).toBe(1);
    const lines = failed.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    // The message of issue 41 (tests/unit/write-failure-messages.test.ts tries the writes themselves).
    expect(lines[0]).toMatch(new RegExp(`^Build failed: (saving|writing) .*${cache()}/\\S+ failed: .*\\(the disk holding it is full: free some space there or point --cache / --out elsewhere, then build again\\)$`));
    expect(await readTree(path.join(root, 'full'))).toEqual(before);
    await rm(path.join(cache(), 'filler'));
    expect((await fullBuild()).code).toBe(0);
    expect(await readTree(path.join(root, 'full'))).toEqual(await cleanTree());
    expect(stateFile({ outDir: path.join(root, 'full'), cacheDir: cache() })).toContain(cache());
  });
});
