/**
 * A fresh, migrated database per test file: PGlite in memory, or (TEST_DB=postgres) a new database on
 * the TEST_DATABASE_URL server that is dropped afterwards. Neither runs the migrations: the globalSetup
 * test/setup/migrated-database.ts migrated once per run, and each database here is a copy of that
 * (PGlite: loaded from its dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@server/db/client';

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testDbKind === 'pglite') {
    const snapshot = await migratedPgliteSnapshot();
    return openDatabase({ pgliteDir: ':memory:', pgliteSnapshot: snapshot, migrate: !snapshot });
  }
  const template = inject('postgresTemplate');
  const { url, drop } = await createPostgresDatabase({ template });
  const database = await openDatabase({ databaseUrl: url, migrate: !template }).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Read once per worker: the tarball the globalSetup wrote (undefined outside the pglite project). */
let snapshot: Promise<Blob> | undefined;
function migratedPgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  if (!file) return Promise.resolve(undefined);
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * Creates a database on the TEST_DATABASE_URL server, empty unless `template` names a database to
 * copy; `drop` removes it.
 */
export async function createPostgresDatabase(
  options: { template?: string; name?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = options.name ?? `vbr_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
