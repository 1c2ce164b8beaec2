/**
 * Vitest globalSetup of the `process` project, whose tests start the real server as a child process
 * (test/process/server-process.ts):
 *
 * - builds what is missing or older than its sources (scripts/ensure-build.mjs): the tests run the
 *   compiled server, dist/node/main.js, as `npm start` does, and the SPA it serves;
 * - migrates one PGlite data directory per run; a test copies it into its DATA_DIR
 *   (`migratedDataDir`) instead of running PGlite's initdb and every migration again;
 * - with TEST_DATABASE_URL, migrates one template database; a test creates its database from it
 *   (`migratedPostgresDatabase`).
 *
 * Tests of a first start on an empty database (the embedded first start, migrating PostgreSQL, two
 * processes migrating one database at once) do not use these. Both are removed at teardown.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@server/db/client';
import { createPostgresDatabase } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (DATA_DIR/db) to copy. */
    processPgliteTemplate?: string;
    /** Name of a migrated template database on the TEST_DATABASE_URL server. */
    processPostgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const cleanups: Array<() => Promise<void> | void> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await Promise.all([
      (async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'vbr-process-template-'));
        cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
        const pgliteDir = path.join(dir, 'db');
        await (await openDatabase({ pgliteDir })).close();
        project.provide('processPgliteTemplate', pgliteDir);
      })(),
      (async () => {
        if (!process.env.TEST_DATABASE_URL) return;
        const template = await createPostgresDatabase({
          name: `vbr_process_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`,
        });
        cleanups.push(template.drop);
        await (await openDatabase({ databaseUrl: template.url })).close();
        project.provide('processPostgresTemplate', template.name);
      })(),
    ]);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
