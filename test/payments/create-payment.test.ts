// engines: both
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, students } from '@server/db/schema';
import { REFERRAL_CODE_PATTERN } from '@shared/codes';
import { poundsText, pricePence, pricePounds } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { one } from '@server/db/rows';

const FEE = pricePounds('enrollment');
const FOUNDATION = pricePounds('course', 'foundation');
const FOUNDATION_PACKAGE = pricePounds('combined', 'foundation');
const PRO_PACKAGE = pricePounds('combined', 'pro');

/** Card payments in offline mode (Square's sandbox test tokens, no network). */
describe('card payments (POST /api/square/create-payment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const studentRow = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
  const paymentRows = (id: string) => t.db.select().from(payments).where(eq(payments.studentId, id));

  it('takes the enrolment fee: payment completed, student paid, total and a new referral code', async () => {
    const student = await registerStudent(t);
    const res = await pay(t, student, 'enrollment', { amount: FEE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: 'completed',
      payment_type: 'enrollment',
      amount: FEE,
      currency: 'GBP',
    });
    expect(body.student).toMatchObject({ id: student.id, enrollment_paid: true, course_paid: false, total_paid: FEE });
    expect(body.student.referral_code).toMatch(REFERRAL_CODE_PATTERN);
    const payment = one(await paymentRows(student.id));
    expect(payment).toMatchObject({
      status: 'completed',
      amountPence: pricePence('enrollment'),
      method: 'card',
      paymentType: 'enrollment',
      description: 'Enrollment Fee',
    });
    expect(payment.providerReference).toMatch(/^offline-/);
    expect(payment.completedAt).not.toBeNull();
  });

  it('takes the Complete Package for Pro in one payment', async () => {
    const student = await registerStudent(t);
    expect((await selectCourse(t, student, 'pro')).statusCode).toBe(200);
    const res = await pay(t, student, 'combined', { amount: PRO_PACKAGE });
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({
      enrollment_paid: true,
      course_paid: true,
      total_paid: PRO_PACKAGE,
      course_type: 'pro',
    });
    const payment = one(await paymentRows(student.id));
    expect(payment).toMatchObject({
      courseType: 'pro',
      amountPence: pricePence('combined', 'pro'),
      description: 'Enrollment Fee + Pro Course',
    });
  });

  it('takes a course after the enrolment fee, and refuses paying anything twice', async () => {
    const student = await registerStudent(t);
    await pay(t, student, 'enrollment', { amount: FEE });
    const again = await pay(t, student, 'enrollment', { amount: FEE });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'The enrollment fee has already been paid for this student.' });

    await selectCourse(t, student, 'foundation');
    const course = await pay(t, student, 'course', { amount: FOUNDATION });
    expect(course.statusCode).toBe(200);
    expect(course.json().student).toMatchObject({ course_paid: true, total_paid: FOUNDATION_PACKAGE });
    const twice = await pay(t, student, 'course', { amount: FOUNDATION });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'The course has already been paid for this student.' });
    const combined = await pay(t, student, 'combined', { amount: FOUNDATION_PACKAGE });
    expect(combined.statusCode).toBe(409);
    expect((await paymentRows(student.id)).filter((p) => p.status === 'completed')).toHaveLength(2);
  });

  it('refuses a course payment without a chosen course or before the enrolment fee', async () => {
    const student = await registerStudent(t);
    const noCourse = await pay(t, student, 'combined', { amount: FOUNDATION_PACKAGE });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json()).toEqual({ detail: 'Please select a course before paying for it.' });
    await selectCourse(t, student, 'foundation');
    const noFee = await pay(t, student, 'course', { amount: FOUNDATION });
    expect(noFee.statusCode).toBe(400);
    expect(noFee.json()).toEqual({ detail: 'Please pay the enrollment fee first, or choose the Complete Package.' });
    expect(await paymentRows(student.id)).toEqual([]);
  });

  it("refuses an amount that is not today's price with 409 and today's amount, and charges nothing", async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'pro');
    const pence = pricePence('combined', 'pro');
    // Other prices of the catalogue, and a penny either side of the right one.
    for (const amount of [0.01, FEE, FOUNDATION_PACKAGE, (pence - 1) / 100, (pence + 1) / 100]) {
      const res = await pay(t, student, 'combined', { amount });
      expect(res.statusCode, String(amount)).toBe(409);
      expect(res.json()).toEqual({
        detail: `The amount does not match the price of this purchase (${poundsText(pence)}). Please reload the page and try again.`,
        amount: pence / 100,
      });
    }
    expect(await paymentRows(student.id)).toEqual([]);
    expect((await studentRow(student.id)).enrollmentPaid).toBe(false);
  });

  it('accepts only GBP', async () => {
    const student = await registerStudent(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/square/create-payment',
      headers: { authorization: `Bearer ${student.token}` },
      payload: {
        source_id: 'cnon:card-nonce-ok',
        student_id: student.id,
        amount: FEE,
        currency: 'USD',
        payment_type: 'enrollment',
        idempotency_key: randomUUID(),
        terms_accepted: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Only payments in GBP are accepted' });
  });

  it('validates the request: missing token, unknown type, bad key', async () => {
    const student = await registerStudent(t);
    const base = {
      source_id: 'cnon:card-nonce-ok',
      student_id: student.id,
      amount: FEE,
      currency: 'GBP',
      payment_type: 'enrollment',
      idempotency_key: randomUUID(),
      terms_accepted: true,
    };
    const cases: Array<[object, RegExp]> = [
      [{ ...base, source_id: '' }, /source_id is required/],
      [{ ...base, payment_type: 'everything' }, /payment_type/],
      [{ ...base, idempotency_key: 'x' }, /idempotency_key/],
      [{ ...base, amount: -1 }, /amount/],
      [{ ...base, student_id: 'nope' }, /Invalid id/],
    ];
    for (const [payload, detail] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/square/create-payment',
        headers: { authorization: `Bearer ${student.token}` },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
  });

  it('answers 404 for an unknown student, 401 without a token, 403 with another student token', async () => {
    const admin = await t.adminToken();
    const ghost = { id: randomUUID(), token: admin };
    const unknown = await pay(t, ghost, 'enrollment', { amount: FEE });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Student not found' });

    const student = await registerStudent(t);
    const other = await registerStudent(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/square/create-payment',
      payload: {
        source_id: 'cnon:card-nonce-ok',
        student_id: student.id,
        amount: FEE,
        currency: 'GBP',
        payment_type: 'enrollment',
        idempotency_key: randomUUID(),
        terms_accepted: true,
      },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await pay(t, student, 'enrollment', { amount: FEE, token: other.token });
    expect(foreign.statusCode).toBe(403);
    expect(await paymentRows(student.id)).toEqual([]);
  });

  it.each([
    ['cnon:card-nonce-declined', 'Your card was declined. Please use a different card.'],
    ['cnon:card-nonce-rejected-cvv', "The card's security code (CVV) was not accepted. Please check it and try again."],
    ['cnon:card-nonce-rejected-postalcode', "The card's postcode did not match. Please check it and try again."],
    ['cnon:card-nonce-rejected-expiration', "The card's expiry date was not accepted. Please check it and try again."],
    ['cnon:something-else', 'The card details could not be read. Please enter them again.'],
  ])('declines %s with a clear detail and marks nothing paid', async (sourceId, detail) => {
    const student = await registerStudent(t);
    const res = await pay(t, student, 'enrollment', { amount: FEE, sourceId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    const payment = one(await paymentRows(student.id));
    expect(payment).toMatchObject({ status: 'failed', failureDetail: detail, completedAt: null });
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: false,
      totalPaidPence: 0,
      referralCode: null,
    });
    // A new attempt (new key) with a good card then succeeds.
    expect((await pay(t, student, 'enrollment', { amount: FEE })).statusCode).toBe(200);
  });

  it('replays the same answer for a retried key without charging again', async () => {
    const student = await registerStudent(t);
    const key = randomUUID();
    const first = await pay(t, student, 'enrollment', { amount: FEE, key });
    const retry = await pay(t, student, 'enrollment', { amount: FEE, key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payment_id).toBe(first.json().payment_id);
    expect((await studentRow(student.id)).totalPaidPence).toBe(pricePence('enrollment'));

    const declinedKey = randomUUID();
    await pay(t, student, 'course', { amount: FOUNDATION, key: declinedKey, sourceId: 'cnon:card-nonce-declined' });
    const declinedRetry = await pay(t, student, 'course', { amount: FOUNDATION, key: declinedKey });
    expect(declinedRetry.statusCode).toBe(400);
  });

  it('turns 20 concurrent calls with the same key into exactly one completed payment', async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'foundation');
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(t, student, 'combined', { amount: FOUNDATION_PACKAGE, key })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().payment_id)).size).toBe(1);
    const rows = await paymentRows(student.id);
    expect(rows).toHaveLength(1);
    expect(one(rows).status).toBe('completed');
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: true,
      coursePaid: true,
      totalPaidPence: pricePence('combined', 'foundation'),
    });
  });

  it('lets only one of two concurrent attempts with different keys take the money', async () => {
    const student = await registerStudent(t);
    const results = await Promise.all([
      pay(t, student, 'enrollment', { amount: FEE }),
      pay(t, student, 'enrollment', { amount: FEE }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await studentRow(student.id)).totalPaidPence).toBe(pricePence('enrollment'));
  });
});
