// engines: both
/**
 * Square's webhook racing the site's own money paths on one payment (on PostgreSQL they interleave
 * on separate connections): exactly one outcome each time, and the ledger invariants hold after.
 * 1. A payment left pending: Square's webhook, the reconciler and an admin refund at once. It is
 *    completed once (one settlement, one receipt); the refund finds it pending (409) or refunds it once.
 * 2. A completed payment: an admin refund here and a refund in Square's dashboard at once. Square
 *    refunds once (the fake refuses more than the payment), and one refund is recorded.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, emailOutbox, payments, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { RECONCILE_JOB } from '@server/jobs/reconcile-payments';
import { insertPayment, insertStudent, pricePence, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import { FakeSquare, squareSandboxConfig, squareWebhookConfig } from './fake-square';

const TRIES = 10;
const LONG_AGO = new Date(Date.now() - 10 * 60 * 1000);

describe('Square webhook races', () => {
  let t: TestApp;
  let square: FakeSquare;
  let adminToken: string;
  beforeAll(async () => {
    square = await new FakeSquare().start();
    t = await buildTestApp({ ...squareSandboxConfig(square), ...squareWebhookConfig, RECONCILE_AFTER_S: '60' });
    square.webhooksTo(t.app);
    adminToken = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await square.stop();
  });

  const refund = (paymentId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: bearer(adminToken),
      payload: { reason: 'Race' },
    });
  const paymentRow = async (id: string) => one(await t.db.select().from(payments).where(eq(payments.id, id)));
  const auditsOf = async (paymentId: string) =>
    (await t.db.select().from(auditLog)).filter((r) => (r.details as { payment_id?: string }).payment_id === paymentId);

  it(
    `the webhook, the reconciler and an admin refund on one pending payment: one outcome (${TRIES} tries)`,
    { timeout: 180_000 },
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < TRIES; i += 1) {
        const student = await insertStudent(t.db);
        ids.push(student.id);
        const payment = await insertPayment(t.db, {
          studentId: student.id,
          paymentType: 'enrollment',
          status: 'pending',
          columns: { createdAt: LONG_AGO, replaySourceId: 'fake:charge-then-lost' },
        });
        square.chargeLost({
          idempotencyKey: payment.idempotencyKey,
          amountPence: payment.amountPence,
          referenceId: payment.id,
        });
        const completed = square.lastEvent('payment.updated');
        square.discardQueued(); // only the event sent in the race below counts
        const [webhook, , refunded] = await Promise.all([
          square.send(square.again(completed)),
          t.app.jobs.runNow(RECONCILE_JOB),
          refund(payment.id),
        ]);
        expect(webhook).toBe(200);
        const row = await paymentRow(payment.id);
        const student_ = one(await t.db.select().from(students).where(eq(students.id, student.id)));
        const audits = await auditsOf(payment.id);
        // Completed exactly once, by whichever came first.
        expect(audits.filter((a) => a.action === 'payment.reconciled')).toHaveLength(1);
        const receipts = await t.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.studentId, student.id), eq(emailOutbox.template, 'payment-receipt')));
        if (refunded.statusCode === 200) {
          expect(row).toMatchObject({ status: 'refunded', refundSource: 'admin' });
          expect(student_).toMatchObject({ enrollmentPaid: false, totalPaidPence: 0 });
          expect(audits.filter((a) => a.action === 'payment.refunded')).toHaveLength(1);
          expect(receipts).toHaveLength(2); // the payment's, then the refund's
        } else {
          expect(refunded.statusCode).toBe(409);
          expect(refunded.json()).toEqual({ detail: messages.admin.refundOnlyCompleted });
          expect(row.status).toBe('completed');
          expect(student_).toMatchObject({ enrollmentPaid: true, totalPaidPence: pricePence('enrollment') });
          expect(receipts).toHaveLength(1);
        }
      }
      expect(await findLedgerViolations(t.db, { studentIds: ids })).toEqual([]);
    },
  );

  it(
    `an admin refund and a refund in Square's dashboard at once: one refund (${TRIES} tries)`,
    { timeout: 180_000 },
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < TRIES; i += 1) {
        const student = await registerStudent(t);
        ids.push(student.id);
        expect((await selectCourse(t, student, 'pro')).statusCode).toBe(200);
        expect((await pay(t, student, 'combined', { amount: pricePounds('combined', 'pro') })).statusCode).toBe(200);
        await square.deliverWebhooks();
        const payment = one(await t.db.select().from(payments).where(eq(payments.studentId, student.id)));
        const [here, there] = await Promise.all([
          refund(payment.id),
          // Refused by the fake when the admin's refund reached Square first.
          square.dashboardRefund(payment.providerReference ?? '').catch(() => null),
        ]);
        await square.deliverWebhooks(); // the admin refund's events
        const refundsAtSquare = [...square.refunds.values()].filter((r) => r.paymentId === payment.providerReference);
        expect(refundsAtSquare).toHaveLength(1);
        const row = await paymentRow(payment.id);
        expect(row).toMatchObject({ status: 'refunded', refundedPence: pricePence('combined', 'pro') });
        expect(row.refundSource).toBe(here.statusCode === 200 ? 'admin' : 'square');
        if (here.statusCode !== 200) {
          // Square refused the second refund (502), or the webhook had recorded the first (409).
          expect([409, 502]).toContain(here.statusCode);
          expect(there).not.toBeNull();
        }
        const audits = (await auditsOf(payment.id)).filter((a) =>
          ['payment.refunded', 'payment.refunded_in_square'].includes(a.action),
        );
        expect(audits).toHaveLength(1);
        expect(one(await t.db.select().from(students).where(eq(students.id, student.id)))).toMatchObject({
          totalPaidPence: 0,
          coursePaid: false,
        });
      }
      expect(await findLedgerViolations(t.db, { studentIds: ids })).toEqual([]);
    },
  );
});
