/**
 * A real server process on its own PostgreSQL database: a statement held up by a lock is
 * cancelled by the statement timeout (503), the database taken away (renamed, its connections
 * terminated; the shared server keeps running) gives 503 {detail} with Retry-After within the
 * timeout, and the server recovers by itself when the database is back. The whole log of the run
 * holds none of the emails or names it used.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedPostgresDatabase, startServer, stopServer, type RunningServer } from './server-process';

const TIMEOUT_MS = 1000;

describe('a database outage under a real server process', () => {
  let server: RunningServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await cleanup?.();
  });

  async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  it('answers 503 with Retry-After while the database is away or locked, then recovers by itself', async () => {
    const created = await migratedPostgresDatabase();
    const away = `${created.name}_away`;
    cleanup = async () => {
      await onServer((c) => c.query(`drop database if exists ${away} with (force)`));
      await created.drop();
    };
    server = await startServer({
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
      DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
      DB_POOL_TIMEOUT_MS: String(TIMEOUT_MS),
      // The one-step email login of the seed, so the test reads a student without the mail round trip.
      STUDENT_LOGIN: 'email',
    });
    const base = server.url;
    const person = { first_name: 'Philippa', last_name: 'Quillfeather', email: 'philippa.quillfeather@example.org' };
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    expect((await post('/api/students', person)).status).toBe(201);
    const login = () => fetch(`${base}/api/student/login/${encodeURIComponent(person.email)}`);
    expect((await login()).status).toBe(200);
    expect((await fetch(`${base}/api/students/${encodeURIComponent(person.email)}/id-status`)).status).toBe(401);
    expect(
      (
        await post('/api/support/messages', {
          name: 'Octavia Brindlecombe',
          email: 'octavia.b@example.org',
          message: 'Hi',
        })
      ).status,
    ).toBe(201);
    // A duplicate registration: a unique-constraint error inside the database, answered 400/409.
    expect((await post('/api/students', person)).status).toBeLessThan(500);

    async function expect503(label: string) {
      const started = Date.now();
      const res = await login();
      const elapsed = Date.now() - started;
      expect(res.status, label).toBe(503);
      expect(res.headers.get('retry-after'), label).toMatch(/^\d+$/);
      expect(await res.json(), label).toEqual({ detail: expect.any(String) });
      expect(elapsed, label).toBeLessThan(TIMEOUT_MS * 4 + 1000);
    }

    // 1. A long lock on the students table: the statement timeout cancels the query (57014) → 503.
    const locker = new pg.Client({ connectionString: created.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table students in access exclusive mode');
      await expect503('locked table');
      await locker.query('rollback');
    } finally {
      await locker.end();
    }
    expect((await login()).status).toBe(200);

    // 2. The database goes away: no new connections, existing ones terminated, then renamed.
    await onServer(async (c) => {
      await c.query(`alter database ${created.name} allow_connections false`);
      await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [created.name]);
      await c.query(`alter database ${created.name} rename to ${away}`);
    });
    await expect503('database renamed away');
    await expect503('still away');
    // Readiness says so; liveness does not (the process itself is fine).
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(503);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // 3. It comes back: the server recovers without a restart.
    await onServer(async (c) => {
      await c.query(`alter database ${away} rename to ${created.name}`);
      await c.query(`alter database ${created.name} allow_connections true`);
    });
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await login()).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);

    // 4. The log of the whole run: request lines name route patterns; no email or name appears.
    await stopServer(server);
    const output = server.output();
    expect(output).toContain('/api/student/login/:email');
    expect(output).toContain('database unavailable');
    for (const secret of [
      person.email,
      encodeURIComponent(person.email),
      person.first_name,
      person.last_name,
      'octavia.b@example.org',
      'Octavia',
      'Brindlecombe',
    ]) {
      expect(output.split(secret).length - 1, secret).toBe(0);
    }
  });
});
