// engines: both
/**
 * A token revoked at logout is refused on every route: the auth plugin checks revocation for every
 * student and admin token (src/server/plugins/auth.ts), so no handler can forget to.
 *
 * The routes are read from Fastify as they are registered (as the fuzz and OpenAPI tests do): a
 * route added later is walked without editing this file. One student token and one admin token are
 * revoked through the real logout endpoints; then every protected route must answer 401 to each.
 * To show that each 401 comes from the revocation and not from the request's shape, the same request
 * with a live token of each kind the route is documented to accept (OpenAPI security; a student token
 * of the student of the path) must not answer 401: a route that let a revoked token through would
 * then answer as for the live one, and this test would fail.
 *
 * Public routes are the reviewed list below; it must agree with the routes documented without
 * security in OpenAPI, so a route cannot become public (or protected) unnoticed.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '@server/db/schema';
import { insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { acceptsAdminToken, requestFor, walkedRoutes, type WalkedRoute } from '../helpers/route-walk';

/** Routes anyone may call, without a token (reviewed: nothing here reads or changes one account's data). */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/public-config',
  'GET /api/course-dates',
  // Joining a start date's waitlist: an address and a first name, nothing of any account.
  'POST /api/course-dates/:date/waitlist',
  'GET /api/recent-signups',
  // What is sold and the site's words: what the public pages show.
  'GET /api/catalogue',
  'GET /api/content',
  'POST /api/students',
  'POST /api/support/messages',
  'GET /api/certificates/sample',
  'GET /api/certificates/sample.pdf',
  'GET /api/certificates/:certificate_id',
  // Open Badges: what /verify shows, signed (docs/decisions/044-open-badges-credential.md).
  'GET /api/certificates/:certificate_id/credential',
  'GET /api/certificates/:certificate_id/badge.png',
  'GET /api/credentials/issuer',
  'GET /api/credentials/status/:list',
  'POST /api/student/login/code',
  'POST /api/student/login/verify',
  // The one-time link from an e-mail: the link is the credential.
  'POST /api/student/login/link',
  'GET /api/student/login/:email',
  'POST /api/admin/login',
  // Unsubscribe links: the signed token is the credential, and only ever suppresses its own address.
  'POST /api/unsubscribe/:token',
  'GET /api/unsubscribe/:token',
  // Square's webhook: no token, its own signature (answers 404 here: no SQUARE_WEBHOOK_SIGNATURE_KEY).
  'POST /api/square/webhook',
]);

/** The docs' own routes (Swagger UI's page, assets and copy of the document): public, not API calls. */
const isDocsRoute = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');

describe('revoked tokens on every route', () => {
  let t: TestApp;
  const registered: RouteOptions[] = [];
  let routes: WalkedRoute[];
  let protectedRoutes: WalkedRoute[];
  /** The student whose token is revoked, and another whose live tokens show the requests pass auth. */
  let revokedStudent: Student;
  let liveStudent: Student;
  let revokedStudentToken: string;
  let revokedAdminToken: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { onRoute: (route) => registered.push(route) });
    await t.app.ready();
    routes = walkedRoutes(registered).filter((route) => route.url.startsWith('/api/') && !isDocsRoute(route.url));
    protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.has(route.key));

    revokedStudent = await insertCourseStudent(t.db, { idStatus: 'approved' });
    liveStudent = await insertCourseStudent(t.db, { idStatus: 'approved' });
    revokedStudentToken = await t.studentToken(revokedStudent.id);
    revokedAdminToken = await t.adminToken();
    // Both work before logout, and logout revokes them (the real endpoints).
    for (const [token, logout] of [
      [revokedStudentToken, '/api/student/logout'],
      [revokedAdminToken, '/api/admin/logout'],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/student/${revokedStudent.id}`, headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: logout, headers: bearer(token) })).statusCode).toBe(204);
    }
  });
  afterAll(() => t.close());

  it('knows which routes are public: the reviewed list is the routes documented without security', () => {
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(30);
    const undocumented = routes.filter((route) => route.security.length === 0).map((route) => route.key);
    expect(undocumented.sort()).toEqual(
      routes
        .filter((route) => PUBLIC_ROUTES.has(route.key))
        .map((route) => route.key)
        .sort(),
    );
  });

  it('answers 401 on every protected route to a student token and an admin token revoked at logout', async () => {
    const accepted: string[] = [];
    for (const route of protectedRoutes) {
      for (const [who, token] of [
        ['revoked student token', revokedStudentToken],
        ['revoked admin token', revokedAdminToken],
      ] as const) {
        const res = await t.app.inject(requestFor(route, revokedStudent, token));
        if (res.statusCode !== 401)
          accepted.push(`${route.key} with a ${who}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  // After the revoked walk: live requests may change data (a delete, a logout of their own token).
  it('lets the same requests through with live tokens, so each 401 above came from the revocation', async () => {
    const refused: string[] = [];
    for (const route of protectedRoutes) {
      // Each kind of token the route is documented to accept.
      const live: Array<[string, string]> = [];
      if (acceptsAdminToken(route)) {
        live.push(['live admin token', await t.adminToken()]);
      }
      if (route.security.some((requirement) => 'studentToken' in requirement)) {
        live.push(['live student token', await t.studentToken(liveStudent.id)]);
      }
      if (live.length === 0) refused.push(`${route.key}: documents no token it accepts`);
      for (const [who, token] of live) {
        const res = await t.app.inject(requestFor(route, liveStudent, token));
        if (res.statusCode === 401) refused.push(`${route.key} with a ${who}: ${res.body.slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
