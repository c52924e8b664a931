import { defineConfig } from 'vitest/config';

/** The integration test against a real WordPress (Debian packages), run by tests/run-all.sh. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/wordpress/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
