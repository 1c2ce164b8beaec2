import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { FIRST_ADMIN_PASSWORD_FILE } from '@server/start-up';
import { runCommand, startServer, stopServer, type RunningServer } from './server-process';

describe('the server process in embedded mode (PGlite in DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbr-process-'));
  const env = { DATA_DIR: dataDir };
  let server: RunningServer | undefined;
  afterAll(async () => {
    if (server) await stopServer(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (url: string, username: string, password: string) =>
    fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });

  /** The first start's generated admin password: in DATA_DIR, readable by its user only, never in the log. */
  const firstAdminPassword = () => {
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    return readFileSync(file, 'utf8').trim();
  };

  it('starts, serves the API and the SPA, and hands a first admin password over in a file, not the log', async () => {
    // How long a first start may take is startServer's wait; a bare bound here failed CI at 61 s while
    // both test lanes loaded the machine (8 s alone).
    server = await startServer(env);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const deep = await fetch(`${server.url}/admin/dashboard`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');

    // The certificate's fonts are read from node_modules, found from the compiled file's location.
    const pdf = await fetch(`${server.url}/api/certificates/sample.pdf`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const missing = await fetch(`${server.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Not found' });

    const password = firstAdminPassword();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(server.output()).not.toContain(password);
    expect(server.output()).toContain(FIRST_ADMIN_PASSWORD_FILE);
    expect((await login(server.url, 'admin', password)).status).toBe(200);
  });

  it('keeps data written before a kill -9', async () => {
    const password = firstAdminPassword();
    const { access_token } = (await (await login(server!.url, 'admin', password)).json()) as { access_token: string };
    // Logging out writes a revocation row; after the crash and restart the token must stay revoked.
    const logout = await fetch(`${server!.url}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(logout.status).toBe(204);
    await stopServer(server!, 'SIGKILL');

    // At info level, so the next test sees in the log when the process has taken SIGTERM.
    server = await startServer({ ...env, LOG_LEVEL: 'info' });
    expect(server.output()).not.toContain('First start');
    const again = await fetch(`${server.url}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(again.status).toBe(401);
    expect((await login(server.url, 'admin', password)).status).toBe(200);
  });

  it('on SIGTERM refuses new connections, finishes the request in flight, and exits 0 within 5 seconds', async () => {
    // A registration on a kept-alive connection whose body is still arriving when SIGTERM comes. With
    // `Expect: 100-continue` the server answers "100 Continue" once it has read the request's head: from
    // then on the request is in flight in the server.
    const body = JSON.stringify({ first_name: 'Late', last_name: 'Arrival', email: 'late-arrival@example.com' });
    const request = http.request({
      host: '127.0.0.1',
      port: new URL(server!.url).port,
      path: '/api/students',
      method: 'POST',
      agent: new http.Agent({ keepAlive: true }),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve).on('error', reject);
    });
    request.flushHeaders();
    await once(request, 'continue');
    request.write(body.slice(0, 10));

    const before = Date.now();
    server!.child.kill('SIGTERM');
    // A loaded machine may deliver the signal late: wait until the process says it is shutting down.
    // Then it stops listening once no connection has come for its quiet period (100 ms): each try
    // here is a connection, so they come further apart than that.
    await vi.waitUntil(() => server!.output().includes('shutting down'), { timeout: 4000, interval: 20 });
    await vi.waitUntil(
      () =>
        fetch(`${server!.url}/api/health`).then(
          () => false,
          () => true,
        ),
      { timeout: 4000, interval: 250 },
    );
    request.end(body.slice(10));
    const response = await answer;
    expect(response.statusCode).toBe(201);
    // The connection is closed after the answer, so the client does not keep the process alive.
    expect(response.headers.connection).toBe('close');
    response.resume();
    expect(await server!.exited).toBe(0);
    expect(Date.now() - before).toBeLessThan(5000);
  });

  it('stops with its drain when SIGTERM goes to the process `npm start` started (a supervisor, a pidfile kill, Docker)', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const npm = spawn('npm', ['start'], {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a server left running by a failure here is killed below.
      detached: true,
    });
    onTestFinished(() => {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // all gone, as they should be
      }
    });
    let output = '';
    npm.stdout.on('data', (c) => (output += c));
    npm.stderr.on('data', (c) => (output += c));
    const exited = once(npm, 'exit');
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (res) => res.status === 200 && output.includes('Serving on'),
        () => false,
      );
    await vi.waitUntil(ready, { timeout: 60_000, interval: 100 });

    npm.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
    // Nothing is left listening: the server itself stopped, not only npm.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('adds an admin from the command line', async () => {
    const created = await runCommand('admin', ['create', 'second-admin'], env);
    expect(created.code).toBe(0);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeDefined();
    const chosen = await runCommand(
      'admin',
      ['create', 'third-admin', '--role', 'staff', '--password-stdin'],
      env,
      'a-chosen-password-123\n',
    );
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).not.toContain('a-chosen-password-123');
    const duplicate = await runCommand('admin', ['create', 'SECOND-admin'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    server = await startServer(env);
    // An owner unless said: --role staff makes a staff admin.
    for (const [username, secret, role] of [
      ['second-admin', password!, 'owner'],
      ['third-admin', 'a-chosen-password-123', 'staff'],
    ] as const) {
      const signedIn = await login(server.url, username, secret);
      expect(signedIn.status).toBe(200);
      const { access_token } = (await signedIn.json()) as { access_token: string };
      const me = await fetch(`${server.url}/api/admin/me`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(((await me.json()) as { role: string }).role).toBe(role);
    }
    const badRole = await runCommand('admin', ['create', 'fourth-admin', '--role', 'boss'], env);
    expect(badRole.code).toBe(2);
    await stopServer(server);
  });

  it('refuses every embedded-database command and a second server while the server runs, says what to do instead, and changes nothing', async () => {
    server = await startServer(env);
    const create = await runCommand('admin', ['create', 'while-running'], env);
    expect(create.code).toBe(1);
    expect(create.stderr).toMatch(/in use by the server \(process \d+/);
    expect(create.stderr).toContain('admin area (Admins tab)');
    expect(create.stdout).not.toContain('Password');

    const backupFile = path.join(dataDir, '..', `${path.basename(dataDir)}-live.tar.gz`);
    for (const [name, args] of [
      ['backup', ['backup', backupFile]],
      ['backup', ['restore', backupFile, '--force']],
      ['check-ledger', []],
    ] as const) {
      const refused = await runCommand(name, [...args], env);
      expect(refused.code, `${name} ${args.join(' ')}`).toBe(1);
      expect(refused.stderr).toContain('in use by the server');
      expect(refused.stderr).toContain('Stop the server first');
    }
    expect(existsSync(backupFile)).toBe(false);

    const second = await startServer(env, false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('in use by the server');
    expect(second.output()).toContain('another DATA_DIR');

    // Once the server stops, the command works: the refused one had created nothing ("already exists").
    await stopServer(server);
    const afterwards = await runCommand('admin', ['create', 'while-running'], env);
    expect(afterwards.code).toBe(0);
    expect(afterwards.stdout).toContain('Created admin "while-running"');
  });

  it('refuses to start with a bad variable and names it', async () => {
    const bad = await startServer({ ...env, PORT: '3000', ADMIN_USERNAME: 'x', SQUARE_ENVIRONMENT: 'live' }, false);
    const code = await bad.exited;
    expect(code).toBe(1);
    expect(bad.output()).toContain('SQUARE_ENVIRONMENT');
    expect(bad.output()).toContain('ADMIN_USERNAME');
  });
});
