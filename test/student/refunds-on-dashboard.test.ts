// engines: both
/**
 * The student area's record says what was refunded and when (docs/product/student-area.md): each
 * refunded payment with its amount, whether all of it went back, and the date.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds, payments } from '@server/db/schema';
import { pricePence, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

describe('refunds in the student area record', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await t.adminToken();
  });
  afterAll(() => t.close());

  const record = async (student: { id: string; token: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/student/${student.id}`,
      headers: bearer(student.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists nothing for a student without refunds', async () => {
    const student = await registerStudent(t);
    expect((await record(student)).refunds).toEqual([]);
  });

  it('a full refund: the payment, its amount and the date, and the course is no longer paid', async () => {
    const student = await registerStudent(t);
    expect((await selectCourse(t, student, 'foundation')).statusCode).toBe(200);
    const paid = await pay(t, student, 'combined', { amount: pricePounds('combined', 'foundation') });
    expect(paid.statusCode).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.studentId, student.id));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment!.id}/refund`,
      headers: bearer(adminToken),
      payload: { reason: 'Changed their mind' },
    });
    expect(refund.statusCode).toBe(200);
    const [refunded] = await t.db.select().from(payments).where(eq(payments.id, payment!.id));

    const body = await record(student);
    expect(body.course_paid).toBe(false);
    const total = pricePence('combined', 'foundation');
    expect(body.refunds).toEqual([
      {
        description: 'Enrollment Fee + Foundation Course',
        paid_pence: total,
        refunded_pence: total,
        full: true,
        refunded_at: refunded!.refundedAt!.toISOString(),
      },
    ]);
  });

  it('a refund in part: what went back of what was paid, dated by the last part', async () => {
    const student = await registerStudent(t);
    expect((await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') })).statusCode).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.studentId, student.id));
    // As a refund in part reported by Square is recorded (domain/payments/record-refund.ts).
    const partAt = new Date(Date.now() + 86_400_000);
    await t.db.update(payments).set({ refundedPence: 300, needsReview: true }).where(eq(payments.id, payment!.id));
    await t.db.insert(paymentRefunds).values({
      refundReference: 'r-part',
      paymentId: payment!.id,
      amountPence: 300,
      source: 'square',
      createdAt: partAt,
    });

    expect((await record(student)).refunds).toEqual([
      {
        description: 'Enrollment Fee',
        paid_pence: pricePence('enrollment'),
        refunded_pence: 300,
        full: false,
        refunded_at: partAt.toISOString(),
      },
    ]);
  });
});
