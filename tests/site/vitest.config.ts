import { defineConfig } from 'vitest/config';

/** Checks over the whole built site (.tmp/site, built by tests/run-all.sh before this runs). */
export default defineConfig({
  test: {
    include: ['tests/site/**/*.test.ts'],
    environment: 'node',
    // Far above what a machine loaded 4 times over needs (CI runs right after a working session).
    testTimeout: 300_000,
    // Each file reads and parses every page of the site on its own (about 2 to 4 s each, CPU only):
    // two at once on CI's two cores (vitest's default there is one).
    maxWorkers: 2,
  },
});
