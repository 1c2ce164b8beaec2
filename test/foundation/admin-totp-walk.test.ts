// engines: both
/**
 * One rule for admin tokens everywhere (docs/product/admin.md#two-factor-sign-in): an invited admin
 * is refused everywhere but `me`, the password change and logout until the generated password is
 * replaced (403 `{detail, password_change_required: true}`), and with
 * ADMIN_REQUIRE_TOTP=1, an admin token without two-factor sign-in is refused (403
 * `{detail, totp_setup_required: true}`) on every route that accepts an admin token, the student area
 * included, but the admin's own session and sign-in settings. The routes are read from Fastify as
 * they are registered (as revocation-walk.test.ts does): a route added later is walked without editing
 * this file. The same requests with a token of an admin who has two-factor on are not refused so,
 * which shows each refusal came from the rule.
 */
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { adminTotp, admins, type Student } from '@server/db/schema';
import { sealTotpSecret } from '@server/domain/admins/totp-codes';
import { insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { acceptsAdminToken, requestFor, walkedRoutes, type WalkedRoute } from '../helpers/route-walk';

/** What an admin without two-factor may still do: see who they are, sign out, change their password, turn it on. */
const OPEN_TO_ANY_ADMIN = new Set([
  'GET /api/admin/me',
  'POST /api/admin/logout',
  'POST /api/admin/me/password',
  'POST /api/admin/totp/setup',
  'POST /api/admin/totp/enable',
  'POST /api/admin/totp/disable',
]);

describe('ADMIN_REQUIRE_TOTP=1 on every route that accepts an admin token', () => {
  let t: TestApp;
  const registered: RouteOptions[] = [];
  let routes: WalkedRoute[];
  let student: Student;

  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_REQUIRE_TOTP: '1' }, { onRoute: (route) => registered.push(route) });
    await t.app.ready();
    routes = walkedRoutes(registered).filter((route) => route.url.startsWith('/api/') && acceptsAdminToken(route));
    student = await insertCourseStudent(t.db, { idStatus: 'approved' });
  });
  afterAll(() => t.close());

  it('refuses a password-only admin token (owner and staff) everywhere but the own session and sign-in settings', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.some((route) => route.url.startsWith('/api/student/'))).toBe(true);
    const tokens = [await t.adminToken('pat'), await t.adminToken('sid', 'staff')];
    const letThrough: string[] = [];
    for (const route of routes) {
      if (OPEN_TO_ANY_ADMIN.has(route.key)) continue;
      for (const token of tokens) {
        const res = await t.app.inject(requestFor(route, student, token));
        const body = String(res.headers['content-type']).includes('json')
          ? (res.json() as Record<string, unknown>)
          : {};
        if (res.statusCode !== 403 || body.totp_setup_required !== true)
          letThrough.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        else expect(body).toEqual({ detail: messages.adminSecurity.totpSetupRequired, totp_setup_required: true });
      }
    }
    expect(letThrough).toEqual([]);
  });

  it('lets an admin with two-factor on through the same requests', async () => {
    const token = await t.adminToken('tom');
    const [admin] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'tom'));
    const adminId = admin?.id ?? '';
    const sealed = await sealTotpSecret(t.app.privateDataKeys, adminId, 'JBSWY3DPEHPK3PXP');
    await t.db.insert(adminTotp).values({ adminId, ...sealed, enabledAt: new Date() });
    const refused: string[] = [];
    // Not logout: it would end the token the rest of the walk uses.
    for (const route of routes.filter((r) => r.key !== 'POST /api/admin/logout')) {
      const res = await t.app.inject(requestFor(route, student, token));
      if (res.body.includes('totp_setup_required')) refused.push(route.key);
    }
    expect(refused).toEqual([]);
  });
});

describe('an invited admin, until the generated password is replaced', () => {
  let t: TestApp;
  const registered: RouteOptions[] = [];
  let routes: WalkedRoute[];
  let student: Student;

  beforeAll(async () => {
    t = await buildTestApp({}, { onRoute: (route) => registered.push(route) });
    await t.app.ready();
    routes = walkedRoutes(registered).filter((route) => route.url.startsWith('/api/') && acceptsAdminToken(route));
    student = await insertCourseStudent(t.db, { idStatus: 'approved' });
  });
  afterAll(() => t.close());

  it('is refused with password_change_required everywhere but me, the password change and logout; then let through', async () => {
    const owner = await t.adminToken('olga');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admins',
      headers: bearer(owner),
      payload: { username: 'ines', role: 'owner' },
    });
    expect(invited.statusCode).toBe(201);
    const { password } = invited.json() as { password: string };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'ines', password },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.json() as { access_token: string }).access_token;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(200);

    const open = new Set(['GET /api/admin/me', 'POST /api/admin/logout', 'POST /api/admin/me/password']);
    const letThrough: string[] = [];
    for (const route of routes) {
      if (open.has(route.key)) continue;
      const res = await t.app.inject(requestFor(route, student, token));
      const body = String(res.headers['content-type']).includes('json') ? (res.json() as Record<string, unknown>) : {};
      if (res.statusCode !== 403 || body.password_change_required !== true)
        letThrough.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      else
        expect(body).toEqual({ detail: messages.adminSecurity.passwordChangeRequired, password_change_required: true });
    }
    expect(letThrough).toEqual([]);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/password',
      headers: bearer(token),
      payload: { current_password: password, new_password: 'ines-chose-her-own' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = (changed.json() as { access_token: string }).access_token;
    const refused: string[] = [];
    for (const route of routes.filter((r) => r.key !== 'POST /api/admin/logout')) {
      const res = await t.app.inject(requestFor(route, student, fresh));
      if (res.body.includes('password_change_required')) refused.push(route.key);
    }
    expect(refused).toEqual([]);
  });
});
