// engines: both
/**
 * No answer of the API that may depend on who asks is kept by a browser or a shared cache: every
 * route, with a student token and with an admin token, answers `Cache-Control: no-store`, unless it
 * is one of the few public answers that say how they may be cached themselves.
 */
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '@server/db/schema';
import { insertCertificate, insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

/** Public answers, the same for everyone, with their own cache rule. */
const PUBLIC_CACHE_RULES: Record<string, string> = {
  'GET /api/recent-signups': 'public, max-age=15',
  'GET /api/certificates/sample.pdf': 'public, max-age=3600',
  'GET /api/certificates/:certificate_id': 'no-cache',
  // Public Open Badges answers: a revocation must show at once; the issuer profile rarely changes.
  'GET /api/certificates/:certificate_id/credential': 'no-cache',
  'GET /api/certificates/:certificate_id/badge.png': 'no-cache',
  'GET /api/credentials/status/:list': 'no-cache',
  'GET /api/credentials/issuer': 'public, max-age=3600',
  'GET /api/openapi.json': 'no-cache',
};

interface Route {
  method: NonNullable<InjectOptions['method']>;
  url: string;
}

describe('authenticated answers are not cached', () => {
  const routes: Route[] = [];
  let t: TestApp;
  let student: Student;
  let certificateId: string;

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        onRoute: (route: RouteOptions) => {
          // The API documentation's own files (Swagger UI) are static and public.
          if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
          for (const method of [route.method].flat())
            if (method !== 'HEAD') routes.push({ method: method as Route['method'], url: route.url });
        },
      },
    );
    student = await insertCourseStudent(t.db, { idStatus: 'pending', stages: [1, 2] });
    certificateId = (await insertCertificate(t.db, { course: 'pro' })).certificate.certificateId;
  });
  afterAll(() => t.close());

  const pathOf = (url: string) =>
    url
      .replace(':email', encodeURIComponent(student.email))
      .replace(':certificate_id', certificateId)
      .replace(':list', '0')
      .replace(/:(id|student_id)\b/, student.id)
      .replace(/:[a-z_]+/g, '00000000-0000-4000-8000-000000000000');

  // Deleting and signing out last, so the other answers are about a student who exists.
  const order = (r: Route) => (r.method === 'DELETE' ? 2 : r.url.endsWith('/logout') ? 1 : 0);

  it('walks every API route with a student token and with an admin token', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const ok: string[] = [];
    for (const role of ['student', 'admin'] as const) {
      for (const route of [...routes].sort((a, b) => order(a) - order(b))) {
        // A fresh token each time: a logout revokes the token it is sent with.
        const token = role === 'admin' ? await t.adminToken() : await t.studentToken(student.id);
        const res = await t.app.inject({
          method: route.method,
          url: pathOf(route.url),
          headers: bearer(token),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const name = `${route.method} ${route.url}`;
        expect(res.headers['cache-control'], `${role}: ${name} answered ${res.statusCode}`).toEqual(
          PUBLIC_CACHE_RULES[name] && res.statusCode === 200
            ? PUBLIC_CACHE_RULES[name]
            : expect.stringContaining('no-store'),
        );
        if (res.statusCode === 200) ok.push(`${role}: ${name}`);
      }
    }
    // The walk reached the answers that matter, not only refusals.
    expect(ok).toEqual(
      expect.arrayContaining([
        'student: GET /api/student/:id',
        'student: GET /api/student/:id/progress',
        'student: GET /api/student/:id/certificate',
        'student: GET /api/students/:email/id-status',
        'admin: GET /api/admin/students',
        'admin: GET /api/admin/stats',
        'admin: GET /api/admin/messages',
        'admin: GET /api/admin/id-verifications',
        'admin: GET /api/admin/students/export.csv',
      ]),
    );
  });

  it('also for a sign-in answer (it carries a token) and a refusal', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'x', password: 'y' },
    });
    expect(token.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: `/api/student/${student.id}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
