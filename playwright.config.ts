import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/browser/chromium.js';

/** Browser tests run against the built site (`.tmp/site`, built by tests/run-all.sh) on loopback. */
const PORT = Number(process.env.TEST_PORT ?? 4173);
/** The built site (SITE_DIR, as tests/site reads it): several builds can be tested side by side. */
const SITE_DIR = process.env.SITE_DIR ?? '.tmp/site';

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  // Served by nginx with the generated server block: tests/browser/nginx.config.ts.
  testIgnore: '**/nginx.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.SITE_DIR ? `${SITE_DIR}-results.json` : '.tmp/results/browser.json' }]],
  // CI runs right after a working session, on 2 cores others may still load 4 times over: a timeout
  // only catches a hang, so each is several times what a loaded machine needs (CI's budget is 90 min).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  // A test tagged '@desktop-only' or '@phone-only' is not listed at all in the other project: a
  // `test.skip` inside the test would first open a page for nothing (1 to 2 s each on a loaded machine).
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', grepInvert: /@desktop-only/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: `npx http-server ${SITE_DIR} -a 127.0.0.1 -p ${PORT} -c-1 -s`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
