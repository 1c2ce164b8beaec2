import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

  it('starts, serves the API and the SPA, and prints a first admin password once', async () => {
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

    const password = /password:\s+(\S+)/.exec(server.output())?.[1];
    expect(password).toBeDefined();
    expect((await login(server.url, 'admin', password!)).status).toBe(200);
  });

  it('keeps data written before a kill -9', async () => {
    const password = /password:\s+(\S+)/.exec(server!.output())?.[1] ?? '';
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

  it('refuses to start with a bad variable and names it', async () => {
    const bad = await startServer({ ...env, PORT: '3000', ADMIN_USERNAME: 'x', SQUARE_ENVIRONMENT: 'live' }, false);
    const code = await bad.exited;
    expect(code).toBe(1);
    expect(bad.output()).toContain('SQUARE_ENVIRONMENT');
    expect(bad.output()).toContain('ADMIN_USERNAME');
  });
});
