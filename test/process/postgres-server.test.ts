import { randomBytes } from 'node:crypto';
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
});
