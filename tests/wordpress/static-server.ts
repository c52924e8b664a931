import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A folder served on a loopback port (`port`, or a free one) by http-server, as a static host would (stopped by close). */
export async function serveFolder(dir: string, wanted?: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = wanted ?? (await freePort());
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/http-server/bin/http-server'), dir, '-a', '127.0.0.1', '-p', String(port), '-c-1', '-s'], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await (await fetch(`${origin}/`)).arrayBuffer();
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    close: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill();
      }),
  };
}
