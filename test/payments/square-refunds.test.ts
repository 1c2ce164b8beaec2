// engines: both
/** Refunds through Square's RefundPayment (the `square` package) against the local fake of Square's API. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payments, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { refundKey } from '@server/domain/payments/refund-payment';
import { messages } from '@shared/messages';
import { pricePence, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { FakeSquare, squareSandboxConfig } from './fake-square';

describe('refunds through the Square API', () => {
  let t: TestApp;
  let square: FakeSquare;
  let token: string;
  beforeAll(async () => {
    square = await new FakeSquare().start();
    t = await buildTestApp(squareSandboxConfig(square));
    token = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await square.stop();
  });
  beforeEach(() => {
    square.refuseRefunds = null;
  });

  async function paidStudent() {
    const student = await registerStudent(t);
    await selectCourse(t, student, 'foundation');
    expect((await pay(t, student, 'combined', { amount: pricePounds('combined', 'foundation') })).statusCode).toBe(200);
    const payment = one(await t.db.select().from(payments).where(eq(payments.studentId, student.id)));
    return { student, payment };
  }
  const refund = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: bearer(token),
      payload: { reason: 'Changed their mind' },
    });
  const studentRow = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));

  it('calls RefundPayment for the whole amount with its own idempotency key, and records the refund', async () => {
    const { student, payment } = await paidStudent();
    const res = await refund(payment.id);
    expect(res.statusCode).toBe(200);
    const request = square.requests.at(-1);
    expect(request?.path).toBe('POST /v2/refunds');
    expect(request?.body).toMatchObject({
      idempotency_key: refundKey(payment.id),
      payment_id: payment.providerReference,
      amount_money: { amount: pricePence('combined', 'foundation'), currency: 'GBP' },
      reason: 'Changed their mind',
    });
    const made = square.refunds.get(refundKey(payment.id));
    expect(one(await t.db.select().from(payments).where(eq(payments.id, payment.id)))).toMatchObject({
      status: 'refunded',
      refundReference: made?.id,
    });
    expect(await studentRow(student.id)).toMatchObject({ enrollmentPaid: false, coursePaid: false, totalPaidPence: 0 });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('a refund Square refuses changes nothing and says why', async () => {
    const { student, payment } = await paidStudent();
    square.refuseRefunds = 'INSUFFICIENT_FUNDS';
    const res = await refund(payment.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: messages.admin.refundRejected('INSUFFICIENT_FUNDS') });
    expect(one(await t.db.select().from(payments).where(eq(payments.id, payment.id))).status).toBe('completed');
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: true,
      coursePaid: true,
      totalPaidPence: pricePence('combined', 'foundation'),
    });
    // Once Square accepts, the refund goes through (same key).
    square.refuseRefunds = null;
    expect((await refund(payment.id)).statusCode).toBe(200);
    expect(square.refunds.has(refundKey(payment.id))).toBe(true);
  });
});
