import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.js';

/**
 * The team pages against a build made at a fixed mid-season time, so the home carousel has
 * upcoming matches whatever today's date is: `npx playwright test -c tests/browser/team.config.ts`.
 * The same spec also runs in the main suite (real build time) and adapts its home checks.
 */
export const TEAM_BUILD_NOW = '2026-01-15T12:00:00Z';
process.env.TEAM_BUILD_NOW = TEAM_BUILD_NOW;

const PORT = Number(process.env.TEAM_TEST_PORT ?? 4263);
const ROOT = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'team.spec.ts',
  // The tests of what the build's time changes; the others see the same pages as in the main suite.
  grep: /@build-time/,
  reporter: [['list'], ['json', { outputFile: path.join(ROOT, '.tmp/results/browser-team.json') }]],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command:
      `node build/launch.mjs --out .tmp/site-team --now ${TEAM_BUILD_NOW} --site-url http://127.0.0.1:${PORT}` +
      ` && npx http-server .tmp/site-team -a 127.0.0.1 -p ${PORT} -c-1 -s`,
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // A build first: minutes on a loaded machine.
    timeout: 600_000,
  },
});
