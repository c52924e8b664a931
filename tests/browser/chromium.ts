import { existsSync } from 'node:fs';

/** Flags the closed network needs: without them Chromium floods it with background requests. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium (Playwright never downloads a browser here). */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
  }
  return path;
}
