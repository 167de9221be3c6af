import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: each test file starts the built server (apps/server/dist) on its own port and
 * database, and drives the built web app (apps/web/dist) in Debian's chromium. Build both first
 * (`npm run build`). Files run one after another: each holds a server and a browser.
 */
export default defineConfig({
  test: {
    name: 'browser',
    include: ['apps/web/e2e/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/browser.json' },
  },
});
