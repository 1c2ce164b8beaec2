// engines: both
/**
 * GET /api/admin/funnel on a small known data set: registrations grouped by UK week (a Sunday night in
 * UTC that is Monday in London belongs to the Monday's week), each stage counted for the students who
 * reached it, and what the reminders brought back. The clock is the app's, fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '@server/db/schema';
import { insertIdVerification, insertPayment, insertStudent, pricePence } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';

/** Wednesday 18 November 2026, noon: the default range is the 12 weeks from Monday 31 August. */
const NOW = new Date('2026-11-18T12:00:00Z');

describe('the enrolment funnel', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const feePence = pricePence('enrollment');
  const coursePence = pricePence('course', 'pro');

  beforeAll(async () => {
    t = await buildTestApp({}, { clock: () => NOW });
    auth = bearer(await t.adminToken('funnel-owner'));
    const at = (iso: string) => new Date(iso);
    // Monday 16 Nov 00:30 in London (GMT): this week; registered only.
    await insertStudent(t.db, { registrationDate: at('2026-11-16T00:30:00Z') });
    // Sunday 15 Nov 23:30: the week before; every stage reached.
    const all = await insertStudent(t.db, {
      registrationDate: at('2026-11-15T23:30:00Z'),
      courseType: 'pro',
      enrollmentPaid: true,
      coursePaid: true,
      completionStatus: 'completed',
    });
    await insertIdVerification(t.db, all.id, 'approved');
    // Sunday 27 Sep 23:30 UTC is Monday 28 Sep 00:30 in London (BST): the week of the 28th, not the 21st.
    await insertStudent(t.db, { registrationDate: at('2026-09-27T23:30:00Z'), enrollmentPaid: true });
    // This week too: fee and course paid, ID still pending.
    const pending = await insertStudent(t.db, {
      registrationDate: at('2026-11-17T09:00:00Z'),
      courseType: 'foundation',
      enrollmentPaid: true,
      coursePaid: true,
    });
    await insertIdVerification(t.db, pending.id, 'pending');
    // Sunday 30 Aug: before the default range.
    await insertStudent(t.db, { registrationDate: at('2026-08-30T10:00:00Z'), enrollmentPaid: true });
  });
  afterAll(() => t.close());

  const get = (query = '', headers = auth) =>
    t.app.inject({ method: 'GET', url: `/api/admin/funnel${query}`, headers });

  it('counts each registration week of the last 12 (UK weeks from Monday) and the stages reached by now', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: '2026-08-31', to: '2026-11-18' });
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks[0].week).toBe('2026-08-31');
    const byWeek = Object.fromEntries(body.weeks.map((w: { week: string }) => [w.week, w]));
    expect(byWeek['2026-11-16']).toEqual({
      week: '2026-11-16',
      registered: 2,
      fee_paid: 1,
      course_paid: 1,
      id_approved: 0,
      completed: 0,
    });
    expect(byWeek['2026-11-09']).toEqual({
      week: '2026-11-09',
      registered: 1,
      fee_paid: 1,
      course_paid: 1,
      id_approved: 1,
      completed: 1,
    });
    expect(byWeek['2026-09-28']).toMatchObject({ registered: 1, fee_paid: 1, course_paid: 0 });
    expect(byWeek['2026-09-21']).toMatchObject({ registered: 0 });
    expect(body.totals).toEqual({ registered: 4, fee_paid: 3, course_paid: 2, id_approved: 1, completed: 1 });
    expect(body.reminders).toEqual({ sent: 0, recovered: 0, recovered_revenue_pence: 0 });
  });

  it('takes a range of UK calendar dates, both ends included', async () => {
    const body = (await get('?from=2026-11-09&to=2026-11-15')).json();
    expect(body.weeks).toEqual([
      { week: '2026-11-09', registered: 1, fee_paid: 1, course_paid: 1, id_approved: 1, completed: 1 },
    ]);
    // The client sends empty fields for "the default".
    expect((await get('?from=&to=')).json().weeks).toHaveLength(12);
    // Staff read it too.
    const staff = bearer(await t.adminToken('funnel-staff', 'staff'));
    expect((await get('?from=2026-08-01&to=2026-08-31', staff)).json().totals.registered).toBe(1);
  });

  it('counts the reminders sent and the students who paid after theirs, with what they paid less refunds', async () => {
    const sent = (studentId: string, template: 'enrolment-reminder' | 'course-reminder', sentAt: string) =>
      t.db.insert(emailOutbox).values({
        template,
        toAddress: 'someone@example.com',
        studentId,
        data: {},
        status: 'sent',
        sentAt: new Date(sentAt),
        dedupeKey: `test:${template}:${studentId}`,
      });
    // Reminded on the 10th, paid the fee on the 11th; reminded of the course on the 12th, paid it on
    // the 13th, £10 of it refunded since: recovered once, fee + course − £10.
    const won = await insertStudent(t.db, { registrationDate: new Date('2026-11-08T10:00:00Z') });
    await sent(won.id, 'enrolment-reminder', '2026-11-10T09:00:00Z');
    await sent(won.id, 'course-reminder', '2026-11-12T09:00:00Z');
    await insertPayment(t.db, {
      studentId: won.id,
      paymentType: 'enrollment',
      completedAt: new Date('2026-11-11T09:00:00Z'),
    });
    await insertPayment(t.db, {
      studentId: won.id,
      paymentType: 'course',
      course: 'pro',
      completedAt: new Date('2026-11-13T09:00:00Z'),
      columns: { refundedPence: 1000 },
    });
    // Paid before the reminder went: not recovered by it.
    const early = await insertStudent(t.db, { registrationDate: new Date('2026-11-01T10:00:00Z') });
    await insertPayment(t.db, {
      studentId: early.id,
      paymentType: 'enrollment',
      completedAt: new Date('2026-11-09T09:00:00Z'),
    });
    await sent(early.id, 'enrolment-reminder', '2026-11-10T09:00:00Z');
    // A reminder still waiting in the outbox is not sent; a payment that failed recovers nothing.
    const waiting = await insertStudent(t.db);
    await t.db.insert(emailOutbox).values({
      template: 'enrolment-reminder',
      toAddress: 'waiting@example.com',
      studentId: waiting.id,
      data: {},
      dedupeKey: `test:waiting:${waiting.id}`,
    });
    await insertPayment(t.db, { studentId: waiting.id, paymentType: 'enrollment', status: 'failed' });

    const body = (await get()).json();
    expect(body.reminders).toEqual({
      sent: 3,
      recovered: 1,
      recovered_revenue_pence: feePence + coursePence - 1000,
    });
    // Outside the range they were sent in, they are not counted.
    expect((await get('?from=2026-11-11&to=2026-11-11')).json().reminders).toEqual({
      sent: 0,
      recovered: 0,
      recovered_revenue_pence: 0,
    });
  });

  it('refuses a bad range with a 400 {detail}, and anyone without an admin token with a 401', async () => {
    for (const query of [
      '?from=2026-11-10&to=2026-11-01',
      '?from=nope',
      '?to=2026-02-30',
      '?from=2020-01-01&to=2026-11-18',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ detail: expect.any(String) });
    }
    expect((await get('', {})).statusCode).toBe(401);
  });
});
