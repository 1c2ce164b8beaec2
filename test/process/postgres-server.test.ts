import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../helpers/database';
import { startServer, stopServer, type RunningServer } from './server-process';

describe('the server process on PostgreSQL (DATABASE_URL)', () => {
  let server: RunningServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await drop?.();
  });

  it('migrates an empty database, serves, and keeps data across restarts; warns while no CPD number is set', async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      ADMIN_USERNAME: 'pg-admin',
      ADMIN_PASSWORD: 'pg-admin-password-1',
    };
    server = await startServer(env);
    const deep = await fetch(`${server.url}/admin/dashboard`);
    expect(deep.status).toBe(200);
    expect((await fetch(`${server.url}/api/nope`)).status).toBe(404);
    expect(await stopServer(server)).toBe(0);
    expect(server.output()).toContain('No CPD provider number');

    server = await startServer({ ...env, CPD_PROVIDER_NUMBER: 'CPD-PG-1' });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'pg-admin', password: 'pg-admin-password-1' }),
    });
    expect(login.status).toBe(200);
    expect(await stopServer(server)).toBe(0);
    expect(server.output()).not.toContain('No CPD provider number');
  });

  it('refuses test settings at a production start unless asked, naming each variable', async () => {
    const created = await createPostgresDatabase();
    try {
      const refused = await startServer(
        {
          DATABASE_URL: created.url,
          SESSION_SECRET: randomBytes(32).toString('hex'),
          ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
          ALLOW_TEST_SETTINGS: '0',
        },
        false,
      );
      expect(await refused.exited).toBe(1);
      for (const variable of ['SQUARE_ENVIRONMENT: is offline', 'SMTP_URL: is not set', 'PUBLIC_URL: must be'])
        expect(refused.output()).toContain(variable);
    } finally {
      await created.drop();
    }
  });

  it('says in one line, with the fix, when the database user may not create the tables', async () => {
    const created = await createPostgresDatabase();
    const role = `vbr_guest_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create role ${role} login`);
    try {
      const asGuest = Object.assign(new URL(created.url), { username: role }).toString();
      const denied = await startServer(
        {
          DATABASE_URL: asGuest,
          SESSION_SECRET: randomBytes(32).toString('hex'),
          ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
        },
        false,
      );
      expect(await denied.exited).toBe(1);
      expect(denied.output()).toContain("The database user may not create the site's tables");
      expect(denied.output()).toContain('createdb -O <user> <database>');
      // One line, not a DrizzleQueryError and its stack.
      expect(denied.output()).not.toMatch(/DrizzleQueryError|\n\s+at /);
    } finally {
      await created.drop();
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });
});
