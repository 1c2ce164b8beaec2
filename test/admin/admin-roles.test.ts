// engines: both
/**
 * Admin roles (docs/product/admin.md): owners may do everything, staff the day-to-day work. The
 * server enforces it per scope (plugins/auth.ts), the API documentation states it per route, and a
 * staff token on an owner route is refused before anything changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { registeredAdminRoutes } from '../helpers/admin';
import { tableCounts } from '../helpers/table-counts';

/** The routes only an owner may use; a route added to the owner scope must be added here too. */
const OWNER_ROUTES = [
  'POST /api/admin/certificate/{}/revoke',
  'POST /api/admin/certificate/{}/reinstate',
  'GET /api/admin/audit-log',
  'GET /api/admin/emails',
  'POST /api/admin/emails/{}/resend',
  'GET /api/admin/payments',
  'POST /api/admin/payments/{}/refund',
  'POST /api/admin/payments/{}/reviewed',
  'GET /api/admin/students/export.csv',
  'POST /api/admin/students/{}/mark-paid',
  'DELETE /api/admin/students/{}',
  'GET /api/admin/admins',
  'POST /api/admin/admins',
  'PATCH /api/admin/admins/{}',
  'POST /api/admin/admins/{}/reset-totp',
  'DELETE /api/admin/admins/{}',
  'GET /api/admin/settings',
  'PUT /api/admin/settings',
  'GET /api/admin/catalogue',
  'PUT /api/admin/catalogue',
  'GET /api/admin/content',
  'PUT /api/admin/content',
  'GET /api/admin/cohorts',
  'POST /api/admin/cohorts',
  'PATCH /api/admin/cohorts/{}',
  'DELETE /api/admin/cohorts/{}',
  'GET /api/admin/erasure-requests',
  'POST /api/admin/erasure-requests/{}/carry-out',
  'POST /api/admin/erasure-requests/{}/refuse',
  'POST /api/admin/broadcasts/count',
  'POST /api/admin/broadcasts',
  'GET /api/admin/broadcasts',
  'POST /api/admin/broadcasts/{}/test',
  'POST /api/admin/broadcasts/{}/send',
  'POST /api/admin/promo-codes',
  'PATCH /api/admin/promo-codes/{}',
];

const ID = '00000000-0000-4000-8000-000000000000';

/** `METHOD /path` with every path parameter written `{}`, for the route table and the document alike. */
const documented = (method: string, url: string) => `${method} ${url.replaceAll(ID, '{}').replace(/\{[^}]*\}/g, '{}')}`;

let t: TestApp;
let ownerToken: string;
let staffToken: string;
let operations: Map<string, { 'x-admin-role'?: string; description?: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  ownerToken = await t.adminToken('olivia', 'owner');
  staffToken = await t.adminToken('sam', 'staff');
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { 'x-admin-role'?: string; description?: string }>>;
  };
  operations = new Map(
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [documented(method.toUpperCase(), path), op] as const),
    ),
  );
});
afterAll(() => t.close());

describe('admin roles', () => {
  it('tells the admin area who is signed in and with which role', async () => {
    for (const [token, username, role] of [
      [ownerToken, 'olivia', 'owner'],
      [staffToken, 'sam', 'staff'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username, role, totp_enabled: false });
    }
  });

  it('documents the least role of every admin route, owner exactly where the server enforces it', () => {
    const owners: string[] = [];
    for (const route of registeredAdminRoutes(t.app).filter((r) => r.url !== '/api/admin/login')) {
      const op = operations.get(documented(route.method, route.url));
      expect(op, `${route.method} ${route.url} is documented`).toBeDefined();
      expect(op?.['x-admin-role'], `${route.method} ${route.url}`).toMatch(/^(owner|staff)$/);
      expect(op?.description).toMatch(op?.['x-admin-role'] === 'owner' ? /^Owner admins only\./ : /^Any admin/);
      if (op?.['x-admin-role'] === 'owner') owners.push(documented(route.method, route.url));
    }
    expect(owners.sort()).toEqual([...OWNER_ROUTES].sort());
  });

  it('refuses a staff admin every owner route with 403 before anything changes, and lets an owner through', async () => {
    const before = await tableCounts(t.db);
    for (const route of registeredAdminRoutes(t.app)) {
      if (!OWNER_ROUTES.includes(documented(route.method, route.url))) continue;
      const asStaff = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: bearer(staffToken),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(asStaff.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asStaff.json()).toEqual({ detail: messages.admin.ownersOnly });
    }
    expect(await tableCounts(t.db)).toEqual(before);
    for (const route of registeredAdminRoutes(t.app)) {
      if (!OWNER_ROUTES.includes(documented(route.method, route.url))) continue;
      const asOwner = await t.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: bearer(ownerToken),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(asOwner.statusCode, `${route.method} ${route.url} as owner`).not.toBe(403);
    }
  });

  it('applies a role change at once, on a token issued before it', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(staffToken) });
    expect(before.statusCode).toBe(403);
    await t.db.execute(`update admins set role = 'owner' where username = 'sam'`);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(staffToken) });
    expect(after.statusCode).toBe(200);
    await t.db.execute(`update admins set role = 'staff' where username = 'sam'`);
  });
});
