// engines: both
/**
 * Moving a student's start date (PUT /api/admin/students/{id}/start-date, docs/product/admin.md): a
 * staff admin cannot place a student in a closed cohort or one whose places are all taken (409
 * {detail}, nothing changed); an owner may (their decision to go over a limit); a date with no
 * cohort row, an open cohort with room, and the student's own date stay allowed to staff.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, cohorts, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

const FULL = '2030-03-04';
const CLOSED = '2030-05-06';
const ROOM = '2030-07-01';

describe('moving a start date into a cohort', () => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = await t.adminToken('stella', 'staff');
    owner = await t.adminToken('olive', 'owner');
    await t.db.insert(cohorts).values([
      { courseStartDate: FULL, capacity: 1, closed: false },
      { courseStartDate: CLOSED, capacity: null, closed: true },
      { courseStartDate: ROOM, capacity: 5, closed: false },
    ]);
    // The one place of FULL is taken by a paid student.
    await insertCourseStudent(t.db, { columns: { courseStartDate: FULL } });
  });
  afterAll(() => t.close());

  const move = (studentId: string, date: string, token: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/students/${studentId}/start-date`,
      headers: bearer(token),
      payload: { course_start_date: date },
    });
  const audits = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
  const startOf = async (id: string) =>
    one(await t.db.select({ date: students.courseStartDate }).from(students).where(eq(students.id, id))).date;

  it('staff racing for the last place of a cohort: exactly one gets it (10 tries)', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const date = `2031-0${1 + (attempt % 9)}-${String(10 + attempt).padStart(2, '0')}`;
      await t.db.insert(cohorts).values({ courseStartDate: date, capacity: 1, closed: false });
      const [a, b] = await Promise.all([
        insertCourseStudent(t.db, { columns: { courseStartDate: '2030-01-07' } }),
        insertCourseStudent(t.db, { columns: { courseStartDate: '2030-01-07' } }),
      ]);
      const answers = await Promise.all([move(a!.id, date, staff), move(b!.id, date, staff)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const placed = [await startOf(a!.id), await startOf(b!.id)].filter((start) => start === date);
      expect(placed).toHaveLength(1);
    }
  });

  it('refuses staff a closed or a full cohort with 409 {detail}, changing nothing', async () => {
    const student = await insertCourseStudent(t.db, { columns: { courseStartDate: '2030-01-07' } });
    const before = await audits();
    const closed = await move(student.id, CLOSED, staff);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: messages.admin.startDate.cohortClosed });
    const full = await move(student.id, FULL, staff);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: messages.admin.startDate.cohortFull });
    expect(await audits()).toBe(before);
    expect(await startOf(student.id)).toBe('2030-01-07');
  });

  it('lets staff use an open cohort with room, a date with no cohort, and the student keep their own full date', async () => {
    const student = await insertCourseStudent(t.db, { columns: { courseStartDate: '2030-01-07' } });
    expect((await move(student.id, ROOM, staff)).statusCode).toBe(200);
    expect((await move(student.id, '2030-09-09', staff)).statusCode).toBe(200);
    const [holder] = await t.db.select({ id: students.id }).from(students).where(eq(students.courseStartDate, FULL));
    expect((await move(holder!.id, FULL, staff)).statusCode).toBe(200);
  });

  it('lets an owner place a student in a closed or full cohort', async () => {
    const student = await insertCourseStudent(t.db, { columns: { courseStartDate: '2030-01-07' } });
    expect((await move(student.id, FULL, owner)).statusCode).toBe(200);
    expect(await startOf(student.id)).toBe(FULL);
    expect((await move(student.id, CLOSED, owner)).statusCode).toBe(200);
    expect(await startOf(student.id)).toBe(CLOSED);
  });
});
