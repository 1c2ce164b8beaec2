import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { pathAliases } from './path-aliases';
import { ENGINES_CHECK, filesByEngines } from './test/engines';

/**
 * Projects:
 * - unit: the tests beside the code (src/**, scripts/**) and the engine marker check, no database.
 * - pglite: every API test (test/**, but test/process) on PGlite.
 * - postgres (only when TEST_DATABASE_URL is set): the API tests that touch the database, again on
 *   the PostgreSQL server.
 * - process: tests that start the real server process (test/process/**).
 *
 * Each API test file says on its first line which engines it runs on (test/engines.ts):
 * `// engines: both` when it touches the database, `// engines: once` when its outcome cannot depend
 * on the engine (built files, OpenAPI, PDF rendering). test/engines.test.ts fails when a file has no
 * marker or a file marked `once` uses the database; an unmarked file runs on both meanwhile.
 * `npm run test:quick` runs unit and pglite only.
 */
const apiFiles = filesByEngines();

const dbProject = (name: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: name === 'pglite' ? [...apiFiles.both, ...apiFiles.once] : apiFiles.both,
    env: { TEST_DB: name },
    // Migrates once per run; each file starts from a copy (test/helpers/database.ts).
    globalSetup: ['test/setup/migrated-database.ts'],
    // One worker process runs file after file, so the app, PGlite's WebAssembly and the Square SDK
    // are loaded once per worker instead of once per file. Each file still builds its own app on its
    // own database (test/helpers/app.ts), and no module keeps per-test state.
    isolate: false,
  },
});

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', ENGINES_CHECK] } },
  {
    extends: true,
    test: {
      name: 'process',
      testTimeout: 180_000,
      // Builds the server, migrates once per run; each test starts from a copy (test/setup/process-server.ts).
      globalSetup: ['test/setup/process-server.ts'],
      include: [
        'test/process/embedded-server.test.ts',
        'test/process/stalled-uploads.test.ts',
        'test/process/reconcile-crash.test.ts',
        'test/process/email-restart.test.ts',
        'test/process/backup-restore.test.ts',
        'test/process/benchmarks.test.ts',
        ...(withPostgres
          ? [
              'test/process/postgres-server.test.ts',
              'test/process/database-outage.test.ts',
              'test/process/connection-terminated.test.ts',
              'test/process/course-dates-listener.test.ts',
              'test/process/live-pages.test.ts',
              'test/process/several-processes.test.ts',
              'test/process/release.test.ts',
              'test/process/rolling-restart.test.ts',
              'test/process/runbook-commands.test.ts',
              'test/process/readme-commands.test.ts',
            ]
          : []),
      ],
    },
  },
  dbProject('pglite'),
];
if (withPostgres) projects.push(dbProject('postgres'));

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    projects,
    // A test fails when it prints an unexpected console.error (allowConsoleError to expect one).
    setupFiles: ['test/setup/console-errors.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads start faster than forked processes and run PGlite just as well. At least two
    // workers: Vitest's default (one less than the cores) would be one on a 2-core machine, where
    // two still finish the API tests about a quarter sooner.
    pool: 'threads',
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
