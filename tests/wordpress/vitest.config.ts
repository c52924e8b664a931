import { defineConfig } from 'vitest/config';

/** The integration test against a real WordPress (Debian packages), run by tests/run-all.sh. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/wordpress/**/*.test.ts'],
    environment: 'node',
    // Far above what a machine loaded 4 times over needs (CI runs right after a working session).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
