/**
 * The public pages rendered again with what is in force (src/server/plugins/live-pages.ts), with the
 * real build on two server processes sharing one PostgreSQL: a support e-mail saved through any
 * connection, and a Pro price and a FAQ answer an owner saves on one process, are in both processes'
 * HTML (as a visitor without JavaScript reads it) within 10 s, at the default PAGES_CHECK_MS, without a
 * restart; the other process charges the new price at once (409 for the old one).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from '@shared/catalogue';
import { DEFAULT_CONTENT } from '@shared/site-content';
import { firstIntake, validRegistration } from '../helpers/enrolment';
import { migratedPostgresDatabase, startServer, stopServer, type RunningServer } from './server-process';

/** The first admin, created at start (an owner). */
const OWNER = { ADMIN_USERNAME: 'olga', ADMIN_PASSWORD: 'a-long-owner-password' };

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
      ...OWNER,
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

  it('an owner’s catalogue and content saves on one process show on both within 10 s; the other charges the new price at once', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const login = await fetch(`${a.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: OWNER.ADMIN_USERNAME, password: OWNER.ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const put = async (path: string, body: unknown) => {
      const res = await fetch(`${a.url}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const catalogue = structuredClone(DEFAULT_CATALOGUE);
    catalogue.courses.pro.price_pence = 26000;
    const content = structuredClone(DEFAULT_CONTENT);
    content.faq[0]!.entries[0]!.answer = 'Six weeks, two evenings a week.';
    const saved = Date.now();
    await put('/api/admin/catalogue', catalogue);
    await put('/api/admin/content', content);

    const page = async (server: RunningServer, path: string) => (await fetch(`${server.url}${path}`)).text();
    const within = { timeout: 10_000, interval: 200 };
    for (const server of [a, b]) {
      await expect.poll(() => page(server, '/'), within).toContain('£269.99');
      await expect.poll(() => page(server, '/support'), within).toContain('Six weeks, two evenings a week.');
    }
    expect(Date.now() - saved).toBeLessThan(10_000);
    expect(await page(b, '/')).not.toContain('£224.99');

    // Process b prices a payment with the saved catalogue, with no wait.
    const registered = (await (
      await fetch(`${b.url}/api/students`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validRegistration()),
      })
    ).json()) as { id: string; token: string };
    const auth = { authorization: `Bearer ${registered.token}`, 'content-type': 'application/json' };
    const chosen = await fetch(`${b.url}/api/students/${registered.id}/course-selection`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ student_id: registered.id, course_type: 'pro', course_start_date: firstIntake() }),
    });
    expect(chosen.status).toBe(200);
    const paid = await fetch(`${b.url}/api/square/create-payment`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        source_id: 'cnon:card-nonce-ok',
        student_id: registered.id,
        amount: 224.99,
        currency: 'GBP',
        payment_type: 'combined',
        description: 'old price',
        idempotency_key: randomBytes(8).toString('hex'),
        terms_accepted: true,
      }),
    });
    expect(paid.status).toBe(409);
    expect(((await paid.json()) as { amount: number }).amount).toBe(269.99);
  });
});
