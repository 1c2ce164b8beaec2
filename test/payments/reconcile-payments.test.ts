// engines: both
/**
 * Payments left pending (a crash between the charge and its record, a lost answer) settle
 * themselves: the reconciler asks the provider about the idempotency key and completes the payment
 * once, or fails it so that the key can never charge later.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, payments, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { createCardPayment } from '@server/domain/payments/create-card-payment';
import { DomainError } from '@server/errors';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { RECONCILE_JOB } from '@server/jobs/reconcile-payments';
import { OfflineSquareProvider } from '@server/square/offline-provider';
import { insertPayment, insertStudent, pricePence, pricePounds } from '../factories';
import { buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent } from '../helpers/enrolment';
import { FakeSquare, squareSandboxConfig, squareSandboxProvider } from './fake-square';
import { chargeRequestFor } from '@server/domain/payments/apply-payment';

const LONG_AGO = new Date(Date.now() - 10 * 60 * 1000);

async function stuckPayment(t: TestApp, options: { createdAt?: Date } = {}) {
  const student = await insertStudent(t.db);
  const payment = await insertPayment(t.db, {
    studentId: student.id,
    paymentType: 'enrollment',
    status: 'pending',
    columns: { createdAt: options.createdAt ?? LONG_AGO, replaySourceId: 'cnon:card-nonce-ok' },
  });
  return { student, payment };
}

const row = async (t: TestApp, id: string) => one(await t.db.select().from(payments).where(eq(payments.id, id)));
const studentRow = async (t: TestApp, id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
const audits = (t: TestApp, studentId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.studentId, studentId), eq(auditLog.action, 'payment.reconciled')));

describe('reconciling stuck payments (offline provider ledger)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RECONCILE_AFTER_S: '60' });
  });
  afterAll(() => t.close());

  it('completes a payment the provider charged before the process died, once, with an audit row', async () => {
    const { student, payment } = await stuckPayment(t);
    // The provider answered (and wrote its ledger), then the process was killed before recording it.
    const charged = await new OfflineSquareProvider(t.db).charge(chargeRequestFor(payment, 'cnon:card-nonce-ok'));
    await t.app.jobs.runNow(RECONCILE_JOB);
    await t.app.jobs.runNow(RECONCILE_JOB);
    expect(await row(t, payment.id)).toMatchObject({
      status: 'completed',
      needsReview: false,
      providerReference: charged.outcome === 'completed' ? charged.providerReference : 'x',
      replaySourceId: null,
    });
    expect(await studentRow(t, student.id)).toMatchObject({
      enrollmentPaid: true,
      totalPaidPence: pricePence('enrollment'),
    });
    const entries = await audits(t, student.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: null,
      details: { payment_id: payment.id, outcome: 'completed' },
    });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('fails a payment the provider never saw, and the key can never charge afterwards', async () => {
    const { student, payment } = await stuckPayment(t);
    await t.app.jobs.runNow(RECONCILE_JOB);
    expect(await row(t, payment.id)).toMatchObject({
      status: 'failed',
      failureDetail: messages.enrolment.paymentNotTaken,
    });
    const late = await new OfflineSquareProvider(t.db).charge(chargeRequestFor(payment, 'cnon:card-nonce-ok'));
    expect(late).toEqual({ outcome: 'declined', detail: messages.enrolment.paymentNotTaken });
    expect(await studentRow(t, student.id)).toMatchObject({ enrollmentPaid: false, totalPaidPence: 0 });
    expect(await audits(t, student.id)).toHaveLength(1);
    // The student can pay again with a new attempt.
    const token = await t.studentToken(student.id);
    const again = await pay(t, { id: student.id, token }, 'enrollment', { amount: pricePounds('enrollment') });
    expect(again.statusCode).toBe(200);
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('leaves payments younger than RECONCILE_AFTER_S alone', async () => {
    const { payment } = await stuckPayment(t, { createdAt: new Date() });
    await t.app.jobs.runNow(RECONCILE_JOB);
    expect((await row(t, payment.id)).status).toBe('pending');
  });

  it('concurrent reconciler passes settle each payment once', async () => {
    const stuck = await Promise.all(Array.from({ length: 10 }, () => stuckPayment(t)));
    const provider = new OfflineSquareProvider(t.db);
    for (const { payment } of stuck.slice(0, 5)) {
      await provider.charge({
        sourceId: 'cnon:card-nonce-ok',
        idempotencyKey: payment.idempotencyKey,
        amountPence: payment.amountPence,
        currency: 'GBP',
        note: 'x',
        referenceId: payment.id,
      });
    }
    await Promise.all(Array.from({ length: 4 }, () => t.app.jobs.runNow(RECONCILE_JOB)));
    await t.app.jobs.runNow(RECONCILE_JOB);
    const ids = stuck.map((s) => s.student.id);
    for (const [i, { payment, student }] of stuck.entries()) {
      expect((await row(t, payment.id)).status).toBe(i < 5 ? 'completed' : 'failed');
      expect(await audits(t, student.id)).toHaveLength(1);
    }
    expect(await findLedgerViolations(t.db, { studentIds: ids })).toEqual([]);
  });
});

describe('reconciling stuck payments (Square API, replaying CreatePayment)', () => {
  let t: TestApp;
  let square: FakeSquare;
  beforeAll(async () => {
    square = await new FakeSquare().start();
    t = await buildTestApp(squareSandboxConfig(square));
  });
  afterAll(async () => {
    await t.close();
    await square.stop();
  });
  beforeEach(() => {
    square.requests.length = 0;
    square.charges.clear();
  });

  it('a charge whose answer was lost completes by replay with the same key and source, charged once', async () => {
    const student = await registerStudent(t);
    // Long enough for the request to reach the fake on a loaded machine; the fake never answers it.
    const provider = squareSandboxProvider(square, 2);
    const key = randomUUID();
    const error = await createCardPayment(
      t.db,
      provider,
      {
        studentId: student.id,
        sourceId: 'fake:charge-then-lost',
        amount: pricePounds('enrollment'),
        paymentType: 'enrollment',
        idempotencyKey: key,
        termsAccepted: true,
      },
      t.app.clock,
    ).catch((e: unknown) => e);
    // Unknown outcome: unavailable (a timeout) or upstream_failed, depending on how the SDK reports the lost answer.
    expect(error).toBeInstanceOf(DomainError);
    expect(['upstream_failed', 'unavailable']).toContain((error as DomainError).kind);
    const pending = one(await t.db.select().from(payments).where(eq(payments.idempotencyKey, key)));
    expect(pending.status).toBe('pending');
    await expect.poll(() => square.charges.size, { timeout: 10_000 }).toBe(1);

    await t.db.update(payments).set({ createdAt: LONG_AGO }).where(eq(payments.id, pending.id));
    await t.app.jobs.runNow(RECONCILE_JOB);

    const replay = square.requests.at(-1);
    expect(replay?.body).toMatchObject({ idempotency_key: key, source_id: 'fake:charge-then-lost' });
    expect(square.charges.size).toBe(1);
    expect(await row(t, pending.id)).toMatchObject({
      status: 'completed',
      providerReference: square.charges.get(key)?.id,
    });
    expect(await studentRow(t, student.id)).toMatchObject({
      enrollmentPaid: true,
      totalPaidPence: pricePence('enrollment'),
    });
    expect(await audits(t, student.id)).toHaveLength(1);
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('keeps a payment pending while Square still cannot answer', async () => {
    const { payment } = await stuckPayment(t);
    await t.db.update(payments).set({ replaySourceId: 'fake:server-error' }).where(eq(payments.id, payment.id));
    await t.app.jobs.runNow(RECONCILE_JOB);
    expect((await row(t, payment.id)).status).toBe('pending');
  });
});
