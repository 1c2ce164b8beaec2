/**
 * HTTP throughput benchmark (not a test; CI does not time it). Starts, side by side on loopback:
 *   - a bare node:http server answering a small JSON (the platform's ceiling), and at /landing the
 *     same bytes the app sends for `GET /` (dist/client/index.html.br): the ceiling for that body, and
 *   - a bare Fastify app serving the same built landing page with @fastify/static (the ecosystem's
 *     baseline for a page sent from disk: the row "bare Fastify + @fastify/static"), and
 *   - the real app as `npm start` runs it (the compiled server, dist/node/main.js, in production mode
 *     and logging, log lines to a file; `npm run build` first),
 * then drives each route below with a load generator in interleaved rounds (bare, route, bare, route…)
 * and prints req/s, p50/p99 latency and each route's share of the bare server measured in the same
 * round. The landing page's line also gives its share of the bare server sending the same 12 KB body.
 *
 * The generator runs on the same cores as the servers. autocannon (npm, the default) parses each
 * answer in JavaScript: for a 12 KB answer its own work bounds both servers on a 2-core machine.
 * `--generator wrk` uses wrk (C; Debian's package `wrk`, the tool of the first throughput figures), whose
 * cost per answer depends much less on its size (docs/decisions/027).
 *
 *   npm run bench:http -- [--engine postgres|pglite] [--generator autocannon|wrk] [--seconds 6]
 *                         [--connections 32] [--rounds 2] [--only <label>]…   (the routes whose label
 *                         contains one of these)
 *                         [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *                         [--cpu-prof <dir>]   (the app writes a V8 CPU profile there on exit)
 *
 * PostgreSQL: a fresh database is created on that server for the run and dropped afterwards.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import getPort from 'get-port';
import pg from 'pg';
import { nextIntake } from '@shared/schedule';
import { preparePgliteDir } from './bench-data-dir';
import { generateCredentialSigningKey } from '@server/crypto/credential-signing-key';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    generator: { type: 'string', default: 'autocannon' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '2' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    only: { type: 'string', multiple: true },
    'cpu-prof': { type: 'string' },
  },
});
const engine = args.engine === 'pglite' ? 'pglite' : 'postgres';
if (args.generator !== 'autocannon' && args.generator !== 'wrk') {
  console.error(`--generator: autocannon or wrk, not ${args.generator}`);
  process.exit(2);
}
const generator: Generator = args.generator === 'wrk' ? wrk : autocannonGenerator;
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const rounds = Number(args.rounds);

interface Target {
  label: string;
  /** Requests sent in turn by each connection (the dashboard load is several). */
  requests: { path: string; headers?: Record<string, string> }[];
  connections?: number;
  /** The bare server's path that sends the same body as this route (its ceiling for that body). */
  bareSameBody?: string;
  /** Sent to the bare Fastify + @fastify/static server instead of the app (the ecosystem's baseline). */
  fastifyStatic?: boolean;
}

interface Sample {
  rps: number;
  /** CPU time the app process spent per request (user + system, from /proc), in µs; NaN elsewhere. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok', service: 'bare node:http' });
const landing = require('node:fs').readFileSync('dist/client/index.html.br');
http.createServer((req, res) => {
  if (req.url === '/landing') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': landing.length });
    return res.end(landing);
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

/** Fastify with @fastify/static as its documentation sets it up, sending the same built landing page. */
const BARE_FASTIFY_STATIC = `
const path = require('node:path');
const app = require('fastify')();
app.register(require('@fastify/static'), { root: path.resolve('dist/client'), preCompressed: true, index: false, wildcard: false, globIgnore: ['**/*.br', '**/*.gz'] });
app.get('/', (req, reply) => reply.sendFile('index.html'));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('listening'));
`;

function startChild(command: string, argv: string[], env: Record<string, string>, logFile?: string): ChildProcess {
  const out = logFile ? openSync(logFile, 'w') : 'ignore';
  return spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: not ready after ${timeoutMs} ms`);
}

async function createDatabase(serverUrl: string) {
  const name = `vbr_bench_http_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * CPU time (user + system) a process has used, in µs, from /proc (Linux). Unlike req/s it hardly
 * depends on what else the machine is doing, so it compares runs taken on a busy machine.
 */
function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100;

/** What one load generator measured against one server. */
type Measured = Omit<Sample, 'cpuUs'> & { total: number };
type Generator = (base: string, target: Target) => Promise<Measured>;

function autocannonGenerator(base: string, target: Target): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: target.connections ?? connections,
        duration: seconds,
        requests: target.requests.map((r) => ({ method: 'GET', path: r.path, headers: r.headers ?? {} })),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.average,
          total: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/**
 * wrk's Lua script for a target: its requests, formatted once, sent in turn; at the end one JSON line
 * with the counts and latencies (µs). wrk counts an answer of status 400 or more in errors.status.
 */
function wrkScript(requests: Target['requests']): string {
  const lua = (text: string) => JSON.stringify(text); // a JSON string of ASCII text is a valid Lua string
  const table = requests
    .map((r) => {
      const headers = Object.entries(r.headers ?? {})
        .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
        .join(', ');
      return `{ ${lua(r.path)}, { ${headers} } }`;
    })
    .join(',\n  ');
  return `local targets = {
  ${table}
}
local formatted = {}
local next_index = 0
function init(args)
  for i, t in ipairs(targets) do formatted[i] = wrk.format("GET", t[1], t[2]) end
end
function request()
  next_index = next_index % #formatted + 1
  return formatted[next_index]
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"total":%d,"duration_us":%d,"socket_errors":%d,"timeouts":%d,"non2xx":%d,"p50_us":%d,"p99_us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/** The JSON line written by wrkScript's done(), read from wrk's output. */
function parseWrkOutput(stdout: string): Measured {
  const line = stdout.split('\n').find((l) => l.startsWith('{"total":'));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(line) as Record<
    'total' | 'duration_us' | 'socket_errors' | 'timeouts' | 'non2xx' | 'p50_us' | 'p99_us',
    number
  >;
  return {
    rps: r.total / (r.duration_us / 1e6),
    total: r.total,
    p50: r.p50_us / 1000,
    p99: r.p99_us / 1000,
    errors: r.socket_errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const wrkDir = mkdtempSync(path.join(tmpdir(), 'vbr-bench-wrk-'));
/** wrk, one thread (the other core is the server's), its script written for the target. */
function wrk(base: string, target: Target): Promise<Measured> {
  const script = path.join(wrkDir, `${randomBytes(4).toString('hex')}.lua`);
  writeFileSync(script, wrkScript(target.requests));
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      ['-t1', `-c${target.connections ?? connections}`, `-d${seconds}s`, '-s', script, base],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        rmSync(script, { force: true });
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          return reject(new Error(missing ? 'wrk is not installed: apt-get install -y wrk' : `wrk failed: ${stderr}`));
        }
        try {
          resolve(parseWrkOutput(stdout));
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}

async function run(base: string, target: Target, pid?: number): Promise<Sample> {
  const cpuBefore = cpuMicros(pid);
  const { total, ...measured } = await generator(base, target);
  return { ...measured, cpuUs: (cpuMicros(pid) - cpuBefore) / Math.max(1, total) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-bench-http-'));
  if (engine === 'pglite') preparePgliteDir(path.join(dataDir, 'db'));
  const database = engine === 'postgres' ? await createDatabase(args['database-url']) : null;
  const [barePort, appPort, fastifyStaticPort] = [
    await getPort({ host: '127.0.0.1' }),
    await getPort({ host: '127.0.0.1' }),
    await getPort({ host: '127.0.0.1' }),
  ];
  const bare = startChild(process.execPath, ['-e', BARE_SERVER], { PORT: String(barePort) });
  const fastifyStatic = startChild(process.execPath, ['-e', BARE_FASTIFY_STATIC], { PORT: String(fastifyStaticPort) });
  const app = startChild(
    process.execPath,
    [...(args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : []), 'dist/node/main.js'],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      DATA_DIR: dataDir,
      ...(database
        ? {
            DATABASE_URL: database.url,
            SESSION_SECRET: randomBytes(32).toString('hex'),
            ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
            CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
            // A benchmark site: offline payments, e-mails in files, http (config.ts refuses them otherwise).
            ALLOW_TEST_SETTINGS: '1',
          }
        : {}),
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
    },
    path.join(dataDir, 'server.log'),
  );
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const fastifyStaticUrl = `http://127.0.0.1:${fastifyStaticPort}`;
  try {
    await waitFor(bareUrl, bare);
    await waitFor(fastifyStaticUrl, fastifyStatic);
    await waitFor(`${appUrl}/api/health`, app);

    // One enrolled student whose dashboard we load.
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await fetch(`${appUrl}/api/students`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Student',
        email,
        phone: '07400 123456',
        referral_code: '',
      }),
    });
    if (registered.status !== 201)
      throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
    const { id, token } = (await registered.json()) as { id: string; token: string };
    const auth = { authorization: `Bearer ${token}` };
    await fetch(`${appUrl}/api/students/${id}/course-selection`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ student_id: id, course_type: 'foundation', course_start_date: nextIntake().start_date }),
    });
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const emailPath = encodeURIComponent(email);

    const targets: Target[] = [
      { label: 'GET / (landing, br)', requests: [{ path: '/', headers: gzip }], bareSameBody: '/landing' },
      {
        label: 'GET / bare Fastify + @fastify/static (landing, br)',
        requests: [{ path: '/', headers: gzip }],
        bareSameBody: '/landing',
        fastifyStatic: true,
      },
      { label: 'GET /api/course-dates', requests: [{ path: '/api/course-dates' }] },
      { label: 'GET /api/recent-signups', requests: [{ path: '/api/recent-signups' }] },
      { label: 'GET /api/health', requests: [{ path: '/api/health' }] },
      { label: 'GET /api/student/{id}/progress', requests: [{ path: `/api/student/${id}/progress`, headers: auth }] },
      {
        label: 'progress, 64 connections',
        requests: [{ path: `/api/student/${id}/progress`, headers: auth }],
        connections: 64,
      },
      {
        label: 'student dashboard (4 calls)',
        requests: [
          { path: `/api/student/${id}`, headers: auth },
          { path: `/api/student/${id}/progress`, headers: auth },
          { path: `/api/students/${emailPath}/id-status`, headers: auth },
          { path: `/api/student/${id}/certificate`, headers: auth },
        ],
      },
    ].filter((t) => !args.only || args.only.some((only) => t.label.includes(only)));

    // Warm-up: JIT, pools, caches.
    const serverOf = (target: Target) =>
      target.fastifyStatic ? { url: fastifyStaticUrl, pid: fastifyStatic.pid } : { url: appUrl, pid: app.pid };
    for (const target of targets) await run(serverOf(target).url, { ...target, connections: 8 }).catch(() => undefined);

    const results = new Map<string, { bare: Sample; app: Sample; bareSameBody?: Sample }[]>();
    for (let round = 1; round <= rounds; round += 1) {
      for (const target of targets) {
        const bareSample = await run(bareUrl, {
          label: 'bare',
          requests: [{ path: '/' }],
          connections: target.connections,
        });
        const appSample = await run(serverOf(target).url, target, serverOf(target).pid);
        const sameBody = target.bareSameBody
          ? await run(bareUrl, { label: 'bare, same body', requests: [{ path: target.bareSameBody }] })
          : undefined;
        const list = results.get(target.label) ?? [];
        list.push({ bare: bareSample, app: appSample, ...(sameBody ? { bareSameBody: sameBody } : {}) });
        results.set(target.label, list);
        console.error(
          `round ${round} ${target.label}: ${appSample.rps.toFixed(0)} req/s (bare ${bareSample.rps.toFixed(0)}` +
            `${sameBody ? `, bare with the same body ${sameBody.rps.toFixed(0)}` : ''}), app CPU ${appSample.cpuUs.toFixed(0)} µs/request`,
        );
      }
    }

    console.log(
      `\nbench:http — engine ${engine}, generator ${args.generator}, ${seconds} s × ${rounds} interleaved rounds, ${connections} connections`,
    );
    console.log(
      [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'bare req/s',
        'share of bare',
        'share of bare with the same body',
        'app CPU µs/req',
        'errors/non-2xx',
      ].join(' | '),
    );
    for (const [label, samples] of results) {
      const mean = (pick: (s: (typeof samples)[number]) => number) =>
        samples.reduce((sum, s) => sum + pick(s), 0) / samples.length;
      const share = mean((s) => s.app.rps / s.bare.rps);
      const sameBodyShare = samples[0]?.bareSameBody
        ? `${(mean((s) => s.app.rps / s.bareSameBody!.rps) * 100).toFixed(1)}%`
        : '—';
      console.log(
        [
          label,
          mean((s) => s.app.rps).toFixed(0),
          mean((s) => s.app.p50).toFixed(1),
          mean((s) => s.app.p99).toFixed(1),
          mean((s) => s.bare.rps).toFixed(0),
          `${(share * 100).toFixed(1)}%`,
          sameBodyShare,
          mean((s) => s.app.cpuUs).toFixed(0),
          `${samples.reduce((n, s) => n + s.app.errors, 0)}/${samples.reduce((n, s) => n + s.app.non2xx, 0)}`,
        ].join(' | '),
      );
    }
  } finally {
    bare.kill('SIGTERM');
    fastifyStatic.kill('SIGTERM');
    app.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(wrkDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
