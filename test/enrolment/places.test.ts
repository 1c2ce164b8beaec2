// engines: both
/**
 * Places and the waitlist (docs/product/enrolment.md, "Places and the waitlist"): a course selection
 * holds its place for COHORT_HOLD_MINUTES, a paid course keeps it, an expired hold frees it; paying
 * claims the place again (409 before any charge when it is gone); full dates stay listed as full; the
 * waitlist is offered each freed place (hold expired, capacity raised, refund, deletion) by e-mail and
 * keeps it WAITLIST_HOLD_HOURS for that address, an expired offer passing to the next. Holds expire by
 * moving the app's clock. The races run side by side on PostgreSQL (one after the other on PGlite).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { isoDateAfter } from '@shared/schedule';
import { cohortWaitlist, emailOutbox, payments, students } from '@server/db/schema';
import { offerWaitlistPlaces } from '@server/domain/cohorts/waitlist';
import { COHORT_WAITLIST_JOB } from '@server/jobs/cohort-waitlist';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { courseDates, NOTIFIED, pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { pricePounds } from '../factories/payments';

const MINUTE = 60_000;
let t: TestApp;
let nowMs = Date.now();
beforeAll(async () => {
  t = await buildTestApp({ COHORT_HOLD_MINUTES: '30', WAITLIST_HOLD_HOURS: '24' }, { clock: () => new Date(nowMs) });
});
afterAll(() => t.close());

let day = 30;
/** A fresh start date per test, well after the clock even once moved. */
const nextDate = () => isoDateAfter(new Date(), (day += 3));
const advance = (ms: number) => {
  nowMs += ms;
};
const owner = async () => bearer(await t.adminToken('olivia', 'owner'));
const admin = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: await owner(), payload });
const addCohort = async (date: string, capacity: number | null) =>
  expect((await admin('POST', '/cohorts', { course_start_date: date, capacity })).statusCode).toBe(201);
const cohortOf = async (date: string) =>
  ((await admin('GET', '/cohorts')).json() as { cohorts: Array<Record<string, unknown>> }).cohorts.find(
    (c) => c.course_start_date === date,
  );
const dateEntry = async (date: string, token?: string) =>
  (await courseDates(t, token)).find((entry) => entry.start_date === date);
const joinWaitlist = (date: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/course-dates/${date}/waitlist`, payload });
const runJob = () => t.app.jobs.runNow(COHORT_WAITLIST_JOB);
const offersTo = async (email: string) =>
  t.db
    .select({ data: emailOutbox.data })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, 'waitlist-place'), eq(emailOutbox.toAddress, email)));
const freshToken = async <S extends { id: string; token: string }>(student: S): Promise<S> => ({
  ...student,
  token: await t.studentToken(student.id),
});
const payCourse = (student: { id: string; token: string }, course: 'foundation' | 'pro' = 'foundation') =>
  pay(t, student, 'combined', { amount: pricePounds('combined', course) });
/** Join one after the other on the app's clock: the first in line is the first who joined. */
const waitlister = () => ({ email: `wait-${randomUUID().slice(0, 8)}@example.com`, first_name: 'Wendy' });

describe('places', () => {
  it('an unpaid selection holds the place for COHORT_HOLD_MINUTES; then it is free again', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    await expect.poll(() => dateEntry(date), NOTIFIED).toMatchObject({ places_left: 1, full: false });
    const a = await registerStudent(t);
    expect((await selectCourse(t, a, 'foundation', date)).statusCode).toBe(200);
    // Listed as full for everyone else, still open to the holder.
    await expect.poll(() => dateEntry(date), NOTIFIED).toMatchObject({ places_left: 0, full: true });
    expect(await dateEntry(date, a.token)).toMatchObject({ places_left: 1, full: false });
    expect(await cohortOf(date)).toMatchObject({ enrolled: 0, held: 1, offered: 0, waiting: 0 });
    const b = await registerStudent(t);
    const refused = await selectCourse(t, b, 'pro', date);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: messages.enrolment.startDateFull });

    advance(29 * MINUTE);
    expect((await selectCourse(t, b, 'pro', date)).statusCode).toBe(409);
    advance(2 * MINUTE);
    await expect.poll(() => dateEntry(date), NOTIFIED).toMatchObject({ places_left: 1, full: false });
    expect(await cohortOf(date)).toMatchObject({ enrolled: 0, held: 0 });
    expect((await selectCourse(t, b, 'pro', date)).statusCode).toBe(200);
    // A, whose hold ran out, cannot take it back.
    expect((await selectCourse(t, a, 'foundation', date)).statusCode).toBe(409);
  });

  it('a paid course keeps its place whatever the hold says', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    const a = await registerStudent(t);
    expect((await selectCourse(t, a, 'foundation', date)).statusCode).toBe(200);
    expect((await payCourse(a)).statusCode).toBe(200);
    advance(3 * 60 * MINUTE);
    expect(await cohortOf(date)).toMatchObject({ enrolled: 1, held: 0 });
    await expect.poll(() => dateEntry(date), NOTIFIED).toMatchObject({ places_left: 0, full: true });
    const b = await registerStudent(t);
    expect((await selectCourse(t, b, 'pro', date)).statusCode).toBe(409);
  });

  it('paying claims the place again: renewed while free, 409 before any charge once taken', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    const a = await freshToken(await registerStudent(t));
    expect((await selectCourse(t, a, 'foundation', date)).statusCode).toBe(200);
    // Expired but nobody took it: the payment claims it again.
    advance(45 * MINUTE);
    const late = await payCourse(a);
    expect(late.statusCode).toBe(200);

    const other = nextDate();
    await addCohort(other, 1);
    const c = await freshToken(await registerStudent(t));
    expect((await selectCourse(t, c, 'foundation', other)).statusCode).toBe(200);
    advance(31 * MINUTE);
    const d = await registerStudent(t);
    expect((await selectCourse(t, d, 'pro', other)).statusCode).toBe(200);
    const lost = await payCourse(c);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({ detail: messages.enrolment.placeLostBeforePayment });
    expect(await t.db.select().from(payments).where(eq(payments.studentId, c.id))).toEqual([]);
    // The fee alone needs no place.
    expect((await pay(t, c, 'enrollment', { amount: pricePounds('enrollment') })).statusCode).toBe(200);
  });
});

describe('waitlist', () => {
  it('joins with 202 (the same answer again), refuses an unknown or closed date and bad input', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    const person = waitlister();
    expect((await joinWaitlist(date, person)).statusCode).toBe(202);
    const again = await joinWaitlist(date, { ...person, email: person.email.toUpperCase() });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ success: true });
    const rows = await t.db.select().from(cohortWaitlist).where(eq(cohortWaitlist.courseStartDate, date));
    expect(rows).toHaveLength(1);

    const unknown = await joinWaitlist(nextDate(), waitlister());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.enrolment.waitlistDateNotFound });
    const closed = nextDate();
    await addCohort(closed, 1);
    await admin('PATCH', `/cohorts/${closed}`, { closed: true });
    expect((await joinWaitlist(closed, waitlister())).statusCode).toBe(404);
    const badEmail = await joinWaitlist(date, { email: 'not-an-email', first_name: 'Wendy' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().detail).toContain(messages.enrolment.waitlist.emailInvalid);
    expect((await joinWaitlist(date, { email: 'w@example.com', first_name: ' ' })).statusCode).toBe(400);
    expect((await joinWaitlist(date, { email: 'w@example.com' })).statusCode).toBe(400);
    expect((await joinWaitlist('2027-13-45', waitlister())).statusCode).toBe(400);
  });

  it('offers a place freed by an expired hold to the first in line, held for their address; then to the next', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    const holder = await registerStudent(t);
    expect((await selectCourse(t, holder, 'foundation', date)).statusCode).toBe(200);
    const first = waitlister();
    const second = waitlister();
    expect((await joinWaitlist(date, first)).statusCode).toBe(202);
    advance(MINUTE);
    expect((await joinWaitlist(date, second)).statusCode).toBe(202);
    await runJob();
    expect(await offersTo(first.email)).toEqual([]);
    expect(await cohortOf(date)).toMatchObject({ held: 1, offered: 0, waiting: 2 });

    // Owner and staff see the line.
    const staff = bearer(await t.adminToken('sam', 'staff'));
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/cohorts/${date}/waitlist`, headers: staff });
    expect(list.statusCode).toBe(200);
    expect(list.json().waitlist).toEqual([
      { email: first.email, first_name: 'Wendy', joined_at: expect.any(String), offered_at: null },
      { email: second.email, first_name: 'Wendy', joined_at: expect.any(String), offered_at: null },
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/cohorts/${nextDate()}/waitlist`, headers: staff }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/cohorts/${date}/waitlist` })).statusCode).toBe(401);

    advance(30 * MINUTE);
    await runJob();
    await runJob();
    const offered = await offersTo(first.email);
    const holdUntil = new Date(nowMs + 24 * 60 * MINUTE).toISOString();
    expect(offered).toEqual([{ data: { firstName: 'Wendy', startDate: date, holdUntil } }]);
    expect(await offersTo(second.email)).toEqual([]);
    expect(await cohortOf(date)).toMatchObject({ held: 0, offered: 1, waiting: 1 });
    // The offer holds the place: full for others, even the holder whose hold ran out.
    await expect.poll(() => dateEntry(date), NOTIFIED).toMatchObject({ places_left: 0, full: true });
    expect((await selectCourse(t, await freshToken(holder), 'foundation', date)).statusCode).toBe(409);

    // The offer runs out: the place passes to the next in line.
    advance(24 * 60 * MINUTE + MINUTE);
    await runJob();
    expect(await offersTo(second.email)).toHaveLength(1);
    // The second takes it: registers with the offered address and chooses the date.
    const taker = await registerStudent(t, { email: second.email });
    expect(await dateEntry(date, taker.token)).toMatchObject({ places_left: 1, full: false });
    expect((await selectCourse(t, taker, 'pro', date)).statusCode).toBe(200);
    expect(await cohortOf(date)).toMatchObject({ held: 1, offered: 0, waiting: 0 });
    const view = await admin('GET', `/cohorts/${date}/waitlist`);
    expect(view.json().waitlist.map((w: { offered_at: string | null }) => w.offered_at !== null)).toEqual([true, true]);
  });

  it('offers places at once when the capacity rises or the date reopens', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    const holder = await registerStudent(t);
    expect((await selectCourse(t, holder, 'foundation', date)).statusCode).toBe(200);
    const first = waitlister();
    const second = waitlister();
    await joinWaitlist(date, first);
    advance(1000);
    await joinWaitlist(date, second);
    expect((await admin('PATCH', `/cohorts/${date}`, { capacity: 2 })).json()).toMatchObject({
      held: 1,
      offered: 1,
      waiting: 1,
    });
    expect(await offersTo(first.email)).toHaveLength(1);
    expect(await offersTo(second.email)).toEqual([]);

    await admin('PATCH', `/cohorts/${date}`, { closed: true });
    await admin('PATCH', `/cohorts/${date}`, { capacity: 3 });
    expect(await offersTo(second.email)).toEqual([]);
    await admin('PATCH', `/cohorts/${date}`, { closed: false });
    expect(await offersTo(second.email)).toHaveLength(1);
  });

  it('a refund of the course payment, or deleting the student, frees a paid place for the waitlist', async () => {
    const date = nextDate();
    await addCohort(date, 2);
    const [a, b] = [await registerStudent(t), await registerStudent(t)];
    for (const s of [a, b]) {
      expect((await selectCourse(t, s, 'foundation', date)).statusCode).toBe(200);
      expect((await payCourse(s)).statusCode).toBe(200);
    }
    const first = waitlister();
    const second = waitlister();
    await joinWaitlist(date, first);
    advance(1000);
    await joinWaitlist(date, second);
    advance(60 * MINUTE);
    await runJob();
    expect(await offersTo(first.email)).toEqual([]);

    const [payment] = await t.db.select().from(payments).where(eq(payments.studentId, a.id));
    const refund = await admin('POST', `/payments/${payment!.id}/refund`, { reason: 'Changed plans' });
    expect(refund.statusCode).toBe(200);
    await runJob();
    expect(await offersTo(first.email)).toHaveLength(1);

    expect((await admin('DELETE', `/students/${b.id}`)).statusCode).toBe(204);
    await runJob();
    expect(await offersTo(second.email)).toHaveLength(1);
  });

  it("is in the student's export, goes with their erasure, and is deleted once the date has come", async () => {
    const date = nextDate();
    await addCohort(date, 1);
    const student = await freshToken(await registerStudent(t));
    expect((await joinWaitlist(date, { email: student.email, first_name: 'Ada' })).statusCode).toBe(202);
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}/export`,
      headers: bearer(student.token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().waitlists).toEqual([
      // The place was free: offered at once.
      { course_start_date: date, first_name: 'Ada', joined_at: expect.any(String), offered_at: expect.any(String) },
    ]);
    expect((await admin('DELETE', `/students/${student.id}`)).statusCode).toBe(204);
    const left = await t.db
      .select()
      .from(cohortWaitlist)
      .where(eq(sql`lower(${cohortWaitlist.email})`, student.email.toLowerCase()));
    expect(left).toEqual([]);

    const passing = nextDate();
    await addCohort(passing, 1);
    await joinWaitlist(passing, waitlister());
    const saved = nowMs;
    nowMs = new Date(`${passing}T12:00:00Z`).getTime();
    await runJob();
    nowMs = saved;
    expect(await t.db.select().from(cohortWaitlist).where(eq(cohortWaitlist.courseStartDate, passing))).toEqual([]);
  });
});

describe('races', () => {
  it('two processes settling one freed place make one offer', async () => {
    const date = nextDate();
    await addCohort(date, 1);
    await joinWaitlist(date, waitlister());
    await joinWaitlist(date, waitlister());
    await t.db.delete(emailOutbox);
    // The place was free when the first joined: offered at once, to the first only.
    const rows = await t.db.select().from(cohortWaitlist).where(eq(cohortWaitlist.courseStartDate, date));
    expect(rows.filter((r) => r.offeredAt !== null)).toHaveLength(1);
    // The offer expires; two passes at once hand the place to exactly one next person.
    advance(25 * 60 * MINUTE);
    const now = new Date(nowMs);
    const made = await Promise.all([
      offerWaitlistPlaces(t.db, { waitlistHoldHours: 24 }, now),
      offerWaitlistPlaces(t.db, { waitlistHoldHours: 24 }, now),
    ]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    const offers = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'waitlist-place'));
    expect(offers).toHaveLength(1);
  });

  it('a hold expiring while its holder pays: the payer keeps the place or gets 409 before any charge', async () => {
    for (let round = 0; round < 8; round += 1) {
      const date = nextDate();
      await addCohort(date, 1);
      const holder = await freshToken(await registerStudent(t));
      expect((await selectCourse(t, holder, 'foundation', date)).statusCode).toBe(200);
      const rival = await freshToken(await registerStudent(t));
      // The hold has just run out as both act.
      advance(30 * MINUTE + 1);
      const [paid, chosen] = await Promise.all([payCourse(holder), selectCourse(t, rival, 'pro', date)]);
      expect([paid.statusCode, chosen.statusCode].sort()).toEqual([200, 409]);
      if (paid.statusCode === 409) {
        expect(paid.json()).toEqual({ detail: messages.enrolment.placeLostBeforePayment });
        expect(await t.db.select().from(payments).where(eq(payments.studentId, holder.id))).toEqual([]);
        // The rival, holding the place, pays; never two paid students for one place.
        expect((await payCourse(rival, 'pro')).statusCode).toBe(200);
      } else {
        // The rival was refused the date, so has no course to pay for.
        expect((await payCourse(rival, 'pro')).statusCode).not.toBe(200);
      }
      const paidHere = await t.db
        .select({ id: students.id })
        .from(students)
        .where(and(eq(students.courseStartDate, date), eq(students.coursePaid, true)));
      expect(paidHere).toHaveLength(1);
      const charged = await t.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'completed'),
            sql`${payments.courseType} is not null`,
            sql`${payments.studentId} in (${sql.raw(`'${holder.id}','${rival.id}'`)})`,
          ),
        );
      expect(charged).toHaveLength(1);
    }
  });

  it('two students choosing the last place while a hold has just expired: exactly one holds it', async () => {
    for (let round = 0; round < 6; round += 1) {
      const date = nextDate();
      await addCohort(date, 1);
      const old = await registerStudent(t);
      expect((await selectCourse(t, old, 'foundation', date)).statusCode).toBe(200);
      advance(31 * MINUTE);
      const [a, b] = [await freshToken(await registerStudent(t)), await freshToken(await registerStudent(t))];
      const answers = await Promise.all([selectCourse(t, a, 'foundation', date), selectCourse(t, b, 'pro', date)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await cohortOf(date)).toMatchObject({ held: 1 });
    }
  });
});
