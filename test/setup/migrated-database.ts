/**
 * Vitest globalSetup of the database projects: runs the migrations once per run, and each test file
 * then starts from a copy of the result (test/helpers/database.ts) instead of migrating again.
 *
 * - pglite: a migrated in-memory PGlite is dumped (`dumpDataDir()`) to a tarball in a temporary
 *   directory; its path is provided to the test files as `pgliteSnapshot`.
 * - postgres: a template database with a unique name is migrated on the TEST_DATABASE_URL server;
 *   its name is provided as `postgresTemplate`, and each file runs CREATE DATABASE … TEMPLATE it.
 *
 * Both are removed at teardown.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@server/db/client';
import { createPostgresDatabase } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data directory (pglite project). */
    pgliteSnapshot?: string;
    /** Name of a migrated template database on the TEST_DATABASE_URL server (postgres project). */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.TEST_DB;
  if (kind === 'pglite') return pgliteSnapshot(project);
  if (kind === 'postgres') return postgresTemplate(project);
  throw new Error(`test/setup/migrated-database.ts: unknown TEST_DB ${String(kind)}`);
}

async function pgliteSnapshot(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'vbr-pglite-snapshot-'));
  const database = await openDatabase({ pgliteDir: ':memory:' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
  } finally {
    await database.close();
  }
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const template = await createPostgresDatabase({
    name: `vbr_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`,
  });
  try {
    const database = await openDatabase({ databaseUrl: template.url });
    await database.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
