import { defineConfig } from 'vitest/config';

/**
 * The integration suite runs twice: on SQLite, and on PostgreSQL (TEST_DATABASE_URL). Each test file
 * makes and drops its own database. In CI a missing PostgreSQL fails the run instead of skipping it.
 */
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres && process.env.CI === 'true') {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite may not be skipped in CI.');
}
if (!hasPostgres) console.warn('TEST_DATABASE_URL is not set: running the SQLite suite only.');

const include = ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const common = { include, testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/integration.json' },
    projects: [
      { test: { ...common, name: 'sqlite', env: { TEST_DIALECT: 'sqlite' } } },
      ...(hasPostgres ? [{ test: { ...common, name: 'postgresql', env: { TEST_DIALECT: 'postgresql' } } }] : []),
    ],
  },
});
