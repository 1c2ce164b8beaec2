import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * API tests (test/**) run once per database: always on PGlite, and on the PostgreSQL server when
 * TEST_DATABASE_URL is set. Unit tests beside the code (src/**) and tests that start the real
 * server process (test/process/**) run once.
 */
const apiTests = ['test/**/*.test.ts'];
const runOnce = ['test/process/**'];

const dbProject = (name: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: { name, include: apiTests, exclude: runOnce, env: { TEST_DB: name } },
});

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'unit', include: ['src/**/*.test.ts'] } },
  { test: { name: 'process', include: ['test/process/**/*.test.ts'] } },
  dbProject('pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(dbProject('postgres'));

export default defineConfig({
  test: {
    projects,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
