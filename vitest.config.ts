import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    // CI runs right after a working session, on 2 cores others may still load 4 times over: a test or
    // a beforeAll building a site takes a minute there. A timeout only catches a hang, so it is set
    // far above that (CI's budget is 90 minutes); a test giving its own timeout gives at least as much.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // The snapshot's images converted once for the files that only need a built site (warm-media.ts).
    globalSetup: ['tests/unit/warm-media-setup.ts'],
    // Vitest's default is one file at a time on 2 cores; many files wait on child builds and servers,
    // so two at once take the suite from about 173 s to 103 s here (twice in a row, all passing).
    maxWorkers: 2,
  },
});
