// engines: both
/**
 * The public course dates are kept in memory between requests and dropped by the database's own
 * notification (the course_dates triggers) of any write that changes places, from this process or any
 * other (docs/perf/course-dates.md). The app's clock is frozen here: only the notification can make a
 * change show.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateAfter } from '@shared/schedule';
import { cohorts, students } from '@server/db/schema';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { courseDates, NOTIFIED, registerStudent, selectCourse } from '../helpers/enrolment';

const now = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ COHORT_HOLD_MINUTES: '30' }, { clock: () => now });
});
afterAll(() => t.close());

let day = 40;
const nextDate = () => isoDateAfter(now, (day += 3));
const placesLeft = async (date: string) =>
  (await courseDates(t)).find((entry) => entry.start_date === date)?.places_left;

describe('course dates kept in memory', () => {
  it("shows an owner's capacity change and a place taken at once, with the clock standing still", async () => {
    const date = nextDate();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cohorts',
      headers: bearer(await t.adminToken('olivia', 'owner')),
      payload: { course_start_date: date, capacity: 5 },
    });
    expect(res.statusCode).toBe(201);
    expect(await placesLeft(date)).toBe(5);
    expect(await placesLeft(date)).toBe(5);

    const student = await registerStudent(t);
    expect((await selectCourse(t, student, 'pro', date)).statusCode).toBe(200);
    await expect.poll(() => placesLeft(date), NOTIFIED).toBe(4);
  });

  it('shows a write made outside the app (another process, a command, psql) once it commits', async () => {
    const date = nextDate();
    await t.db.insert(cohorts).values({ courseStartDate: date, capacity: 8 });
    await expect.poll(() => placesLeft(date), NOTIFIED).toBe(8);
    expect(await placesLeft(date)).toBe(8);

    await t.db.update(cohorts).set({ capacity: 3 }).where(eq(cohorts.courseStartDate, date));
    await expect.poll(() => placesLeft(date), NOTIFIED).toBe(3);

    // A student's start date moved by hand: their place leaves with it.
    const [holder] = await t.db
      .insert(students)
      .values({
        firstName: 'Hand',
        lastName: 'Moved',
        email: `hand.${Date.now()}@example.com`,
        courseType: 'pro',
        courseStartDate: date,
        coursePaid: true,
      })
      .returning();
    await expect.poll(() => placesLeft(date), NOTIFIED).toBe(2);
    await t.db.execute(sql`update students set course_start_date = null where id = ${holder!.id}`);
    await expect.poll(() => placesLeft(date), NOTIFIED).toBe(3);
  });
});
