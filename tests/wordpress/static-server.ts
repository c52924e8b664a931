import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NGINX, nginxConf } from '../browser/nginx-server.mjs';
import { freePort } from './server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A folder served on a loopback port (`port`, or a free one) by http-server, as a static host would (stopped by close). */
export async function serveFolder(dir: string, wanted?: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = wanted ?? (await freePort());
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/http-server/bin/http-server'), dir, '-a', '127.0.0.1', '-p', String(port), '-c-1', '-s'], { stdio: 'ignore' });
  return whenServing(server, `http://127.0.0.1:${port}`);
}

/**
 * A built site served by Debian's nginx with the server block the build generated, as production
 * serves it: for a site a builder publishes into while it is read. http-server 14 dies when a file
 * goes between its stat and its read (an uncaught ENOENT in its charset sniffing), which a removed
 * post's page does; nginx answers such a request with the file or with the 404 page.
 */
export async function serveWithNginx(site: string, port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sqbb-wp-nginx-'));
  // Started by root, nginx reads the files as `nobody`, who cannot enter the test's private temp folders.
  const asRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(path.join(dir, 'nginx.conf'), asRoot + nginxConf({ site, port, dir }));
  const server = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  server.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return whenServing(server, `http://127.0.0.1:${port}`, 'SIGQUIT');
}

/** Resolves once `origin` answers; `close` stops the server (nginx quits gracefully on SIGQUIT). */
async function whenServing(server: ChildProcess, origin: string, stopSignal: NodeJS.Signals = 'SIGTERM'): Promise<{ origin: string; close: () => Promise<void> }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const home = await fetch(`${origin}/`);
      await home.arrayBuffer();
      if (home.ok) break;
      throw new Error(`${origin}/ answers ${home.status}`);
    } catch (error) {
      const ended = server.exitCode ?? server.signalCode;
      if (attempt > 100 || ended !== null) {
        // Not left running behind the failed test.
        if (ended === null) server.kill(stopSignal);
        throw new Error(`${origin} does not answer (its server ${ended === null ? 'was stopped' : `exited with ${ended}`})`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill(stopSignal);
      }),
  };
}
