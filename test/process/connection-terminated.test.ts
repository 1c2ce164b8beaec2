/**
 * A real server process on PostgreSQL while its connections are cut inside transactions: a loop
 * terminates every backend of the database that is `idle in transaction` (what an operator's
 * pg_terminate_backend, a failover or a proxy restart does), under 50 concurrent mixed requests
 * (card payments, student reads, admin reads and Mark Paid) for 10 s. The process stays up, every
 * answer is 2xx, 4xx or 503 `{detail}` with Retry-After, and the money invariants hold afterwards.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { courseSchedule } from '@shared/schedule';
import { migratedPostgresDatabase, runCommand, startServer, stopServer, type RunningServer } from './server-process';

const RUN_MS = 10_000;
const CONCURRENCY = 50;

describe('PostgreSQL connections terminated inside transactions', () => {
  let server: RunningServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    await drop?.();
  });

  it('keeps the process up and answers 503 for the requests whose connection was cut', async () => {
    const created = await migratedPostgresDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      ADMIN_USERNAME: 'cut-admin',
      ADMIN_PASSWORD: 'cut-admin-password-1',
      REGISTRATION_RATE_LIMIT: '1000000',
      DB_STATEMENT_TIMEOUT_MS: '3000',
      DB_POOL_TIMEOUT_MS: '3000',
    };
    server = await startServer(env);
    const base = server.url;
    const running = server;
    const startDate = courseSchedule()[0]!.start_date;

    const statuses = new Map<number, number>();
    const bad: string[] = [];
    async function call(method: string, path: string, body?: unknown, token?: string): Promise<Response | undefined> {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        bad.push(`${method} ${path}: no answer (${(error as Error).message})`);
        return undefined;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const ok = res.status < 500 || res.status === 503;
      if (!ok) bad.push(`${method} ${path}: ${res.status}`);
      if (res.status === 503) {
        const json = (await res.clone().json()) as unknown;
        if (!res.headers.get('retry-after')?.match(/^\d+$/)) bad.push(`${method} ${path}: 503 without Retry-After`);
        if (typeof (json as { detail?: unknown }).detail !== 'string')
          bad.push(`${method} ${path}: 503 without detail`);
      }
      return res;
    }

    const adminLogin = await call('POST', '/api/admin/login', {
      username: env.ADMIN_USERNAME,
      password: env.ADMIN_PASSWORD,
    });
    const adminToken = ((await adminLogin!.json()) as { access_token: string }).access_token;

    /** Registers a student with a chosen course; undefined when a step did not succeed. */
    async function register(label: string) {
      const res = await call('POST', '/api/students', {
        first_name: 'Cut',
        last_name: `Student ${label}`,
        email: `cut-${label}-${randomUUID().slice(0, 8)}@example.org`,
      });
      if (res?.status !== 201) return undefined;
      const student = (await res.json()) as { id: string; token: string };
      const chosen = await call(
        'POST',
        `/api/students/${student.id}/course-selection`,
        { course_type: 'foundation', course_start_date: startDate },
        student.token,
      );
      return chosen?.status === 200 ? student : undefined;
    }

    const readers = await Promise.all(Array.from({ length: 5 }, (_, i) => register(`reader-${i}`)));

    // The loop that cuts connections, on a client of its own.
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    let terminated = 0;
    const deadline = Date.now() + RUN_MS;
    const killing = (async () => {
      while (Date.now() < deadline) {
        const result = await killer.query<{ pg_terminate_backend: boolean }>(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = $1 and state = 'idle in transaction' and pid <> pg_backend_pid()`,
          [created.name],
        );
        terminated += result.rows.filter((r) => r.pg_terminate_backend).length;
        // The loop's pace (it runs until the deadline), not a wait for something.
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    let round = 0;
    async function worker(index: number) {
      while (Date.now() < deadline && running.child.exitCode === null) {
        round += 1;
        const kind = index % 3;
        if (kind === 0) {
          const student = await register(`pay-${round}`);
          if (!student) continue;
          await call(
            'POST',
            '/api/square/create-payment',
            {
              source_id: 'cnon:card-nonce-ok',
              student_id: student.id,
              amount: 84.99,
              currency: 'GBP',
              payment_type: 'combined',
              idempotency_key: randomUUID(),
              terms_accepted: true,
            },
            student.token,
          );
        } else if (kind === 1) {
          const reader = readers[round % readers.length];
          if (reader) await call('GET', `/api/student/${reader.id}`, undefined, reader.token);
          await call('GET', '/api/recent-signups');
        } else {
          await call('GET', '/api/admin/stats', undefined, adminToken);
          await call('GET', '/api/admin/students?page=1&page_size=20', undefined, adminToken);
          const student = await register(`manual-${round}`);
          if (student)
            await call('POST', `/api/admin/students/${student.id}/mark-paid`, { payment_type: 'both' }, adminToken);
        }
      }
    }
    await Promise.all([killing, ...Array.from({ length: CONCURRENCY }, (_, i) => worker(i))]);
    await killer.end();

    const summary = `terminated ${terminated}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
    console.log(summary);
    expect(running.child.exitCode, `${summary}\n${running.output()}`).toBeNull();
    expect(bad.slice(0, 10), summary).toEqual([]);
    // The loop did cut connections in the middle of requests, and some of them were answered 503.
    expect(terminated, summary).toBeGreaterThan(0);
    expect(statuses.get(503) ?? 0, summary).toBeGreaterThan(0);
    expect(statuses.get(200) ?? 0, summary).toBeGreaterThan(0);
    // Still serving once the loop has stopped.
    expect((await call('GET', '/api/admin/stats', undefined, adminToken))?.status).toBe(200);

    expect(await stopServer(running)).toBe(0);
    expect(running.output()).not.toMatch(/Unhandled 'error' event/);
    const ledger = await runCommand('check-ledger', [], env);
    expect(ledger.stdout + ledger.stderr).toContain('Ledger OK');
    expect(ledger.code).toBe(0);
  });
});
