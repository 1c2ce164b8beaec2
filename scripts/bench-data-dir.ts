/**
 * Where a benchmark's embedded database starts: an empty directory (PGlite's initdb and every
 * migration at the first open), or, when BENCH_PGLITE_TEMPLATE names an already migrated PGlite data
 * directory, a copy of it. The smoke runs of the benchmark commands (test/process/benchmarks.test.ts)
 * set it, so they measure the commands, not initdb.
 */
import { cpSync } from 'node:fs';

/** Fills `pgliteDir` (a new, empty directory) from BENCH_PGLITE_TEMPLATE when it is set. */
export function preparePgliteDir(pgliteDir: string): void {
  const template = process.env.BENCH_PGLITE_TEMPLATE;
  if (template) cpSync(template, pgliteDir, { recursive: true });
}
