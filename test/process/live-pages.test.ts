/**
 * The public pages rendered again with the settings in force (src/server/plugins/live-pages.ts), with
 * the real build on two server processes sharing one PostgreSQL: a support e-mail saved through any
 * connection is in both processes' /support HTML (as a visitor without JavaScript reads it) within
 * 10 s, at the default PAGES_CHECK_MS, without a restart.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedPostgresDatabase, startServer, stopServer, type RunningServer } from './server-process';

describe('public pages across processes on PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  let client: pg.Client | undefined;
  afterAll(async () => {
    await client?.end();
    for (const server of servers) await stopServer(server, 'SIGKILL');
    await drop?.();
  });

  it('a settings save shows in the support page of every process within 10 s', async () => {
    const created = await migratedPostgresDatabase();
    drop = created.drop;
    const env = {
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ID_DOCUMENT_KEY: randomBytes(32).toString('base64'),
      SUPPORT_EMAIL: 'help@school.example',
    };
    servers.push(await startServer(env), await startServer(env));
    const [a, b] = servers as [RunningServer, RunningServer];
    const supportPage = async (server: RunningServer) => (await fetch(`${server.url}/support`)).text();
    // The environment's address, rendered into the page (the build's page carries the built-in one).
    expect(await supportPage(a)).toContain('help@school.example');
    expect(await supportPage(b)).toContain('help@school.example');

    client = new pg.Client({ connectionString: created.url });
    await client.connect();
    const saved = Date.now();
    await client.query("insert into site_settings (key, value) values ('support_email', 'office@school.example')");
    const within = { timeout: 10_000, interval: 200 };
    await expect.poll(() => supportPage(a), within).toContain('office@school.example');
    await expect.poll(() => supportPage(b), within).toContain('office@school.example');
    expect(Date.now() - saved).toBeLessThan(10_000);
    expect(await supportPage(a)).not.toContain('help@school.example');
  });
});
