import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // Several files build a whole site in beforeAll; on a busy 2-core machine that takes more than the default 10 s.
    hookTimeout: 120_000,
  },
});
