import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
    // Several files build a whole site in beforeAll; on a busy 2-core machine that takes more than the default 10 s.
    hookTimeout: 120_000,
    // Vitest's default is one file at a time on 2 cores; many files wait on child builds and servers,
    // so two at once take the suite from about 173 s to 103 s here (twice in a row, all passing).
    maxWorkers: 2,
  },
});
