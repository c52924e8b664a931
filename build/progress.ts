let muted = false;

/** The builder service logs one line of its own per build: the build's own lines are silenced meanwhile. */
export function muteLog(mute: boolean): void {
  muted = mute;
}

export function log(line: string): void {
  if (!muted) process.stdout.write(`${line}\n`);
}

/** A progress bar on an interactive terminal; plain lines under CI or when piped. */
export function createProgress(label: string) {
  const tty = Boolean(process.stdout.isTTY) && !process.env.CI;
  let lastShown = -1;
  return {
    update(done: number, total: number): void {
      if (!tty || total === 0) return;
      const percent = Math.floor((done / total) * 100);
      if (percent === lastShown) return;
      lastShown = percent;
      const width = 24;
      const filled = Math.round((percent / 100) * width);
      process.stdout.write(`\r${label.padEnd(10)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${percent}% ${done}/${total}`);
    },
    done(summary: string): void {
      if (tty) process.stdout.write('\r\x1b[2K');
      log(`${label.padEnd(10)} ${summary}`);
    },
  };
}
