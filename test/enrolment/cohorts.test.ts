// engines: both
/**
 * Cohorts (docs/product/enrolment.md): owners offer course start dates with an optional capacity and
 * close them; the wizard lists open future dates, a full one marked full, a closed or full one is
 * refused with 409, and two students racing for the last place never both get it (on PostgreSQL the
 * two selections really run side by side). With no cohort saved, the every-two-months rule applies.
 * Holds, payments and the waitlist: places.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { courseSchedule, isoDateAfter, scheduleEntryFor } from '@shared/schedule';
import { auditLog, students } from '@server/db/schema';
import { offeredCourseDates } from '@server/domain/cohorts/cohorts';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { courseDates, NOTIFIED, registerStudent, selectCourse } from '../helpers/enrolment';
import { tableCounts } from '../helpers/table-counts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.adminToken('olivia', 'owner');
});
afterAll(() => t.close());

const inDays = (days: number) => isoDateAfter(new Date(), days);
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(owner), payload });
const offered = () => courseDates(t);
const offeredDates = async () => (await offered()).filter((entry) => !entry.full).map((entry) => entry.start_date);
const open = (date: string, places_left: number | null = null) => ({
  ...scheduleEntryFor(date),
  places_left,
  full: places_left === 0,
});
const counts = { enrolled: 0, held: 0, offered: 0, waiting: 0 };

describe('cohorts', () => {
  it('with no cohort saved, offers the every-two-months rule', async () => {
    expect((await admin('GET', '/cohorts')).json()).toEqual({ cohorts: [] });
    expect(await offered()).toEqual(courseSchedule().map((entry) => ({ ...entry, places_left: null, full: false })));
    const student = await registerStudent(t);
    expect((await selectCourse(t, student, 'foundation', inDays(10))).statusCode).toBe(400);
  });

  it.each([
    [{ course_start_date: 'tomorrow' }, messages.admin.cohortDateRequired],
    [{ course_start_date: isoDateAfter(new Date(), 0) }, messages.admin.cohortDateNotFuture],
    [{ course_start_date: isoDateAfter(new Date(), -3) }, messages.admin.cohortDateNotFuture],
    [{ course_start_date: isoDateAfter(new Date(), 40), capacity: 0 }, messages.admin.cohortCapacityInvalid],
    [{ course_start_date: isoDateAfter(new Date(), 40), capacity: 2.5 }, messages.admin.cohortCapacityInvalid],
  ])('refuses to add %j with 400, changing nothing', async (payload, detail) => {
    const before = await tableCounts(t.db);
    const res = await admin('POST', '/cohorts', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('lists the saved open future dates, a full one as full, and refuses a closed or full one with 409', async () => {
    const free = inDays(20);
    const small = inDays(30);
    const closing = inDays(40);
    const created = await admin('POST', '/cohorts', { course_start_date: free });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ course_start_date: free, capacity: null, closed: false, ...counts });
    expect((await admin('POST', '/cohorts', { course_start_date: free })).statusCode).toBe(409);
    expect((await admin('POST', '/cohorts', { course_start_date: small, capacity: 1 })).statusCode).toBe(201);
    expect((await admin('POST', '/cohorts', { course_start_date: closing, capacity: 5 })).statusCode).toBe(201);

    // The rule's dates are gone once the owner chose dates; entries carry the same fields as the rule's.
    await expect.poll(offered, NOTIFIED).toEqual([open(free), open(small, 1), open(closing, 5)]);
    const first = await registerStudent(t);
    expect((await selectCourse(t, first, 'pro', courseSchedule()[0]?.start_date)).statusCode).toBe(400);

    // The last place of `small` is taken: it is listed as full, and the next student gets 409.
    expect((await selectCourse(t, first, 'pro', small)).statusCode).toBe(200);
    await expect.poll(offered, NOTIFIED).toEqual([open(free), open(small, 0), open(closing, 5)]);
    expect(await offeredDates()).toEqual([free, closing]);
    const second = await registerStudent(t);
    const full = await selectCourse(t, second, 'foundation', small);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: messages.enrolment.startDateFull });
    // The student who holds the place may keep it while changing course.
    expect((await selectCourse(t, first, 'foundation', small)).statusCode).toBe(200);

    // Closed: not offered, refused with 409, and listed for the owner with its students.
    const closed = await admin('PATCH', `/cohorts/${closing}`, { closed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ course_start_date: closing, capacity: 5, closed: true, ...counts });
    await expect.poll(async () => (await offered()).map((entry) => entry.start_date), NOTIFIED).toEqual([free, small]);
    const refused = await selectCourse(t, second, 'foundation', closing);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.enrolment.startDateClosed });
    const [student] = await t.db.select().from(students).where(eq(students.id, second.id));
    expect(student?.courseStartDate).toBeNull();

    // Reopened, and more places: offered again.
    expect((await admin('PATCH', `/cohorts/${closing}`, { closed: false })).statusCode).toBe(200);
    expect((await admin('PATCH', `/cohorts/${small}`, { capacity: null })).json()).toMatchObject({
      capacity: null,
      enrolled: 0,
      held: 1,
    });
    await expect.poll(offeredDates, NOTIFIED).toEqual([free, small, closing]);
    expect((await selectCourse(t, second, 'foundation', small)).statusCode).toBe(200);

    expect((await admin('GET', '/cohorts')).json()).toEqual({
      cohorts: [
        { course_start_date: free, capacity: null, closed: false, ...counts },
        { course_start_date: small, capacity: null, closed: false, ...counts, held: 2 },
        { course_start_date: closing, capacity: 5, closed: false, ...counts },
      ],
    });
  });

  it('refuses bad changes with a clear 4xx', async () => {
    const date = inDays(50);
    expect((await admin('POST', '/cohorts', { course_start_date: date })).statusCode).toBe(201);
    const nothing = await admin('PATCH', `/cohorts/${date}`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().detail).toContain(messages.admin.cohortNothingToChange);
    expect((await admin('PATCH', `/cohorts/${date}`, { capacity: -1 })).statusCode).toBe(400);
    const missing = await admin('PATCH', `/cohorts/${inDays(51)}`, { closed: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: messages.admin.cohortNotFound });
    expect((await admin('DELETE', `/cohorts/not-a-date`)).statusCode).toBe(400);
  });

  it('deletes only a date no student chose (409 otherwise), and audits every change', async () => {
    const taken = inDays(60);
    const empty = inDays(61);
    await admin('POST', '/cohorts', { course_start_date: taken });
    await admin('POST', '/cohorts', { course_start_date: empty });
    const student = await registerStudent(t);
    expect((await selectCourse(t, student, 'pro', taken)).statusCode).toBe(200);
    const refused = await admin('DELETE', `/cohorts/${taken}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.admin.cohortHasStudents(1) });
    expect((await admin('DELETE', `/cohorts/${empty}`)).statusCode).toBe(204);
    expect((await admin('DELETE', `/cohorts/${empty}`)).statusCode).toBe(404);
    await expect.poll(offeredDates, NOTIFIED).not.toContain(empty);

    const actions = (await t.db.select().from(auditLog)).map((row) => [row.action, row.details?.course_start_date]);
    expect(actions).toContainEqual(['cohort.created', taken]);
    expect(actions).toContainEqual(['cohort.deleted', empty]);
    expect(actions.filter(([action]) => action === 'cohort.updated').length).toBeGreaterThanOrEqual(3);
  });

  it('gives the last place to exactly one of two students choosing it at the same moment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const date = inDays(100 + round);
      expect((await admin('POST', '/cohorts', { course_start_date: date, capacity: 1 })).statusCode).toBe(201);
      const [a, b] = await Promise.all([registerStudent(t), registerStudent(t)]);
      const answers = await Promise.all([selectCourse(t, a, 'foundation', date), selectCourse(t, b, 'pro', date)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const holders = await t.db.select().from(students).where(eq(students.courseStartDate, date));
      expect(holders).toHaveLength(1);
    }
  });

  it('once every saved date has passed, offers none, not the every-two-months rule', async () => {
    expect((await admin('GET', '/cohorts')).json().cohorts.length).toBeGreaterThan(0);
    const afterEverySavedDate = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000);
    expect(await offeredCourseDates(t.db, afterEverySavedDate)).toEqual([]);
  });
});
