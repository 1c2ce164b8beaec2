// engines: both
/**
 * The stage calendar (docs/product/student-area.md): stage i of n opens on start + ⌊(i − 1) × 42 / n⌋
 * days, by the UK calendar day of the app's clock. Ticking a stage before it opens is refused (409,
 * nothing recorded); unticking is always allowed. The progress answer lists each stage with its day.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { stageProgress, students, type Student } from '@server/db/schema';
import { one } from '@server/db/rows';
import { FOUNDATION_STAGES, PRO_EXTRA_STAGES } from '@shared/catalogue';
import { insertCertificate, insertCourseStudent } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

let fixedAt: Date | null = null;
const clockAt = (iso: string) => (fixedAt = new Date(iso));

describe('the stage calendar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock: () => fixedAt ?? new Date() });
  });
  afterAll(() => t.close());
  afterEach(() => {
    fixedAt = null;
  });

  const setStage = async (student: Student, stage_number: number, completed = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/student/${student.id}/progress`,
      headers: bearer(await t.studentToken(student.id)),
      payload: { stage_number, completed },
    });
  const progress = async (student: Student) =>
    t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}/progress`,
      headers: bearer(await t.studentToken(student.id)),
    });
  const ticked = async (studentId: string) =>
    (await t.db.select().from(stageProgress).where(eq(stageProgress.studentId, studentId)))
      .map((s) => s.stageNumber)
      .sort();

  it('lists every stage with its title, whether it is done and the day it opens; the boolean arrays stay', async () => {
    const student = await insertCourseStudent(t.db, {
      course: 'pro',
      idStatus: 'approved',
      stages: [1, 2],
      columns: { courseStartDate: '2027-03-01' },
    });
    clockAt('2027-03-10T12:00:00Z');
    const res = await progress(student);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pro_progress).toEqual([false, false, false, false]);
    expect(body.foundation_progress).toEqual([true, true, false, false, false]);
    expect(body.stages).toEqual(
      [...FOUNDATION_STAGES, ...PRO_EXTRA_STAGES].map((title, index) => ({
        number: index + 1,
        title,
        completed: index < 2,
        // 9 stages: 0, 4, 9, 14, 18, 23, 28, 32, 37 days after 1 March.
        opens_on: [
          '2027-03-01',
          '2027-03-05',
          '2027-03-10',
          '2027-03-15',
          '2027-03-19',
          '2027-03-24',
          '2027-03-29',
          '2027-04-02',
          '2027-04-07',
        ][index],
      })),
    );
    // The answer of a tick carries the same list.
    const after = await setStage(student, 3);
    expect(after.statusCode).toBe(200);
    expect(after.json().stages[2]).toEqual({
      number: 3,
      title: FOUNDATION_STAGES[2],
      completed: true,
      opens_on: '2027-03-10',
    });
  });

  it('gives no opening day while no start date is chosen', async () => {
    const student = await insertCourseStudent(t.db, { columns: { courseStartDate: null } });
    const body = (await progress(student)).json();
    expect(body.stages).toHaveLength(FOUNDATION_STAGES.length);
    expect(body.stages.every((s: { opens_on: unknown }) => s.opens_on === null)).toBe(true);
  });

  it('refuses a stage before the day it opens (409, the date, nothing recorded) and accepts it on that day', async () => {
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      columns: { courseStartDate: '2027-03-01' },
    });
    // Foundation, 5 stages: stage 4 opens 25 days after the start, on 26 March.
    clockAt('2027-03-25T23:59:00Z');
    const early = await setStage(student, 4);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: messages.student.stageOpensOn(4, '26 March 2027') });
    expect(early.json().detail).toBe('Stage 4 opens on 26 March 2027.');
    expect(await ticked(student.id)).toEqual([]);
    expect(one(await t.db.select().from(students).where(eq(students.id, student.id))).completionStatus).toBe(
      'enrolled',
    );
    // Stage 1 is open from the start date, and a later one cannot be ticked ahead of time either.
    expect((await setStage(student, 1)).statusCode).toBe(200);
    expect((await setStage(student, 5)).statusCode).toBe(409);

    clockAt('2027-03-26T00:00:10Z');
    const onTheDay = await setStage(student, 4);
    expect(onTheDay.statusCode).toBe(200);
    expect(await ticked(student.id)).toEqual([1, 4]);
  });

  it('opens a stage on the UK calendar day: in summer an hour before midnight UTC', async () => {
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      columns: { courseStartDate: '2027-06-01' },
    });
    // Stage 2 of 5 opens 8 days on: 9 June; 23:30 UTC on 8 June is 00:30 on 9 June in London (BST).
    clockAt('2027-06-08T22:59:00Z');
    expect((await setStage(student, 2)).statusCode).toBe(409);
    clockAt('2027-06-08T23:30:00Z');
    expect((await setStage(student, 2)).statusCode).toBe(200);
  });

  it('always allows unticking, even a stage whose day has not come (moved start date)', async () => {
    const student = await insertCourseStudent(t.db, {
      idStatus: 'approved',
      stages: [1, 2, 3, 4, 5],
      columns: { courseStartDate: '2027-03-01' },
    });
    clockAt('2027-03-05T10:00:00Z');
    const untick = await setStage(student, 5, false);
    expect(untick.statusCode).toBe(200);
    expect(await ticked(student.id)).toEqual([1, 2, 3, 4]);
    expect((await setStage(student, 5)).statusCode).toBe(409);
  });

  it('asks for confirmation before activating a certificate whose last stage has not opened yet', async () => {
    const { certificate } = await insertCertificate(t.db, {
      student: { columns: { courseStartDate: '2027-03-01' } },
    });
    // The token is made at call time, by the moved clock.
    const activate = async (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/certificate/${certificate.certificateId}/activate`,
        headers: bearer(await t.adminToken()),
        payload,
      });
    // The last of 5 stages opens on 3 April.
    clockAt('2027-04-02T12:00:00Z');
    const refused = await activate({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(messages.admin.completionCheck.lastStageNotOpen('3 April 2027'));
    clockAt('2027-04-03T12:00:00Z');
    const activated = await activate({});
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ activated: true, already_active: false });
  });
});
