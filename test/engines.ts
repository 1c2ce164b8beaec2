/**
 * Which database engines each API test file runs on, read from its first line (vitest.config.ts
 * builds the pglite and postgres projects from it; test/engines.test.ts checks every file):
 *
 *   // engines: both   it touches the database (opens one, writes through factories or SQL, or calls
 *                      routes that query): PGlite always, and PostgreSQL when TEST_DATABASE_URL is set.
 *   // engines: once   its outcome cannot depend on the engine (built files, OpenAPI, PDF rendering):
 *                      once, in the pglite project (buildTestApp still needs a database to start).
 *
 * The real server process's tests (test/process/) have their own project and no marker; so has the
 * check itself (test/engines.test.ts, in the unit project: it needs no database).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Engines = 'both' | 'once';

const root = path.resolve(import.meta.dirname, '..');
const MARKER = /^\/\/ engines: (both|once)\s*$/;

export const ENGINES_CHECK = 'test/engines.test.ts';

/** The test files under test/ that run in a database project, relative to the repository root. */
export function apiTestFiles(): string[] {
  return readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join('test', file.split(path.sep).join('/')))
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/process/') && file !== ENGINES_CHECK)
    .sort();
}

export const readTestFile = (file: string): string => readFileSync(path.join(root, file), 'utf8');

/** The marker on the first line, or undefined when there is none. */
export function engineMarker(source: string): Engines | undefined {
  const firstLine = source.split('\n', 1)[0] ?? '';
  return MARKER.exec(firstLine)?.[1] as Engines | undefined;
}

/**
 * What in a test's source reaches the database, apart from starting the app: a file marked `once`
 * must have none. Requests to routes that query cannot be seen here: mark a file `once` only after
 * checking that its assertions cannot depend on what a query returns.
 */
const DATABASE_USES: [RegExp, string][] = [
  [/from '\.\.\/factories'/, 'imports the factories (they insert rows)'],
  [/from '\.\.\/helpers\/(database|enrolment|table-counts)'/, 'imports a database helper'],
  [/from '@server\/(db|domain|jobs)\//, 'imports database, domain or job code'],
  [/from '(drizzle-orm[^']*|pg|@electric-sql\/pglite[^']*)'/, 'imports a database driver'],
  [/\.db\b/, 'reads the app’s database handle (t.db)'],
  [/\badminToken\(/, 'creates an admin row (adminToken)'],
  [/\.jobs\./, 'runs background jobs, which query'],
  [/\b(createTestDatabase|openDatabase)\b/, 'opens a database'],
];

export function databaseUses(source: string): string[] {
  return DATABASE_USES.filter(([pattern]) => pattern.test(source)).map(([, reason]) => reason);
}

/** The api test files by project: unmarked files run on both engines (and fail the marker check). */
export function filesByEngines(): { both: string[]; once: string[] } {
  const both: string[] = [];
  const once: string[] = [];
  for (const file of apiTestFiles()) (engineMarker(readTestFile(file)) === 'once' ? once : both).push(file);
  return { both, once };
}
