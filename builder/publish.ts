import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** An upload of a whole site over a slow link takes minutes; one that hangs longer is stopped. */
const PUBLISH_TIMEOUT_MS = 10 * 60_000;
/** The end of what the command printed, for the log line when it fails. */
const OUTPUT_TAIL = 2000;
/** What the command needs from the builder's environment stays out of its own (WP_APP_PASSWORD: no longer used, an older setup may still hold one). */
const SECRET_VARIABLES = ['BUILDER_SECRET', 'WP_APP_PASSWORD'];

export class PublishError extends Error {
  override name = 'PublishError';
}

/**
 * Runs the operator's publish command (`--publish` / BUILDER_PUBLISH) through the shell, in the
 * builder's folder, with SQBB_CHANGED_PATHS naming a file of the paths the build changed (one per
 * line, root-relative: `/actualites/article/12/index.html`, `/media/…`), removed ones included, so
 * that a CDN purge can be targeted; SQBB_OUT_DIR names the output folder. Resolves when it exits 0.
 */
export async function runPublish(command: string, changedPaths: readonly string[], outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sqbb-publish-'));
  const list = path.join(dir, 'changed-paths.txt');
  try {
    await writeFile(list, changedPaths.length > 0 ? `${changedPaths.join('\n')}\n` : '');
    const childEnv: NodeJS.ProcessEnv = { ...env, SQBB_CHANGED_PATHS: list, SQBB_OUT_DIR: outDir };
    for (const name of SECRET_VARIABLES) delete childEnv[name];
    await new Promise<void>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', command], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const timer = setTimeout(() => child.kill('SIGTERM'), PUBLISH_TIMEOUT_MS);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new PublishError(`the publish command could not start: ${error.message}`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) return resolve();
        const last = output.trim().split('\n').pop() ?? '';
        reject(new PublishError(`the publish command ${signal ? `was stopped (${signal})` : `exited with ${code}`}${last ? `: ${last}` : ''}`));
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
