// engines: both
/**
 * The progress read (the dashboard's most frequent call): the student's own live token and admins
 * read it; a token revoked at logout is refused (401) by the auth plugin, as on every route
 * (test/foundation/revocation-walk.test.ts), also for a student deleted since.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentTokenRevocations } from '@server/db/schema';
import { insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

describe('student progress read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const progress = (studentId: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/student/${studentId}/progress`, headers: bearer(token) });

  it('answers the student’s own live token, and 401 once that token is revoked at logout', async () => {
    const s = await insertCourseStudent(t.db, { stages: [1, 2] });
    const token = await t.studentToken(s.id);
    const before = await progress(s.id, token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      student_id: s.id,
      completed_stages: 2,
      foundation_progress: [true, true, false, false, false],
    });

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/student/logout', headers: bearer(token) })).statusCode,
    ).toBe(204);
    const after = await progress(s.id, token);
    expect(after.statusCode).toBe(401);
    // Another token of the same student still works.
    expect((await progress(s.id, await t.studentToken(s.id))).statusCode).toBe(200);
  });

  it('says 401, not 404, for a revoked token of a student deleted since', async () => {
    const s = await insertCourseStudent(t.db);
    const token = await t.studentToken(s.id);
    const claims = await t.app.tokens.verify(token, t.app.clock());
    expect(claims?.role).toBe('student');
    await t.app.inject({ method: 'POST', url: '/api/student/logout', headers: bearer(token) });
    const admin = await t.adminToken();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${s.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    // Deleting the student removed its revocations with it (cascade): record one again, as if it had stayed.
    await t.db
      .insert(studentTokenRevocations)
      .values({ jti: claims!.jti, studentId: (await insertCourseStudent(t.db)).id, expiresAt: claims!.expiresAt })
      .onConflictDoNothing();
    expect((await progress(s.id, token)).statusCode).toBe(401);
    // A live token of a deleted student: 404.
    const other = await insertCourseStudent(t.db);
    const live = await t.studentToken(other.id);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/students/${other.id}`, headers: bearer(admin) });
    expect((await progress(other.id, live)).statusCode).toBe(404);
  });

  it('lets an admin read any student’s progress', async () => {
    const s = await insertCourseStudent(t.db, { stages: [1] });
    const res = await progress(s.id, await t.adminToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ student_id: s.id, completed_stages: 1 });
  });
});
