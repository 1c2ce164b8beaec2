/**
 * Admin area benchmark (not a test): `npm run bench:admin -- [--students 100000] [--engine both|postgres|pglite] [--runs 30]`.
 *
 * For each engine it creates a fresh database, seeds it with scripts/seed.ts, builds the real app and
 * measures through HTTP: the students list (search + filter + page, and other shapes), the stats,
 * and the full CSV export (time to the last byte over a real socket, and the growth of the process's
 * resident memory while it streams, next to a ~10% export for comparison).
 * PostgreSQL: a new database on BENCH_DATABASE_URL (default TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. PGlite: a temporary DATA_DIR.
 * Targets: list and stats under 50 ms median on PostgreSQL; CSV of 100,000 rows under 3 s
 * with memory that does not grow with the row count.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { createAdmin } from '@server/domain/admins/create-admin';
import { preparePgliteDir } from './bench-data-dir';
import { seedStudents } from './seed';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '100000' },
    engine: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '30' },
  },
});
const STUDENTS = Number(values.students);
const RUNS = Number(values.runs);
const engines = values.engine === 'both' ? (['postgres', 'pglite'] as const) : [values.engine as 'postgres' | 'pglite'];

const LIST_CASES: Array<[string, string]> = [
  [
    'list: search + status + course, page 2',
    '/api/admin/students?search=smith&status=in_progress&course=pro&page=2&page_size=25',
  ],
  ['list: search by email fragment', '/api/admin/students?search=olivia.tay&page=1&page_size=25'],
  ['list: status filter, page 1', '/api/admin/students?status=completed&page=1&page_size=25'],
  ['list: everything, page 1', '/api/admin/students?page=1&page_size=25'],
  ['list: everything, page 2000', '/api/admin/students?page=2000&page_size=25'],
  ['stats', '/api/admin/stats'],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function postgresDatabase(): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const server =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vbr_bench_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return { database, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Streams a CSV over a real socket, sampling RSS; returns time to last byte, rows and peak RSS growth. */
async function measureExport(base: string, token: string, query: string) {
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/students/export.csv${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let rows = -1;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) rows += 1;
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, rows, bytes, growth: peak - before };
}

async function bench(engine: 'postgres' | 'pglite') {
  console.log(`\n== ${engine}: ${STUDENTS.toLocaleString('en-GB')} students ==`);
  // Timings depend on what else the machine is doing: print the load next to them.
  const load = () => `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} CPUs`;
  console.log(load());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-bench-'));
  let drop = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const pgDb = await postgresDatabase();
    database = pgDb.database;
    databaseUrl = pgDb.url;
    drop = pgDb.drop;
  } else {
    preparePgliteDir(path.join(dataDir, 'db'));
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  }
  try {
    let started = performance.now();
    await seedStudents(database.db, STUDENTS);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    config.clientDir = path.join(dataDir, 'no-client');
    const app = await buildApp(config, { database, logger: false });
    const admin = await createAdmin(app.db, 'bench-admin', randomBytes(16).toString('hex'));
    const token = await app.tokens.adminToken(admin.id, admin.username, app.clock());
    const headers = { authorization: `Bearer ${token}` };

    console.log(`${'request'.padEnd(42)} ${'median'.padStart(9)} ${'p95'.padStart(9)}  result`);
    for (const [label, url] of LIST_CASES) {
      const times: number[] = [];
      let summary = '';
      for (let i = 0; i < RUNS + 3; i += 1) {
        started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
        if (i >= 3) times.push(elapsed);
        const body = res.json();
        summary =
          'total' in body
            ? `${body.students.length} of ${body.total.toLocaleString('en-GB')}`
            : `${body.total_students.toLocaleString('en-GB')} students`;
      }
      console.log(
        `${label.padEnd(42)} ${median(times).toFixed(1).padStart(6)} ms ${p95(times).toFixed(1).padStart(6)} ms  ${summary}`,
      );
    }

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const small = await measureExport(address, token, '?course=foundation&status=completed');
    const full = await measureExport(address, token, '');
    const again = await measureExport(address, token, '');
    for (const [label, r] of [
      ['CSV export, filtered', small],
      ['CSV export, all rows', full],
      ['CSV export, all rows (again)', again],
    ] as const) {
      console.log(
        `${label.padEnd(42)} ${(r.ms / 1000).toFixed(2).padStart(6)} s   ${r.rows.toLocaleString('en-GB')} rows, ${mb(r.bytes)}, peak RSS growth ${mb(r.growth)}`,
      );
    }
    console.log(load());
    await app.close();
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const engine of engines) await bench(engine);
