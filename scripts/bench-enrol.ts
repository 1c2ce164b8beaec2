/**
 * Enrolment benchmark (not a test): registers N students, saves their course choice and takes a
 * Complete Package card payment for each, over real HTTP against the app listening on a loopback
 * port. Runs on embedded PGlite, and on PostgreSQL when a server URL is given.
 *
 *   npm run bench:enrol -- [students=200] [concurrency=10] [postgres://postgres@127.0.0.1:5432/postgres]
 *
 * PostgreSQL: a fresh database is created on that server for the run and dropped afterwards.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { courseSchedule } from '@shared/schedule';
import { one } from '@server/db/rows';
import { preparePgliteDir } from './bench-data-dir';

const students = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 10);
const postgresUrl = process.argv[4] ?? process.env.BENCH_DATABASE_URL;

type Timings = Record<'register' | 'course-selection' | 'create-payment', number[]>;

async function withPostgresDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `vbr_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function runAgainst(label: string, database: Database) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    // Every student registers from this one address: the per-address throttle (10 an hour) would refuse them.
    REGISTRATION_RATE_LIMIT: '1000000',
  });
  config.clientDir = path.join(dataDir, 'no-client');
  const app = await buildApp(config, { database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const timings: Timings = { register: [], 'course-selection': [], 'create-payment': [] };
  const startDate = one(courseSchedule()).start_date;

  async function call(name: keyof Timings, url: string, body: unknown, token?: string) {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    timings[name].push(performance.now() - started);
    if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  async function enrol(i: number) {
    const email = `bench-${i}-${randomUUID().slice(0, 8)}@example.com`;
    const { id, token } = (await call('register', '/api/students', {
      first_name: 'Bench',
      last_name: `Student ${i}`,
      email,
    })) as {
      id: string;
      token: string;
    };
    const course = i % 2 === 0 ? 'foundation' : 'pro';
    await call(
      'course-selection',
      `/api/students/${id}/course-selection`,
      { course_type: course, course_start_date: startDate },
      token,
    );
    await call(
      'create-payment',
      '/api/square/create-payment',
      {
        source_id: 'cnon:card-nonce-ok',
        student_id: id,
        amount: course === 'pro' ? 224.99 : 84.99,
        currency: 'GBP',
        payment_type: 'combined',
        idempotency_key: randomUUID(),
        terms_accepted: true,
      },
      token,
    );
  }

  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < students) await enrol(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });

  const all = Object.values(timings).flat();
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN).toFixed(1);
  };
  console.log(
    `\n${label}: ${students} students, concurrency ${concurrency}, ${all.length} requests in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `  all requests      ${(all.length / seconds).toFixed(1)} req/s   p50 ${pct(all, 50)} ms   p99 ${pct(all, 99)} ms`,
  );
  for (const [name, values] of Object.entries(timings)) {
    console.log(`  ${name.padEnd(17)} p50 ${pct(values, 50)} ms   p99 ${pct(values, 99)} ms`);
  }
  console.log(`  enrolments        ${(students / seconds).toFixed(1)} paid students/s`);
}

const pgliteDir = mkdtempSync(path.join(tmpdir(), 'vbr-bench-db-'));
preparePgliteDir(pgliteDir);
await runAgainst('PGlite (embedded, on disk)', await openDatabase({ pgliteDir }));
rmSync(pgliteDir, { recursive: true, force: true });
if (postgresUrl) {
  await withPostgresDatabase(postgresUrl, async (url) =>
    runAgainst('PostgreSQL', await openDatabase({ databaseUrl: url })),
  );
} else {
  console.log('\n(PostgreSQL skipped: pass a postgres:// server URL as the third argument or BENCH_DATABASE_URL)');
}
