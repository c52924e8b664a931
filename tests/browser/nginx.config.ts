import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.js';

/**
 * tests/browser/nginx.spec.ts against Debian's nginx serving .tmp/site (built by tests/run-all.sh)
 * with the server block the build generated: `npx playwright test -c tests/browser/nginx.config.ts`.
 * tests/browser/nginx-server.mjs starts nginx as the current user (temp prefix, `daemon off`) and
 * stops it when Playwright sends SIGTERM at the end.
 */
const PORT = Number(process.env.NGINX_TEST_PORT ?? 4175);
const ROOT = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'nginx.spec.ts',
  testIgnore: [],
  reporter: [['list'], ['json', { outputFile: path.join(ROOT, '.tmp/results/browser-nginx.json') }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `node tests/browser/nginx-server.mjs .tmp/site ${PORT}`,
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
