/**
 * A rolling restart loses no request. Two app processes on one PostgreSQL database and one Redis, behind
 * the site's nginx file (deploy/nginx-site.conf); clients on keep-alive connections send GETs and
 * POSTs without pause; the upgrade runbook's "Switch and restart" and "Going back" blocks
 * (docs/runbooks/upgrade-and-rollback.md), run as written, restart each process in turn with
 * deploy/rolling-restart.mjs, twice. The `systemctl` it calls is this test's: a small program first on its PATH that asks the test
 * to do what systemd does for `systemctl restart vbr@<port>` (SIGTERM, wait for the exit, start the
 * process on that port again), so the processes stay this test's children.
 *
 * Every answer must be a success: a POST registers a new address each time, so a 409 would mean nginx
 * or a process carried one out twice; the other POST chooses the same course again (200 each time).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseSchedule } from '@shared/schedule';
import { startNginx, type RunningNginx } from './nginx';
import { startPrivateRedis, type PrivateRedis } from './redis-server';
import { runBlock, runbookBlock } from './runbook-blocks';
import {
  migratedPostgresDatabase,
  startServer,
  stopServer,
  waitForHealthy,
  type RunningServer,
} from './server-process';

interface Tally {
  get: number;
  post: number;
  failed: string[];
  /** GETs a draining process answered 503 and nginx passed to the other one. */
  passedOn: number;
  reusedConnections: number;
}

describe('a rolling restart behind nginx', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'vbr-rolling-'));
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let redis: PrivateRedis | undefined;
  let nginx: RunningNginx | undefined;
  let control: http.Server | undefined;
  const servers = new Map<string, RunningServer>();
  const exitCodes: Array<number | null> = [];
  let env: Record<string, string> = {};

  const start = (port: string) =>
    startServer({ ...env, PORT: port, DATA_DIR: path.join(home, `data-${port}`) }, false).then((server) => {
      servers.set(port, server);
      return server;
    });

  /** What systemd does for `systemctl restart vbr@<port>`: stop (SIGTERM, wait for the exit), then start. */
  async function systemctl(args: string[]): Promise<string> {
    const port = /^vbr@(\d+)$/.exec(args[1] ?? '')?.[1];
    const server = port ? servers.get(port) : undefined;
    if (args[0] !== 'restart' || !port || !server) throw new Error(`unexpected systemctl ${args.join(' ')}`);
    exitCodes.push(await stopServer(server, 'SIGTERM'));
    await start(port);
    return '';
  }

  beforeAll(async () => {
    database = await migratedPostgresDatabase();
    redis = await startPrivateRedis();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      TRUST_PROXY: 'loopback',
      REGISTRATION_RATE_LIMIT: '1000000',
      SHUTDOWN_TIMEOUT_MS: '8000',
    };
    const ports = [String(await getPort({ host: '127.0.0.1' })), String(await getPort({ host: '127.0.0.1' }))];
    for (const port of ports) await start(port);
    for (const server of servers.values()) await waitForHealthy(server, 60_000);
    nginx = await startNginx([...servers.values()].map((s) => s.url));

    control = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        systemctl(JSON.parse(body) as string[]).then(
          (out) => res.writeHead(200).end(out),
          (error: Error) => res.writeHead(500).end(error.message),
        );
      });
    });
    await new Promise<void>((resolve) => control!.listen(0, '127.0.0.1', resolve));
    const shim = path.join(home, 'bin', 'systemctl');
    mkdirSync(path.dirname(shim));
    writeFileSync(
      shim,
      `#!${process.execPath}
fetch(process.env.VBR_TEST_SYSTEMCTL_URL, { method: 'POST', body: JSON.stringify(process.argv.slice(2)) }).then(
  async (res) => { process.stderr.write(await res.text()); process.exit(res.ok ? 0 : 1); },
  (error) => { console.error(error); process.exit(1); },
);
`,
    );
    chmodSync(shim, 0o755);
    // The upgrade runbook's folders: the release in use and the new one (both this repository's build).
    mkdirSync(path.join(home, 'opt/releases'), { recursive: true });
    symlinkSync(path.resolve('.'), path.join(home, 'opt/releases/old-revision'));
    symlinkSync(path.resolve('.'), path.join(home, 'opt/releases/new-revision'));
    symlinkSync(path.join(home, 'opt/releases/old-revision'), path.join(home, 'opt/current'));
    mkdirSync(path.join(home, 'vbr-src/release'), { recursive: true });
    writeFileSync(path.join(home, 'vbr-src/release/REVISION'), 'new-revision\n');
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...servers.values()].map((s) => stopServer(s, 'SIGKILL')));
    await nginx?.stop();
    await redis?.kill();
    await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)));
    await database?.drop();
    rmSync(home, { recursive: true, force: true });
  });

  /**
   * A block of the upgrade runbook as written: /opt/vbr is a folder of this test whose releases are
   * this repository, the ports are this test's, and this test's systemctl is first on PATH.
   */
  function runbook(name: 'upgrade' | 'rollback'): Promise<string> {
    const address = control!.address() as { port: number };
    return runBlock(runbookBlock('upgrade-and-rollback.md', name), {
      replace: [
        ['/opt/vbr', path.join(home, 'opt')],
        ['3001 3002', [...servers.keys()].join(' ')],
      ],
      env: {
        PATH: `${path.join(home, 'bin')}:${path.dirname(process.execPath)}:${process.env.PATH}`,
        HOME: home,
        VBR_TEST_SYSTEMCTL_URL: `http://127.0.0.1:${address.port}`,
      },
    });
  }

  it('upgrades and goes back by the runbook, restarting both processes in turn twice under keep-alive GETs and POSTs: none fails', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const target = new URL(nginx!.url);
    const send = (method: string, url: string, body?: unknown, token?: string) =>
      new Promise<{ status: number; text: string; upstream: string; reused: boolean }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method,
            path: url,
            headers: {
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c) => (text += c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                text,
                upstream: String(res.headers['x-upstream'] ?? ''),
                reused: req.reusedSocket,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    const registered = await send('POST', '/api/students', {
      first_name: 'Rolling',
      last_name: 'Student',
      email: `rolling-${randomUUID().slice(0, 8)}@example.com`,
    });
    expect(registered.status).toBe(201);
    const student = JSON.parse(registered.text) as { id: string; token: string };
    const courseStart = courseSchedule()[0]!.start_date;
    let registrations = 0;
    const requests: Array<{ method: 'GET' | 'POST'; ok: number; run: () => ReturnType<typeof send> }> = [
      { method: 'GET', ok: 200, run: () => send('GET', '/') },
      { method: 'GET', ok: 200, run: () => send('GET', '/api/course-dates') },
      { method: 'GET', ok: 200, run: () => send('GET', `/api/student/${student.id}`, undefined, student.token) },
      {
        method: 'POST',
        ok: 201,
        run: () =>
          send('POST', '/api/students', {
            first_name: 'Rolling',
            last_name: 'Student',
            email: `rolling-${(registrations += 1)}-${randomUUID().slice(0, 8)}@example.com`,
          }),
      },
      {
        method: 'POST',
        ok: 200,
        run: () =>
          send(
            'POST',
            `/api/students/${student.id}/course-selection`,
            { course_type: 'foundation', course_start_date: courseStart },
            student.token,
          ),
      },
    ];

    const tally: Tally = { get: 0, post: 0, failed: [], passedOn: 0, reusedConnections: 0 };
    let running = true;
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let i = client; running; i += 1) {
        const request = requests[i % requests.length]!;
        if (request.method === 'GET') tally.get += 1;
        else tally.post += 1;
        try {
          const answer = await request.run();
          if (answer.reused) tally.reusedConnections += 1;
          if (answer.upstream.includes(',')) tally.passedOn += 1;
          if (answer.status !== request.ok) {
            tally.failed.push(
              `${request.method} ${i % requests.length}: ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
        } catch (error) {
          tally.failed.push(`${request.method} ${i % requests.length}: ${String(error)}`);
        }
      }
    });

    // The load is under way (each client has had several answers) before the first process stops,
    // and goes on for as many again after the last one is back.
    const underWay = async () => {
      const from = tally.get + tally.post;
      await vi.waitUntil(() => tally.get + tally.post >= from + 200, { timeout: 30_000, interval: 20 });
    };
    await underWay();
    const pids = [...servers.values()].map((s) => s.child.pid);
    const upgrade = await runbook('upgrade');
    const upgraded = [readlinkSync(path.join(home, 'opt/current')), readlinkSync(path.join(home, 'opt/previous'))];
    const rollback = await runbook('rollback');
    await underWay();
    running = false;
    await Promise.all(clients);
    agent.destroy();

    console.log(
      `upgrade and rollback (2 rolling restarts of 2 processes) behind nginx: ${tally.get} GETs and ${tally.post} POSTs, ` +
        `${tally.failed.length} failed; ${tally.passedOn} GETs passed on by nginx from a draining process; ` +
        `${tally.reusedConnections} requests on a reused keep-alive connection`,
    );
    expect(upgrade).toContain('Restarted 2 processes.');
    expect(upgraded).toEqual([
      path.join(home, 'opt/releases/new-revision'),
      path.join(home, 'opt/releases/old-revision'),
    ]);
    expect(rollback).toContain('Restarted 2 processes.');
    expect(readlinkSync(path.join(home, 'opt/current'))).toBe(path.join(home, 'opt/releases/old-revision'));
    expect(exitCodes).toEqual([0, 0, 0, 0]);
    expect([...servers.values()].map((s) => s.child.pid)).not.toContain(pids[0]);
    expect([...servers.values()].map((s) => s.child.pid)).not.toContain(pids[1]);
    expect(tally.failed, `nginx's error log:\n${nginx!.errorLog()}`).toEqual([]);
    expect(tally.get).toBeGreaterThan(200);
    expect(tally.post).toBeGreaterThan(100);
    expect(tally.reusedConnections).toBeGreaterThan(tally.get);
  });
});
