/**
 * The database: the one given (tests), or opened and migrated from the config (PGlite in DATA_DIR, or
 * DATABASE_URL). Closed last, after the plugins registered later have closed (docs/decisions/009).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client';

export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database?: Database }) => {
    const { config } = app;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: path.join(config.dataDir, 'db'),
        statementTimeoutMs: config.database.statementTimeoutMs,
        poolTimeoutMs: config.database.poolTimeoutMs,
      }));
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
