import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, students } from '@server/db/schema';
import { REFERRAL_CODE_PATTERN } from '@shared/codes';
import { buildTestApp, type TestApp } from '../helpers/app';
import { pay, PRICES, registerStudent, selectCourse } from '../helpers/enrolment';

/** Card payments in offline mode (Square's sandbox test tokens, no network). */
describe('card payments (POST /api/square/create-payment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const studentRow = async (id: string) => (await t.db.select().from(students).where(eq(students.id, id)))[0];
  const paymentRows = (id: string) => t.db.select().from(payments).where(eq(payments.studentId, id));

  it('takes the enrolment fee: payment completed, student paid, total and a new referral code', async () => {
    const student = await registerStudent(t);
    const res = await pay(t, student, 'enrollment', { amount: 9.99 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      status: 'completed',
      payment_type: 'enrollment',
      amount: 9.99,
      currency: 'GBP',
    });
    expect(body.student).toMatchObject({ id: student.id, enrollment_paid: true, course_paid: false, total_paid: 9.99 });
    expect(body.student.referral_code).toMatch(REFERRAL_CODE_PATTERN);
    const [payment] = await paymentRows(student.id);
    expect(payment).toMatchObject({
      status: 'completed',
      amountPence: 999,
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
    const res = await pay(t, student, 'combined', { amount: PRICES['combined:pro'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().student).toMatchObject({
      enrollment_paid: true,
      course_paid: true,
      total_paid: 224.99,
      course_type: 'pro',
    });
    const [payment] = await paymentRows(student.id);
    expect(payment).toMatchObject({
      courseType: 'pro',
      amountPence: 22499,
      description: 'Enrollment Fee + Pro Course',
    });
  });

  it('takes a course after the enrolment fee, and refuses paying anything twice', async () => {
    const student = await registerStudent(t);
    await pay(t, student, 'enrollment', { amount: 9.99 });
    const again = await pay(t, student, 'enrollment', { amount: 9.99 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'The enrollment fee has already been paid for this student.' });

    await selectCourse(t, student, 'foundation');
    const course = await pay(t, student, 'course', { amount: 75 });
    expect(course.statusCode).toBe(200);
    expect(course.json().student).toMatchObject({ course_paid: true, total_paid: 84.99 });
    const twice = await pay(t, student, 'course', { amount: 75 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'The course has already been paid for this student.' });
    const combined = await pay(t, student, 'combined', { amount: 84.99 });
    expect(combined.statusCode).toBe(409);
    expect((await paymentRows(student.id)).filter((p) => p.status === 'completed')).toHaveLength(2);
  });

  it('refuses a course payment without a chosen course or before the enrolment fee', async () => {
    const student = await registerStudent(t);
    const noCourse = await pay(t, student, 'combined', { amount: 84.99 });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json()).toEqual({ detail: 'Please select a course before paying for it.' });
    await selectCourse(t, student, 'foundation');
    const noFee = await pay(t, student, 'course', { amount: 75 });
    expect(noFee.statusCode).toBe(400);
    expect(noFee.json()).toEqual({ detail: 'Please pay the enrollment fee first, or choose the Complete Package.' });
    expect(await paymentRows(student.id)).toEqual([]);
  });

  it('refuses a tampered amount with 400 and charges nothing', async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'pro');
    for (const amount of [0.01, 9.99, 84.99, 224.98, 225]) {
      const res = await pay(t, student, 'combined', { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json()).toEqual({
        detail: 'The amount does not match the price of this purchase (£224.99). Please reload the page and try again.',
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
        amount: 9.99,
        currency: 'USD',
        payment_type: 'enrollment',
        idempotency_key: randomUUID(),
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
      amount: 9.99,
      currency: 'GBP',
      payment_type: 'enrollment',
      idempotency_key: randomUUID(),
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
    const unknown = await pay(t, ghost, 'enrollment', { amount: 9.99 });
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
        amount: 9.99,
        currency: 'GBP',
        payment_type: 'enrollment',
        idempotency_key: randomUUID(),
      },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await pay(t, student, 'enrollment', { amount: 9.99, token: other.token });
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
    const res = await pay(t, student, 'enrollment', { amount: 9.99, sourceId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
    const [payment] = await paymentRows(student.id);
    expect(payment).toMatchObject({ status: 'failed', failureDetail: detail, completedAt: null });
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: false,
      totalPaidPence: 0,
      referralCode: null,
    });
    // A new attempt (new key) with a good card then succeeds.
    expect((await pay(t, student, 'enrollment', { amount: 9.99 })).statusCode).toBe(200);
  });

  it('replays the same answer for a retried key without charging again', async () => {
    const student = await registerStudent(t);
    const key = randomUUID();
    const first = await pay(t, student, 'enrollment', { amount: 9.99, key });
    const retry = await pay(t, student, 'enrollment', { amount: 9.99, key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payment_id).toBe(first.json().payment_id);
    expect((await studentRow(student.id)).totalPaidPence).toBe(999);

    const declinedKey = randomUUID();
    await pay(t, student, 'course', { amount: 75, key: declinedKey, sourceId: 'cnon:card-nonce-declined' });
    const declinedRetry = await pay(t, student, 'course', { amount: 75, key: declinedKey });
    expect(declinedRetry.statusCode).toBe(400);
  });

  it('turns 20 concurrent calls with the same key into exactly one completed payment', async () => {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'foundation');
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pay(t, student, 'combined', { amount: 84.99, key })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().payment_id)).size).toBe(1);
    const rows = await paymentRows(student.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('completed');
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: true,
      coursePaid: true,
      totalPaidPence: 8499,
    });
  });

  it('lets only one of two concurrent attempts with different keys take the money', async () => {
    const student = await registerStudent(t);
    const results = await Promise.all([
      pay(t, student, 'enrollment', { amount: 9.99 }),
      pay(t, student, 'enrollment', { amount: 9.99 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await studentRow(student.id)).totalPaidPence).toBe(999);
  });
});
