/**
 * buildTestApp(): the real app on a fresh database (see database.ts), with a temporary DATA_DIR
 * for uploads. Use one per test file:
 *
 *   const t = await buildTestApp();      // in beforeAll
 *   const res = await t.app.inject({ method: 'GET', url: '/api/health' });
 *   await t.close();                     // in afterAll
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { Db } from '@server/db/client';
import { insertAdmin } from '../factories/admins';
import { createTestDatabase } from './database';
import type { AdminRole } from '@shared/statuses';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  /**
   * A bearer token of this admin (password TEST_ADMIN_PASSWORD), made on first use with this role (an
   * owner unless said), issued at the app's clock.
   */
  adminToken(username?: string, role?: AdminRole): Promise<string>;
  /** A bearer token for the given student id, issued at the app's clock. */
  studentToken(studentId: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'> {
  /** A built client to serve; by default there is none (API tests). */
  clientDir?: string;
}

export async function buildTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Tests register many students from one address; the registration throttle has its own test.
    REGISTRATION_RATE_LIMIT: '1000000',
    ...env,
  });
  const { clientDir, ...buildOptions } = options;
  config.clientDir = clientDir ?? path.join(dataDir, 'no-client');
  const database = await createTestDatabase();
  const app = await buildApp(config, { logger: false, ...buildOptions, database });
  const adminIds = new Map<string, string>();

  return {
    app,
    db: app.db,
    config,
    dataDir,
    async adminToken(username = 'admin', role: AdminRole = 'owner') {
      let id = adminIds.get(username);
      if (!id) {
        id = (await insertAdmin(app.db, username, role)).id;
        adminIds.set(username, id);
      }
      return app.tokens.adminToken(id, username, app.clock());
    },
    studentToken: (studentId) => app.tokens.studentToken(studentId, app.clock()),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
