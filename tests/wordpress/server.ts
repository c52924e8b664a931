import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WORDPRESS = '/usr/share/wordpress';
const HERE = import.meta.dirname;
const ROOT = path.resolve(HERE, '../..');
export const DEFAULT_SEED = path.join(HERE, 'seed/club-news.json');

export interface RunningWordPress {
  /** REST base as the README documents it: http://127.0.0.1:PORT/wp-json/wp/v2 */
  apiUrl: string;
  siteUrl: string;
  /** The web root (its wp-content/uploads holds the media). */
  root: string;
  /** Serves the same WordPress at a second address (another port), as a proxy or an internal name would; resolves with its origin. */
  addAddress(): Promise<string>;
  /** Stops PHP and MariaDB and removes the temporary folder; safe to call twice. */
  stop(): Promise<void>;
  /** Stops only the web server (WordPress unreachable, database kept), for failure tests. */
  stopWebServer(): Promise<void>;
  /** Runs PHP inside WordPress as its administrator (edits between two builds); resolves with what it printed. */
  php(code: string): Promise<string>;
}

/**
 * A throwaway WordPress from Debian's packages: MariaDB on a private socket (no TCP), PHP's built-in
 * server on 127.0.0.1 with a random free port, installed and seeded without any network.
 * Nothing outside a fresh temporary folder is written (Debian's /etc/wordpress is not used).
 */
export interface WordPressOptions {
  /** More must-use plugins (paths), beside tests/wordpress/php/mu-plugins/sqbb-test-site.php. */
  muPlugins?: string[];
  /** Environment of every PHP process (wp-config.php reads SQBB_BUILDER_URL and SQBB_BUILDER_SECRET from it). */
  env?: Record<string, string>;
  /** PHP's built-in server handles one request at a time unless told otherwise (the block editor sends several at once). */
  workers?: number;
}

export async function startWordPress(seedFile = DEFAULT_SEED, log: (line: string) => void = () => {}, options: WordPressOptions = {}): Promise<RunningWordPress> {
  await run('bash', [path.join(ROOT, 'tests/ensure-system-deps.sh')]);
  const dir = await mkdtemp(path.join(tmpdir(), 'sqbb-wp-'));
  const children: ChildProcess[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const child of children.reverse()) await terminate(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const socket = path.join(dir, 'mysql.sock');
    log('wordpress: starting MariaDB');
    children.push(await startMariaDb(dir, socket));
    await run('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', 'CREATE DATABASE wordpress CHARACTER SET utf8mb4']);
    const www = await prepareWebRoot(dir, options.muPlugins ?? []);
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      ...options.env,
      SQBB_WP_DB_SOCKET: socket,
      SQBB_WP_URL: siteUrl,
      HTTP_HOST: `127.0.0.1:${port}`,
      ...(options.workers ? { PHP_CLI_SERVER_WORKERS: String(options.workers) } : {}),
    };
    log('wordpress: installing and seeding');
    const { stdout } = await run('php', [path.join(HERE, 'php/setup.php'), www, seedFile], { env, maxBuffer: 10_000_000 });
    log(`wordpress: ${stdout.trim()}`);
    // Its own process group: with PHP_CLI_SERVER_WORKERS the server forks workers, stopped with it.
    const php = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', www, path.join(www, 'router.php')], { env, stdio: 'ignore', detached: true });
    children.push(php);
    const addAddress = async () => {
      const other = await freePort();
      children.push(spawn('php', ['-S', `127.0.0.1:${other}`, '-t', www, path.join(www, 'router.php')], { env, stdio: 'ignore', detached: true }));
      const origin = `http://127.0.0.1:${other}`;
      await waitFor(async () => (await fetch(`${origin}/wp-json/wp/v2/categories`)).ok, 'the second address to answer');
      return origin;
    };
    await waitFor(async () => {
      const response = await fetch(`${siteUrl}/wp-json/wp/v2/categories`);
      await response.arrayBuffer();
      return response.ok;
    }, 'the PHP server to answer');
    log(`wordpress: ready at ${siteUrl}`);
    return {
      apiUrl: `${siteUrl}/wp-json/wp/v2`,
      siteUrl,
      root: www,
      addAddress,
      stop,
      stopWebServer: () => terminate(php),
      php: async (code) => (await run('php', [path.join(HERE, 'php/eval.php'), www, code], { env })).stdout,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startMariaDb(dir: string, socket: string): Promise<ChildProcess> {
  const datadir = path.join(dir, 'db');
  const asRoot = process.getuid?.() === 0 ? ['--user=root'] : [];
  await run('mariadb-install-db', [
    '--no-defaults', `--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...asRoot,
  ]);
  const server = spawn(
    existsOnPath('mariadbd'),
    ['--no-defaults', `--datadir=${datadir}`, `--socket=${socket}`, '--skip-networking', `--pid-file=${path.join(dir, 'mariadb.pid')}`,
      `--log-error=${path.join(dir, 'mariadb.err')}`, '--innodb-buffer-pool-size=32M', ...asRoot],
    { stdio: 'ignore' },
  );
  await waitFor(async () => {
    await run('mariadb-admin', ['--no-defaults', `--socket=${socket}`, '-uroot', 'ping']);
    return true;
  }, 'MariaDB to accept connections');
  return server;
}

/** Debian installs mariadbd in /usr/sbin, which is not on every user's PATH. */
function existsOnPath(name: string): string {
  return existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name;
}

/** Debian's top-level PHP files copied (so ABSPATH is this folder), wp-admin and wp-includes linked. */
async function prepareWebRoot(dir: string, muPlugins: readonly string[]): Promise<string> {
  const www = path.join(dir, 'www');
  await mkdir(path.join(www, 'wp-content/uploads'), { recursive: true });
  for (const entry of await readdir(WORDPRESS, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.php') && entry.name !== 'wp-config.php') {
      await copyFile(path.join(WORDPRESS, entry.name), path.join(www, entry.name));
    }
  }
  // wp-admin's own scripts load ../wp-load.php from where they really are (PHP resolves links):
  // they are copied, so wp-admin runs this WordPress, and its folders linked.
  await mkdir(path.join(www, 'wp-admin'));
  for (const entry of await readdir(path.join(WORDPRESS, 'wp-admin'), { withFileTypes: true })) {
    const [from, to] = [path.join(WORDPRESS, 'wp-admin', entry.name), path.join(www, 'wp-admin', entry.name)];
    await (entry.isDirectory() ? symlink(from, to) : copyFile(from, to));
  }
  await symlink(path.join(WORDPRESS, 'wp-includes'), path.join(www, 'wp-includes'));
  for (const name of ['themes', 'plugins', 'languages']) {
    await symlink(path.join(WORDPRESS, 'wp-content', name), path.join(www, 'wp-content', name));
  }
  await copyFile(path.join(HERE, 'php/wp-config.php'), path.join(www, 'wp-config.php'));
  await copyFile(path.join(HERE, 'php/router.php'), path.join(www, 'router.php'));
  await mkdir(path.join(www, 'wp-content/mu-plugins'));
  await copyFile(path.join(HERE, 'php/mu-plugins/sqbb-test-site.php'), path.join(www, 'wp-content/mu-plugins/sqbb-test-site.php'));
  for (const plugin of muPlugins) await copyFile(plugin, path.join(www, 'wp-content/mu-plugins', path.basename(plugin)));
  return www;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}: ${(lastError as Error | undefined)?.message ?? 'no answer'}`);
}

/** Stops a child, and its process group when it has one of its own (PHP's server and its workers). */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    if (child.spawnargs.includes('-S') && child.pid !== undefined) {
      try {
        process.kill(-child.pid, name);
        return;
      } catch {
        // The group is gone already.
      }
    }
    child.kill(name);
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
