import { defineConfig } from 'vitest/config';

/** Checks over the whole built site (.tmp/site, built by tests/run-all.sh before this runs). */
export default defineConfig({
  test: {
    include: ['tests/site/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
