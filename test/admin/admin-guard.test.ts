// engines: both
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { registeredAdminRoutes } from '../helpers/admin';

describe('every /api/admin route checks the admin token on the server', () => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string }>;
  const bad: Record<string, string | null> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    await t.adminToken('guard');
    routes = registeredAdminRoutes(t.app).filter((r) => r.url !== '/api/admin/login');
    const admin = (await t.db.query.admins.findFirst())!;
    bad['no token'] = null;
    bad['forged token'] = await new SignJWT({ role: 'admin', username: 'guard' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setJti('forged')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
    bad['expired token'] = await t.app.tokens.adminToken(admin.id, admin.username, t.app.clock(), -60);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'guard', password: TEST_ADMIN_PASSWORD },
    });
    const revoked = login.json().access_token as string;
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(revoked) });
    bad['revoked token'] = revoked;
    bad['student token'] = await t.studentToken(admin.id);
  });
  afterAll(() => t.close());

  it('finds the admin routes from the route table', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/admin/logout',
        'GET /api/admin/stats',
        'GET /api/admin/students',
        'GET /api/admin/students/export.csv',
        'PUT /api/admin/students/00000000-0000-4000-8000-000000000000/status',
        'PUT /api/admin/students/00000000-0000-4000-8000-000000000000/complete',
        'POST /api/admin/students/00000000-0000-4000-8000-000000000000/mark-paid',
        'DELETE /api/admin/students/00000000-0000-4000-8000-000000000000',
        'GET /api/admin/student-progress',
        'GET /api/admin/referral-codes',
        'GET /api/admin/audit-log',
        'GET /api/admin/messages',
        'POST /api/admin/messages/00000000-0000-4000-8000-000000000000/read',
        'GET /api/admin/emails',
        'POST /api/admin/emails/00000000-0000-4000-8000-000000000000/resend',
      ]),
    );
  });

  for (const kind of ['no token', 'forged token', 'expired token', 'revoked token', 'student token']) {
    it(`answers 401 with ${kind} on every admin route`, async () => {
      const token = bad[kind];
      const failures: string[] = [];
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: token ? bearer(token) : {},
          payload:
            route.method === 'GET' || route.method === 'DELETE'
              ? undefined
              : { completion_status: 'completed', payment_type: 'both' },
        });
        if (res.statusCode !== 401 || res.json().detail !== 'Please sign in to continue') {
          failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
