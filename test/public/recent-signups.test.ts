// engines: both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SIGNUPS_CACHE_MS } from '@server/routes/public';
import type { CourseType } from '@shared/catalogue';
import { insertPaidStudent, insertStudent } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';

describe('GET /api/recent-signups', () => {
  let t: TestApp;
  /** How far the app's clock is moved ahead of the system's. */
  let aheadMs = 0;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  /**
   * A student who paid by card at `paidAt` (the fee, or the Complete Package when `course` is given)
   * and agreed at step 1 to be shown.
   */
  const signUp = (
    firstName: string,
    lastName: string,
    paidAt: Date,
    { course, signupLocation }: { course?: CourseType; signupLocation?: string } = {},
  ) => insertPaidStudent(t.db, { course, coursePaid: Boolean(course), paidAt, columns: { firstName, lastName, signupLocation, showInRecentSignups: true } });

  beforeAll(async () => {
    t = await buildTestApp({}, { clock: () => new Date(Date.now() + aheadMs) });
    // Registered long ago but paid most recently: the newest sign-up is the newest payment.
    await signUp('Amelia', 'Thornbury', minutesAgo(30));
    await signUp('Oliver', 'Whitcombe', minutesAgo(5), { course: 'pro', signupLocation: 'Leeds' });
    await signUp('Isla', 'Pemberton', minutesAgo(10), { course: 'foundation' });
    // Registered but never paid: not a sign-up.
    await insertStudent(t.db, { firstName: 'Unpaid', lastName: 'Hargreaves', email: 'unpaid-hargreaves@example.com' });
  });
  afterAll(() => t.close());

  const fetchSignups = () => t.app.inject({ method: 'GET', url: '/api/recent-signups' });

  it('lists only students who paid the enrolment fee, newest payment first', async () => {
    const res = await fetchSignups();
    expect(res.statusCode).toBe(200);
    const { notifications } = res.json();
    expect(notifications.map((n: { first_name: string }) => n.first_name)).toEqual(['Oliver', 'Isla', 'Amelia']);
  });

  it('publishes the first name and town only, never a surname, email or student id', async () => {
    const res = await fetchSignups();
    const [oliver] = res.json().notifications;
    expect(oliver).toMatchObject({ first_name: 'Oliver', signup_location: 'Leeds' });
    expect(Object.keys(oliver).sort()).toEqual(['course_type', 'first_name', 'id', 'signed_up_at', 'signup_location']);
    for (const secret of ['Whitcombe', 'Thornbury', 'Pemberton', 'Hargreaves', '@example.com', 'Unpaid']) {
      expect(res.body).not.toContain(secret);
    }
    const studentIds = (await t.db.query.students.findMany({ columns: { id: true } })).map((s) => s.id);
    for (const id of studentIds) expect(res.body).not.toContain(id);
  });

  it("shows the course bought, 'Enrollment' when only the fee is paid, and 'UK' when the location is unknown", async () => {
    const { notifications } = (await fetchSignups()).json();
    expect(notifications).toEqual([
      expect.objectContaining({ first_name: 'Oliver', course_type: 'Pro', signup_location: 'Leeds' }),
      expect.objectContaining({ first_name: 'Isla', course_type: 'Foundation', signup_location: 'UK' }),
      expect.objectContaining({ first_name: 'Amelia', course_type: 'Enrollment', signup_location: 'UK' }),
    ]);
  });

  it('serves a cached answer for a short while, then shows new sign-ups', async () => {
    const before = (await fetchSignups()).json().notifications.length;
    await signUp('Freya', 'Ashdown', new Date());

    const cached = await fetchSignups();
    expect(cached.headers['cache-control']).toBe(`public, max-age=${RECENT_SIGNUPS_CACHE_MS / 1000}`);
    expect(cached.json().notifications).toHaveLength(before);

    aheadMs += RECENT_SIGNUPS_CACHE_MS + 1;
    const fresh = (await fetchSignups()).json().notifications;
    expect(fresh).toHaveLength(before + 1);
    expect(fresh[0]).toMatchObject({ first_name: 'Freya' });
  });
});
