/**
 * Two app processes behave as one site. Both run the real server (dist/node/main.js)
 * with the same DATABASE_URL (a fresh, empty PostgreSQL database), REDIS_URL (a private
 * redis-server), secrets and SMTP server, each with its own DATA_DIR; nginx round-robins over them
 * with the site's own nginx file (deploy/nginx-site.conf, test/process/nginx.ts), and every request
 * below goes through nginx. `X-Upstream` tells which process answered. A rolling restart of both:
 * test/process/rolling-restart.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from '@shared/catalogue';
import { courseSchedule } from '@shared/schedule';
import { createPostgresDatabase } from '../helpers/database';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { pngBytes } from '../helpers/uploads';
import { startNginx, type RunningNginx } from './nginx';
import { startPrivateRedis, type PrivateRedis } from './redis-server';
import { startServer, stopServer, type RunningServer } from './server-process';

const ADMIN = { username: 'lb-admin', password: 'lb-admin-password-1' };
const FEE_POUNDS = DEFAULT_CATALOGUE.enrolment_fee_pence / 100;
const REDIS_DOWN = 'Redis is unreachable';
const REDIS_BACK = 'Redis is reachable again';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** The process that answered (host:port), the last one when nginx passed the request on. */
  upstream: string;
}

describe('two app processes behind nginx', () => {
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'vbr-lb-')));
  /** The release before this one, as an upgrade leaves it (/opt/vbr/previous): one built file of its own. */
  const previousRelease = mkdtempSync(path.join(tmpdir(), 'vbr-lb-previous-'));
  const PREVIOUS_ASSET = '/assets/earlier-release-Dx3f9a1B.js';
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let redis: PrivateRedis | undefined;
  let smtp: TestSmtp | undefined;
  let nginx: RunningNginx | undefined;
  let servers: RunningServer[] = [];

  /** One request through nginx. `from` sets the client address the app sees (nginx appends its own). */
  async function call(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; from?: string } = {},
  ): Promise<Answer> {
    const res = await fetch(`${nginx!.url}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    const upstream = (res.headers.get('x-upstream') ?? '').split(',').at(-1)!.trim();
    return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : {}, upstream };
  }

  const register = (email: string, from: string) =>
    call('POST', '/api/students', { body: { first_name: 'Lb', last_name: 'Student', email }, from });

  const payFee = (student: { id: string; token: string }, key: string) =>
    call('POST', '/api/square/create-payment', {
      token: student.token,
      body: {
        source_id: 'cnon:card-nonce-ok',
        student_id: student.id,
        amount: FEE_POUNDS,
        currency: 'GBP',
        payment_type: 'enrollment',
        idempotency_key: key,
        terms_accepted: true,
      },
    });

  const adminLogin = (password: string, from: string) =>
    call('POST', '/api/admin/login', { body: { username: ADMIN.username, password }, from });

  /** Repeats `request` until both processes have answered it (round robin: two or three tries). */
  async function onBoth(request: () => Promise<Answer>): Promise<Answer[]> {
    const answers: Answer[] = [];
    while (new Set(answers.map((a) => a.upstream)).size < 2) {
      if (answers.length >= 4) throw new Error(`one process answered every time: ${JSON.stringify(answers)}`);
      answers.push(await request());
    }
    return answers;
  }

  beforeAll(async () => {
    database = await createPostgresDatabase();
    redis = await startPrivateRedis();
    smtp = await startTestSmtp();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      EMAIL_POLL_MS: '200',
      TRUST_PROXY: 'loopback',
      REGISTRATION_RATE_LIMIT: '5',
      SHUTDOWN_TIMEOUT_MS: '8000',
    };
    // Both at once on the empty database: they migrate it and create the admin together.
    servers = await Promise.all(dataDirs.map((dir) => startServer({ ...env, DATA_DIR: dir })));
    // nginx's workers (an unprivileged user when nginx starts as root) read the files.
    chmodSync(previousRelease, 0o755);
    mkdirSync(path.join(previousRelease, 'dist/client/assets'), { recursive: true });
    writeFileSync(path.join(previousRelease, 'dist/client', PREVIOUS_ASSET), 'export const earlier = 1;\n');
    nginx = await startNginx(
      servers.map((s) => s.url),
      { previous: previousRelease },
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s, 'SIGKILL')));
    await nginx?.stop();
    await redis?.kill();
    await smtp?.close();
    await database?.drop();
    for (const dir of [...dataDirs, previousRelease]) rmSync(dir, { recursive: true, force: true });
  });

  it('migrates an empty database once when both processes start at once, and both are ready', async () => {
    for (const server of servers) expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      const admins = await client.query('select count(*)::int as n from admins');
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('serves built files from disk, cached for a year, from the previous release too; never from a process', async () => {
    const landing = await fetch(`${nginx!.url}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('x-upstream')).toMatch(/^127\.0\.0\.1:\d+$/);
    const asset = /\/assets\/[\w.-]+\.js/.exec(await landing.text())?.[0];
    expect(asset).toBeDefined();
    for (const file of [asset!, PREVIOUS_ASSET]) {
      const res = await fetch(`${nginx!.url}${file}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-upstream')).toBeNull();
      await res.arrayBuffer();
    }
    // The build's precompressed .gz beside the file (gzip_static).
    const zipped = await fetch(`${nginx!.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    await zipped.arrayBuffer();
    const missing = await fetch(`${nginx!.url}/assets/no-such-file-00000000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-upstream')).toBeNull();
  });

  it('registers a student through one process, takes the payment through the other, signs in through either', async () => {
    const email = `lb-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await register(email, '198.51.100.1');
    expect(registered.status).toBe(201);
    const student = registered.body as { id: string; token: string };
    const paid = await payFee(student, randomUUID());
    expect(paid.status).toBe(200);
    expect(paid.upstream).not.toBe(registered.upstream);

    // Sign in with an emailed code twice; the code is checked by a different process each time.
    const verifiedBy = new Set<string>();
    for (let round = 0; round < 2; round += 1) {
      if (round === 1) await call('GET', '/api/health'); // shifts the round robin by one
      expect((await call('POST', '/api/student/login/code', { body: { email } })).status).toBe(202);
      await waitFor(() => smtp!.withTemplate('login-code').length === round + 1, 15_000);
      const code = /\b(\d{6})\b/.exec(smtp!.withTemplate('login-code').at(-1)!.subject ?? '')?.[1];
      const verified = await call('POST', '/api/student/login/verify', { body: { email, code } });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ id: student.id, enrollment_paid: true, total_paid: FEE_POUNDS });
      verifiedBy.add(verified.upstream);
    }
    expect(verifiedBy.size).toBe(2);
  });

  it('refuses an admin token on both processes after logout through one', async () => {
    const login = await adminLogin(ADMIN.password, '198.51.100.2');
    expect(login.status).toBe(200);
    const token = String(login.body.access_token);
    for (const answer of await onBoth(() => call('GET', '/api/admin/students', { token }))) {
      expect(answer.status).toBe(200);
    }
    expect((await call('POST', '/api/admin/logout', { token })).status).toBe(204);
    for (const answer of await onBoth(() => call('GET', '/api/admin/students', { token }))) {
      expect(answer.status).toBe(401);
    }
  });

  it('counts admin login and registration attempts across both processes: the 6th is 429 on either', async () => {
    const logins: Answer[] = [];
    for (let i = 0; i < 7; i += 1) logins.push(await adminLogin('wrong-password-123', '198.51.100.3'));
    expect(logins.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(new Set(logins.slice(5).map((a) => a.upstream)).size).toBe(2);

    const registrations: Answer[] = [];
    for (let i = 0; i < 7; i += 1) registrations.push(await register(`lb-throttle-${i}@example.com`, '198.51.100.4'));
    expect(registrations.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(new Set(registrations.slice(5).map((a) => a.upstream)).size).toBe(2);
  });

  it('charges once when the same idempotency key reaches both processes at once', async () => {
    const email = `lb-once-${randomUUID().slice(0, 8)}@example.com`;
    const student = (await register(email, '198.51.100.5')).body as { id: string; token: string };
    const key = randomUUID();
    const both = await Promise.all([payFee(student, key), payFee(student, key)]);
    expect(new Set(both.map((a) => a.upstream)).size).toBe(2);
    const login = await adminLogin(ADMIN.password, '198.51.100.5');
    const payments = await call('GET', `/api/admin/payments?search=${encodeURIComponent(email)}`, {
      token: String(login.body.access_token),
    });
    expect(payments.body).toMatchObject({ total: 1 });
    const record = await call('GET', `/api/student/${student.id}`, { token: student.token });
    expect(record.body).toMatchObject({ enrollment_paid: true, total_paid: FEE_POUNDS });
    expect(both.some((a) => a.status === 200)).toBe(true);
  });

  it('shows the admin, through either process, an ID document uploaded through one', async () => {
    const email = `lb-id-${randomUUID().slice(0, 8)}@example.com`;
    const student = (await register(email, '198.51.100.10')).body as { id: string; token: string };
    const started = await call('POST', `/api/students/${encodeURIComponent(email)}/set-id-required`, {
      token: student.token,
    });
    expect(started.status).toBe(200);
    const image = pngBytes(64, 48);
    const form = new FormData();
    form.append('file', new Blob([image], { type: 'image/png' }), 'passport.png');
    const uploaded = await fetch(`${nginx!.url}/api/students/${encodeURIComponent(email)}/upload-id`, {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toMatchObject({ status: 'pending' });
    const uploadedBy = (uploaded.headers.get('x-upstream') ?? '').split(',').at(-1)!.trim();

    const login = await adminLogin(ADMIN.password, '198.51.100.10');
    const token = String(login.body.access_token);
    const viewedBy = new Set<string>();
    for (let tries = 0; tries < 4 && viewedBy.size < 2; tries += 1) {
      const res = await fetch(`${nginx!.url}/api/admin/id-verifications/${student.id}/document`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
      viewedBy.add((res.headers.get('x-upstream') ?? '').split(',').at(-1)!.trim());
    }
    expect(viewedBy.size).toBe(2);
    expect(viewedBy.has(uploadedBy)).toBe(true);
  });

  it('still answers while Redis is away, logs the outage once, and counts in Redis again when it returns', async () => {
    await redis!.kill();
    const during: number[] = [];
    for (let i = 0; i < 4; i += 1) during.push((await register(`lb-outage-${i}@example.com`, '198.51.100.6')).status);
    for (let i = 0; i < 4; i += 1) during.push((await adminLogin('wrong-password-123', '198.51.100.7')).status);
    expect(during).toEqual([201, 201, 201, 201, 401, 401, 401, 401]);
    // The outage is logged from the Redis client's events, which may reach the test's pipe a moment later.
    await waitFor(() => servers.every((s) => s.output().includes(REDIS_DOWN)), 10_000);
    for (const server of servers) expect(server.output().split(REDIS_DOWN).length - 1).toBe(1);

    await redis!.restart();
    await waitFor(() => servers.every((s) => s.output().includes(REDIS_BACK)), 15_000);
    const after: Answer[] = [];
    for (let i = 0; i < 7; i += 1) after.push(await adminLogin('wrong-password-123', '198.51.100.8'));
    expect(after.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(new Set(after.slice(5).map((a) => a.upstream)).size).toBe(2);
  });

  it('loses no request when one process gets SIGTERM under a steady load', async () => {
    const student = (await register(`lb-load-${randomUUID().slice(0, 8)}@example.com`, '198.51.100.9')).body as {
      id: string;
      token: string;
    };
    const courseStart = courseSchedule()[0]!.start_date;
    const requests = [
      () => call('GET', '/api/course-dates'),
      () => call('GET', `/api/student/${student.id}`, { token: student.token }),
      () => call('GET', `/api/student/${student.id}/progress`, { token: student.token }),
      // Not idempotent: nginx never passes it on once a process has it, so that process must finish it.
      () =>
        call('POST', `/api/students/${student.id}/course-selection`, {
          token: student.token,
          body: { course_type: 'foundation', course_start_date: courseStart },
        }),
    ];
    let served = 0;
    const failed: string[] = [];
    const until = Date.now() + 5000;
    const stopped = new Promise<number | null>((resolve) => {
      setTimeout(() => resolve(stopServer(servers[0]!, 'SIGTERM')), 1500);
    });
    await Promise.all(
      Array.from({ length: 8 }, async (_, worker) => {
        for (let i = worker; Date.now() < until; i += 1) {
          try {
            const answer = await requests[i % requests.length]!();
            if (answer.status >= 200 && answer.status < 300) served += 1;
            else failed.push(`request ${i % requests.length}: ${answer.status} ${JSON.stringify(answer.body)}`);
          } catch (error) {
            failed.push(String(error));
          }
        }
      }),
    );
    console.log(`SIGTERM under load through nginx: ${served} requests served, ${failed.length} failed`);
    expect(await stopped).toBe(0);
    expect(failed, `nginx's error log:\n${nginx!.errorLog()}`).toEqual([]);
    expect(served).toBeGreaterThan(50);
  });
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
