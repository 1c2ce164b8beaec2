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
import { migrationsFolder } from '../paths';
import { lockDataDir } from './data-dir-lock';
import { listenPglite, listenPostgres, type Subscription } from './notifications';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Connections checked out and requests waiting for one (PostgreSQL's pool). PGlite has one
   * in-process connection and no pool: both 0.
   */
  poolStats(): { inUse: number; waiting: number };
  /** Calls `onChange` on every NOTIFY on `channel` (notifications.ts). */
  listen(channel: string, onChange: () => void): Promise<Subscription>;
  close(): Promise<void>;
}

/** The extensions every PGlite database of the app is opened with (the backup command uses them too). */
export const PGLITE_EXTENSIONS = { pg_trgm };

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
  /** PostgreSQL: statement timeout (ms, default 5000); a cancelled statement is a 503. */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long to wait for a pooled connection (ms, default 5000). */
  poolTimeoutMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    if (options.migrate !== false) await migratePostgres(options.databaseUrl);
    return openPostgres(options.databaseUrl, options);
  }
  const database = await openPglite(options.pgliteDir ?? ':memory:', options.pgliteSnapshot);
  if (options.migrate !== false) {
    try {
      await migratePglite(database.db as never, { migrationsFolder });
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

/** The advisory lock key every process takes around the migrations (any stable 64-bit number). */
const MIGRATION_LOCK = sql`hashtextextended('vbr-migrations', 0)`;

/**
 * Runs the migrations on one connection of their own, without the statement timeout (an index build
 * may take longer), under a session-level advisory lock: processes starting at once on one database
 * migrate one after the other, and those that come after find nothing left to do. The lock goes with
 * the connection, also when the process dies.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzlePg(client, { schema });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migratePg(db, { migrationsFolder });
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await client.end();
  }
}

function openPostgres(url: string, options: OpenOptions): Database {
  const statementTimeoutMs = options.statementTimeoutMs ?? 5000;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Waiting for a free connection (or for a new one to open) gives up after this: a 503, not a hang.
    connectionTimeoutMillis: options.poolTimeoutMs ?? 5000,
    // The server cancels a statement that runs longer (57014); the client gives up a little later
    // in case the server does not answer at all.
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 2000 }
      : {}),
  });
  // A client that loses its connection emits 'error'; unheard, that error would end the process.
  // The pool listens only while a client is idle (it removes its listener at checkout), so each
  // client gets a listener of its own for the time it is checked out too. The query in flight
  // fails by itself (a 503, db/errors.ts), and the pool discards a client that is no longer
  // queryable when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onChange) => listenPostgres(url, channel, onChange),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (dir !== ':memory:') {
    dataDir = path.resolve(dir);
    mkdirSync(dataDir, { recursive: true });
    // One process at a time in DATA_DIR (data-dir-lock.ts): refused here, before PGlite touches a file.
    unlock = lockDataDir(path.dirname(dataDir), thisProcess());
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir: snapshot, extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    unlock();
    throw error;
  }
  // PGlite and drizzle as they come (docs/decisions/030): the behaviour relied on is pinned by
  // src/server/db/pglite-behaviour.test.ts and test/foundation/database-engines.test.ts.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ inUse: 0, waiting: 0 }),
    ping: async () => {
      if (closed) throw new Error('database closed');
      await client.query('select 1');
    },
    listen: (channel, onChange) => listenPglite(client, channel, onChange),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      unlock();
    },
  };
}

/** What the lock says holds DATA_DIR: `main.js`, `admin.js create staff1`. */
function thisProcess(): string {
  return [path.basename(process.argv[1] ?? 'node'), ...process.argv.slice(2)].join(' ');
}

export { schema };
