// engines: both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '@server/db/schema';
import { insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { multipartFile, pngBytes } from '../helpers/uploads';

describe('email-only student login (STUDENT_LOGIN=email) and who may call the student routes', () => {
  let t: TestApp;
  let a: Student;
  let b: Student;

  beforeAll(async () => {
    t = await buildTestApp({
      STUDENT_LOGIN: 'email',
      COURSE_ACCESS_URL_FOUNDATION: 'https://courses.example.com/foundation',
    });
    a = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      stages: [1, 2, 3, 4, 5],
      columns: { email: 'Alice.Able@Example.com' },
    });
    b = await insertCourseStudent(t.db, { columns: { email: 'bob@example.com' } });
  });
  afterAll(() => t.close());

  const login = (email: string) =>
    t.app.inject({ method: 'GET', url: `/api/student/login/${encodeURIComponent(email)}` });

  it('logs a student in by email whatever its case, with a token that opens their own data', async () => {
    const res = await login('  alice.ABLE@example.COM ');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: a.id, email: 'Alice.Able@Example.com', enrollment_paid: true, course_paid: true });
    expect(body.token).toEqual(expect.any(String));
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/student/${a.id}/progress`,
      headers: bearer(body.token),
    });
    expect(progress.statusCode).toBe(200);
  });

  it('answers an unknown email with the message the login screen shows', async () => {
    const res = await login('nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Email not found. Please check your email or start a new enrollment.' });
  });

  it('returns the course access link only once the ID is approved', async () => {
    expect((await login(a.email)).json().course_access_url).toBe('https://courses.example.com/foundation');
    expect((await login(b.email)).json().course_access_url).toBeNull();
  });

  it('never returns unknown fields such as internal ids of documents', async () => {
    const body = (await login(a.email)).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'first_name',
        'last_name',
        'email',
        'phone',
        'course_type',
        'course_start_date',
        'enrollment_paid',
        'course_paid',
        'total_paid',
        'completion_status',
        'registration_date',
        'referral_code',
        'course_access_url',
        'days_until_start',
        'refunds',
        'token',
      ].sort(),
    );
  });

  /** Every student route for student A. */
  const routesFor = (student: Student) => {
    const upload = multipartFile(pngBytes());
    const email = encodeURIComponent(student.email);
    return [
      { method: 'GET', url: `/api/student/${student.id}` },
      { method: 'GET', url: `/api/students/${email}/id-status` },
      { method: 'POST', url: `/api/students/${email}/set-id-required` },
      { method: 'POST', url: `/api/students/${email}/upload-id`, payload: upload.payload, headers: upload.headers },
      { method: 'GET', url: `/api/student/${student.id}/progress` },
      { method: 'POST', url: `/api/student/${student.id}/progress`, payload: { stage_number: 1, completed: true } },
      { method: 'GET', url: `/api/student/${student.id}/certificate` },
      { method: 'POST', url: `/api/student/${student.id}/request-certificate`, payload: {} },
    ] as const;
  };

  it("refuses every student route for student A with student B's token (403) and with no token (401)", async () => {
    const tokenB = await t.studentToken(b.id);
    for (const route of routesFor(a)) {
      const headers = 'headers' in route ? route.headers : {};
      const asB = await t.app.inject({ ...route, headers: { ...headers, ...bearer(tokenB) } });
      expect(asB.statusCode, `${route.method} ${route.url} with another student's token`).toBe(403);
      const anonymous = await t.app.inject({ ...route, headers });
      expect(anonymous.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      const forged = await t.app.inject({ ...route, headers: { ...headers, ...bearer('not-a-token') } });
      expect(forged.statusCode, `${route.method} ${route.url} with a forged token`).toBe(401);
    }
    // Nothing changed for A.
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/student/${a.id}/progress`,
      headers: bearer(await t.studentToken(a.id)),
    });
    expect(progress.json().completed_stages).toBe(5);
    const certificate = await t.app.inject({
      method: 'GET',
      url: `/api/student/${a.id}/certificate`,
      headers: bearer(await t.studentToken(a.id)),
    });
    expect(certificate.json()).toEqual({ status: 'none', certificate: null });
  });

  it('does not reveal whether an email exists to another student', async () => {
    const tokenB = await t.studentToken(b.id);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/students/ghost%40example.com/id-status',
      headers: bearer(tokenB),
    });
    expect(unknown.statusCode).toBe(403);
  });

  it("lets an admin read a student's data", async () => {
    const admin = await t.adminToken();
    for (const url of [
      `/api/student/${a.id}/progress`,
      `/api/students/${encodeURIComponent(a.email)}/id-status`,
      `/api/student/${a.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
