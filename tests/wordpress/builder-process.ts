import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BuilderProcess {
  url: string;
  /** Every line it logged, without the time. */
  lines: string[];
  /** When each line came (performance.now() of this process). */
  times: number[];
  /** The first line from `from` on that matches; waits for it. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

/** `npm run builder` as an operator runs it (its own process group, stopped with SIGTERM). */
export async function startBuilderProcess(env: Record<string, string>, log: (line: string) => void = () => {}): Promise<BuilderProcess> {
  const child = spawn('npm', ['run', '--silent', 'builder'], { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const times: number[] = [];
  let rest = '';
  const take = (chunk: Buffer) => {
    rest += chunk.toString('utf8');
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      const line = part.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, '');
      lines.push(line);
      times.push(performance.now());
      log(`builder: ${line}`);
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitFor = async (pattern: RegExp, from = 0, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.slice(from).find((line) => pattern.test(line));
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`the builder exited (${child.exitCode}):\n${lines.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`no builder line ${pattern} in ${timeoutMs / 1000} s:\n${lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const listening = await waitFor(/^builder listening on (http:\S+):/);
  return {
    url: /^builder listening on (http:\S+):/.exec(listening)?.[1] as string,
    lines,
    times,
    waitFor,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
