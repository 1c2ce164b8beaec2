/**
 * One schema, two engines: PGlite (Postgres compiled to WASM, persisted in DATA_DIR) by default,
 * a PostgreSQL server when DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; ':memory:' keeps everything in memory (tests). */
  pgliteDir?: string;
  /**
   * A PGlite data directory dump (PGlite's `dumpDataDir()`) to start from, for an in-memory
   * database: tests open an already migrated copy instead of running every migration again.
   */
  pgliteSnapshot?: Blob;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.pgliteDir ?? ':memory:', options.pgliteSnapshot);
  if (options.migrate !== false) {
    try {
      if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder });
      else await migratePg(database.db as never, { migrationsFolder });
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  let dataDir: string | undefined;
  if (dir !== ':memory:') {
    dataDir = path.resolve(dir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: snapshot, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database closed');
      await client.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export { schema };
