// engines: both
/**
 * Square's webhooks (docs/decisions/039) through the real route, sent by the local fake of Square's
 * API, which signs them itself (test/payments/fake-square.ts, apart from the server's code). For each
 * kind of event: a forged one changes nothing, a replay (same event_id) changes nothing, the same
 * change under another event id is applied once, and events out of order never undo a newer state.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, emailOutbox, paymentRefunds, payments, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { countRefunds, findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { createCardPayment } from '@server/domain/payments/create-card-payment';
import { RECONCILE_JOB } from '@server/jobs/reconcile-payments';
import { pricePence, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';
import {
  FakeSquare,
  signSquareEvent,
  squareSandboxConfig,
  squareWebhookConfig,
  WEBHOOK_KEY,
  WEBHOOK_URL,
  squareSandboxProvider,
} from './fake-square';

const ADMIN_INBOX = 'owners@vbr.test';
const LONG_AGO = new Date(Date.now() - 10 * 60 * 1000);

describe('Square webhooks', () => {
  let t: TestApp;
  let square: FakeSquare;
  let adminToken: string;
  let logs = '';
  beforeAll(async () => {
    square = await new FakeSquare().start();
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += chunk.toString()));
    t = await buildTestApp(
      { ...squareSandboxConfig(square), ...squareWebhookConfig, ADMIN_NOTIFY_EMAIL: ADMIN_INBOX, LOG_LEVEL: 'info' },
      { logger: true, logStream },
    );
    square.webhooksTo(t.app);
    adminToken = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
    await square.stop();
  });

  const admin = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
  const paymentRow = async (id: string) => one(await t.db.select().from(payments).where(eq(payments.id, id)));
  const studentRow = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
  const emails = (template: string, to?: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, template as never), to ? eq(emailOutbox.toAddress, to) : undefined));
  const audits = (action: string, paymentId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.details, auditLog.details)))
      .then((rows) => rows.filter((r) => (r.details as { payment_id?: string }).payment_id === paymentId));
  const revenue = async () => (await admin('/api/admin/stats')).json().total_revenue as number;
  const listed = async (query: string) =>
    (await admin(`/api/admin/payments?${query}`)).json().payments as Array<Record<string, unknown>>;
  const ledgerGreen = async () => expect(await findLedgerViolations(t.db)).toEqual([]);

  /** A payment charged at Square whose answer never came back: pending here (a short SDK timeout). */
  async function chargeThenLose(studentId: string) {
    const provider = squareSandboxProvider(square, 2);
    const error = await createCardPayment(
      t.db,
      provider,
      {
        studentId,
        sourceId: 'fake:charge-then-lost',
        amount: pricePounds('enrollment'),
        paymentType: 'enrollment',
        idempotencyKey: randomUUID(),
        termsAccepted: true,
      },
      t.app.clock,
    ).catch((e: unknown) => e);
    expect(['upstream_failed', 'unavailable']).toContain((error as { kind?: string }).kind);
  }

  /** A student who paid the Foundation package by card at the fake; its events already delivered. */
  async function paidStudent() {
    const student = await registerStudent(t);
    expect((await selectCourse(t, student, 'foundation')).statusCode).toBe(200);
    const res = await pay(t, student, 'combined', { amount: pricePounds('combined', 'foundation') });
    expect(res.statusCode).toBe(200);
    // Square reports the payment the request already recorded: nothing changes.
    expect(await square.deliverWebhooks()).toEqual([200, 200]);
    const payment = one(await t.db.select().from(payments).where(eq(payments.studentId, student.id)));
    return { student, payment, squareId: payment.providerReference ?? '' };
  }

  describe('signatures', () => {
    it('a forged, unsigned, re-addressed or altered event of each type is 401 and changes nothing', async () => {
      const { student, payment, squareId } = await paidStudent();
      const pendingStudent = await registerStudent(t);
      // Square makes a payment, a refund and a dispute; their events are held back for now.
      const target = square.webhooks!;
      square.webhooks = { ...target, send: async () => 200 };
      await chargeThenLose(pendingStudent.id);
      await square.dashboardRefund(squareId, 1000);
      await square.openDispute(squareId);
      square.webhooks = target;
      const events = [
        square.lastEvent('payment.updated'),
        square.lastEvent('refund.updated'),
        square.lastEvent('dispute.created'),
      ];
      const snapshot = async () => ({
        students: [await studentRow(student.id), await studentRow(pendingStudent.id)],
        payments: await t.db.select().from(payments).where(eq(payments.studentId, pendingStudent.id)),
        paid: await paymentRow(payment.id),
      });
      const before = await snapshot();
      for (const event of events) {
        const body = JSON.stringify(event);
        const signed = signSquareEvent(WEBHOOK_KEY, WEBHOOK_URL, body);
        expect(await square.send(event, { signature: signSquareEvent('not-the-key', WEBHOOK_URL, body) })).toBe(401);
        expect(await square.send(event, { signature: null })).toBe(401);
        expect(await square.send(event, { signature: '' })).toBe(401);
        expect(
          await square.send(event, { signature: signSquareEvent(WEBHOOK_KEY, 'https://evil.example/hook', body) }),
        ).toBe(401);
        expect(await square.send(event, { signature: signed, body: body.replace('"GBP"', '"GBP" ') })).toBe(401);
        expect(await square.send(event, { signature: signed.slice(0, -2) })).toBe(401);
      }
      expect(await snapshot()).toEqual(before);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/square/webhook',
        headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': 'AAAA' },
        payload: JSON.stringify(events[0]),
      });
      expect(res.json()).toEqual({ detail: messages.admin.squareWebhookBadSignature });
      // The same events signed by Square do change things (so the 401s above were the signature's).
      for (const event of events) expect(await square.send(event)).toBe(200);
      expect(await studentRow(pendingStudent.id)).toMatchObject({ enrollmentPaid: true });
      expect(await paymentRow(payment.id)).toMatchObject({ refundedPence: 1000, disputeState: 'EVIDENCE_REQUIRED' });
      await ledgerGreen();
    });

    it('a correctly signed body that is not a Square event is 400', async () => {
      const event = square.lastEvent('refund.updated');
      expect(await square.send(event, { body: 'not json' })).toBe(400);
      expect(await square.send(event, { body: JSON.stringify({ type: 'payment.updated' }) })).toBe(400);
      expect(
        await square.send(event, {
          body: JSON.stringify({ ...event, event_id: 'x1', data: { object: { refund: { id: 1 } } } }),
        }),
      ).toBe(400);
      // Nothing was stored for it: the same event id with a good body is handled later.
      expect(await square.send({ ...event, event_id: 'x1' })).toBe(200);
    });

    it('a signed event with a NUL or a lone surrogate in its event id, a refund reason or a dispute state is 200, handled once, never a 500', async () => {
      const { payment, squareId } = await paidStudent();
      // Square makes a refund and a dispute; their events are held back, then sent with the characters.
      const target = square.webhooks!;
      square.webhooks = { ...target, send: async () => 200 };
      await square.dashboardRefund(squareId, 1000);
      await square.openDispute(squareId);
      square.webhooks = target;
      const refund = structuredClone(square.lastEvent('refund.updated'));
      refund.event_id = `nul\u0000-${randomUUID()}-\ud800`;
      (refund.data.object.refund as { reason: string }).reason = 'Refund\u0000 asked \udc00by phone';
      const dispute = structuredClone(square.lastEvent('dispute.created'));
      dispute.event_id = `\udfff${randomUUID()}`;
      (dispute.data.object.dispute as { state: string }).state = 'EVIDENCE\u0000REQUIRED\ud83d';
      for (const event of [refund, dispute]) {
        expect(await square.send(event)).toBe(200);
        expect(await square.send(event)).toBe(200); // a replay: handled once
      }
      const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
      expect(refunds.map((r) => r.amountPence)).toEqual([1000]);
      expect(await paymentRow(payment.id)).toMatchObject({
        refundReason: 'Refund  asked \ufffdby phone',
        disputeState: 'EVIDENCE REQUIRED\ufffd',
      });
      await ledgerGreen();
    });

    it('an unknown event type is 200 and ignored', async () => {
      const event = { ...square.again(square.lastEvent('payment.created')), type: 'invoice.created' };
      expect(await square.send(event)).toBe(200);
      expect(await square.send(event)).toBe(200);
      const lines = logs
        .split('\n')
        .filter((line) => line.includes('"squareEventType":"invoice.created"'))
        .map((line) => JSON.parse(line) as { outcome: string; reason?: string });
      expect(lines.map((l) => l.outcome)).toEqual(['ignored', 'replayed']);
      expect(lines[0]?.reason).toBe('event type not handled');
      expect(logs).not.toContain(WEBHOOK_KEY);
    });

    it('without SQUARE_WEBHOOK_SIGNATURE_KEY the route answers 404', async () => {
      const bare = await buildTestApp();
      try {
        const res = await bare.app.inject({
          method: 'POST',
          url: '/api/square/webhook',
          headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': 'x' },
          payload: '{}',
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: messages.admin.squareWebhookNotConfigured });
      } finally {
        await bare.close();
      }
    });
  });

  describe('payments', () => {
    it('a payment left pending here is settled by the webhook as the reconciler would: once, with its receipt', async () => {
      const student = await registerStudent(t);
      // Charged at Square, but the answer never came back: pending here.
      await chargeThenLose(student.id);
      const pending = one(await t.db.select().from(payments).where(eq(payments.studentId, student.id)));
      expect(pending).toMatchObject({ status: 'pending', providerReference: null });
      await expect.poll(() => square.events.filter((e) => e.type === 'payment.updated').length).toBeGreaterThan(0);
      const created = square.lastEvent('payment.created');
      const updated = square.lastEvent('payment.updated');
      // Out of order: the newer COMPLETED first, then the older APPROVED.
      expect(await square.send(updated)).toBe(200);
      expect(await square.send(created)).toBe(200);
      const completed = await paymentRow(pending.id);
      expect(completed).toMatchObject({ status: 'completed', providerReference: updated.data.id, needsReview: false });
      expect(await studentRow(student.id)).toMatchObject({
        enrollmentPaid: true,
        totalPaidPence: pricePence('enrollment'),
      });
      // A replay, the same change under another event id, and the reconciler afterwards: nothing more.
      expect(await square.send(updated)).toBe(200);
      expect(await square.send(square.again(updated))).toBe(200);
      await t.db.update(payments).set({ createdAt: LONG_AGO }).where(eq(payments.id, pending.id));
      await t.app.jobs.runNow(RECONCILE_JOB);
      expect(await studentRow(student.id)).toMatchObject({ totalPaidPence: pricePence('enrollment') });
      const settled = await audits('payment.reconciled', pending.id);
      expect(settled).toHaveLength(1);
      expect(settled[0]).toMatchObject({ adminUsername: 'system (Square webhook)' });
      expect((await emails('payment-receipt', student.email)).length).toBe(1);
      square.deliverWebhooks(); // drop the queue
      await ledgerGreen();
    });

    it('a payment Square reports FAILED fails the pending payment', async () => {
      const student = await registerStudent(t);
      await chargeThenLose(student.id);
      const pending = one(await t.db.select().from(payments).where(eq(payments.studentId, student.id)));
      const completedEvent = square.lastEvent('payment.updated');
      const failed = structuredClone(completedEvent);
      failed.event_id = `${completedEvent.event_id}-failed`;
      (failed.data.object.payment as { status: string }).status = 'FAILED';
      expect(await square.send(failed)).toBe(200);
      expect(await paymentRow(pending.id)).toMatchObject({
        status: 'failed',
        failureDetail: messages.enrolment.paymentNotTaken,
        replaySourceId: null,
      });
      expect(await studentRow(student.id)).toMatchObject({ enrollmentPaid: false, totalPaidPence: 0 });
      await square.deliverWebhooks();
      await ledgerGreen();
    });

    it('a payment Square knows and this site does not is recorded once, needs review, on no student', async () => {
      const before = await revenue();
      const taken = await square.dashboardPayment(5000);
      expect(taken.statuses).toEqual([200]);
      const event = square.lastEvent('payment.created');
      expect(await square.send(event)).toBe(200);
      expect(await square.send(square.again(event))).toBe(200);
      const rows = await t.db.select().from(payments).where(eq(payments.providerReference, taken.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ studentId: null, amountPence: 5000, needsReview: true, status: 'completed' });
      const flagged = await listed('status=needs_review');
      expect(flagged.find((p) => p.id === rows[0]!.id)).toMatchObject({
        student_id: null,
        amount: 50,
        provider_reference: taken.id,
        description: messages.admin.unmatchedSquarePayment,
      });
      // Held out of revenue until an owner reviews it (staff may not); then it counts, once.
      expect(await revenue()).toBeCloseTo(before, 2);
      const review = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${rows[0]!.id}/reviewed`,
          headers: bearer(token),
        });
      expect((await review(await t.adminToken('stan', 'staff'))).statusCode).toBe(403);
      const reviewed = await review(adminToken);
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      expect(reviewed.json()).toMatchObject({ id: rows[0]!.id, status: 'completed' });
      expect(await audits('payment.reviewed', rows[0]!.id)).toHaveLength(1);
      expect(await revenue()).toBeCloseTo(before + 50, 2);
      const again = await review(adminToken);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: messages.admin.paymentNotForReview });
      expect(await revenue()).toBeCloseTo(before + 50, 2);
      await ledgerGreen();
    });
  });

  describe('refunds', () => {
    it('a refund made in the dashboard shows on the student and in revenue at once, once', async () => {
      const { student, payment, squareId } = await paidStudent();
      const before = await revenue();
      const refund = await square.dashboardRefund(squareId);
      expect(refund.statuses).toEqual([200, 200]);
      // One request each: the student's record and the revenue figure.
      const record = await t.app.inject({
        method: 'GET',
        url: `/api/student/${student.id}`,
        headers: bearer(student.token),
      });
      expect(record.json()).toMatchObject({ enrollment_paid: false, course_paid: false, total_paid: 0 });
      expect(await revenue()).toBeCloseTo(before - pricePounds('combined', 'foundation'), 2);
      expect(await paymentRow(payment.id)).toMatchObject({
        status: 'refunded',
        refundSource: 'square',
        refundReference: refund.id,
        refundedPence: pricePence('combined', 'foundation'),
        refundedBy: null,
      });
      const created = square.lastEvent('refund.created');
      const updated = square.lastEvent('refund.updated');
      // Replays, the same refund under new event ids, and out of order: recorded once.
      for (const event of [updated, created, square.again(updated), square.again(created)])
        expect(await square.send(event)).toBe(200);
      expect(await audits('payment.refunded_in_square', payment.id)).toHaveLength(1);
      const receipts = (await emails('payment-receipt', student.email)).filter(
        (e) => (e.data as { kind: string }).kind === 'refund',
      );
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.data).toMatchObject({
        reference: refund.id,
        amountPence: pricePence('combined', 'foundation'),
      });
      const row = (await listed('flag=refunded_elsewhere')).find((p) => p.id === payment.id);
      expect(row).toMatchObject({ status: 'refunded', refund_source: 'square', disputed: null });
      await ledgerGreen();
    });

    it('out of order: the COMPLETED refund before its PENDING creation is recorded once', async () => {
      const { student, payment, squareId } = await paidStudent();
      const target = square.webhooks!;
      // Hold the dashboard's deliveries, then send them reversed.
      square.webhooks = { ...target, send: async () => 200 };
      await square.dashboardRefund(squareId);
      square.webhooks = target;
      expect(await square.send(square.lastEvent('refund.updated'))).toBe(200);
      expect(await square.send(square.lastEvent('refund.created'))).toBe(200);
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundSource: 'square' });
      expect(await studentRow(student.id)).toMatchObject({ totalPaidPence: 0 });
      await ledgerGreen();
    });

    it('a refund made here and then reported by Square is not recorded twice', async () => {
      const { student, payment } = await paidStudent();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/refund`,
        headers: bearer(adminToken),
        payload: { reason: 'Asked for it' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ refund_source: 'admin', status: 'refunded' });
      expect(await square.deliverWebhooks()).toEqual([200, 200]);
      expect(await paymentRow(payment.id)).toMatchObject({
        status: 'refunded',
        refundSource: 'admin',
        refundReason: 'Asked for it',
      });
      expect(await audits('payment.refunded', payment.id)).toHaveLength(1);
      expect(await audits('payment.refunded_in_square', payment.id)).toHaveLength(0);
      const receipts = (await emails('payment-receipt', student.email)).filter(
        (e) => (e.data as { kind: string }).kind === 'refund',
      );
      expect(receipts).toHaveLength(1);
      await ledgerGreen();
    });

    it('a partial refund is recorded with its amount and flagged for review; the rest can be refunded here', async () => {
      const { student, payment, squareId } = await paidStudent();
      const full = pricePence('combined', 'foundation');
      await square.dashboardRefund(squareId, 2000);
      expect(await square.send(square.again(square.lastEvent('refund.updated')))).toBe(200);
      expect(await paymentRow(payment.id)).toMatchObject({
        status: 'completed',
        needsReview: true,
        refundedPence: 2000,
        refundSource: 'square',
      });
      expect(await studentRow(student.id)).toMatchObject({ totalPaidPence: full - 2000, coursePaid: true });
      const row = (await listed('status=needs_review')).find((p) => p.id === payment.id);
      expect(row).toMatchObject({ refunded_amount: 20, refund_source: 'square' });
      await ledgerGreen();
      // An admin refunds what is left: Square is asked for the rest only.
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/refund`,
        headers: bearer(adminToken),
        payload: { reason: 'The rest' },
      });
      expect(res.statusCode).toBe(200);
      expect(square.requests.at(-1)?.body).toMatchObject({ amount_money: { amount: full - 2000 } });
      expect(await square.deliverWebhooks()).toEqual([200, 200]);
      expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedPence: full });
      expect(await studentRow(student.id)).toMatchObject({ totalPaidPence: 0, coursePaid: false });
      await ledgerGreen();
    });
  });

  describe('disputes', () => {
    it('a dispute flags the payment with its state and due date and tells the owners once; won clears it', async () => {
      const { student, payment, squareId } = await paidStudent();
      const opened = await square.openDispute(squareId, { dueAt: '2030-02-01T00:00:00.000Z' });
      expect(opened.statuses).toEqual([200]);
      const created = square.lastEvent('dispute.created');
      expect(await square.send(created)).toBe(200);
      expect(await square.send(square.again(created))).toBe(200);
      const row = (await listed('flag=disputed')).find((p) => p.id === payment.id);
      expect(row).toMatchObject({
        status: 'completed',
        disputed: { state: 'EVIDENCE_REQUIRED', due_at: '2030-02-01T00:00:00.000Z' },
      });
      const notices = await emails('admin-dispute', ADMIN_INBOX);
      expect(notices.filter((e) => (e.data as { reference: string }).reference === squareId)).toHaveLength(1);
      expect(await audits('payment.disputed', payment.id)).toHaveLength(1);

      // Out of order: PROCESSING (newer) arrives, then the older creation again under a new id.
      await square.updateDispute(opened.id, 'PROCESSING', false);
      const processing = square.lastEvent('dispute.state.updated');
      expect(await square.send(processing)).toBe(200);
      expect(await square.send(square.again(created))).toBe(200);
      expect(await paymentRow(payment.id)).toMatchObject({ disputeState: 'PROCESSING' });

      expect(await square.updateDispute(opened.id, 'WON')).toEqual([200]);
      expect(await square.send(processing)).toBe(200); // a replay of the older state
      expect(await square.send(square.again(processing))).toBe(200); // and the same older state anew
      expect((await listed('flag=disputed')).some((p) => p.id === payment.id)).toBe(false);
      expect((await listed('status=completed')).find((p) => p.id === payment.id)).toMatchObject({ disputed: null });
      expect(await studentRow(student.id)).toMatchObject({ totalPaidPence: pricePence('combined', 'foundation') });
      await ledgerGreen();
    });

    it('a dispute lost is recorded like a refund, once', async () => {
      const { student, payment, squareId } = await paidStudent();
      const before = await revenue();
      const opened = await square.openDispute(squareId);
      expect(await square.updateDispute(opened.id, 'LOST')).toEqual([200]);
      const lost = square.lastEvent('dispute.state.updated');
      expect(await square.send(lost)).toBe(200);
      expect(await square.send(square.again(lost))).toBe(200);
      expect(await paymentRow(payment.id)).toMatchObject({
        status: 'refunded',
        refundSource: 'square',
        disputeState: 'LOST',
        refundReference: `dispute-${opened.id}`,
      });
      expect(await studentRow(student.id)).toMatchObject({
        enrollmentPaid: false,
        coursePaid: false,
        totalPaidPence: 0,
      });
      expect(await revenue()).toBeCloseTo(before - pricePounds('combined', 'foundation'), 2);
      expect(await audits('payment.dispute_lost', payment.id)).toHaveLength(1);
      const row = (await listed('flag=disputed')).find((p) => p.id === payment.id);
      expect(row).toMatchObject({ status: 'refunded', refund_source: 'square', disputed: { state: 'LOST' } });
      expect((await listed('flag=refunded_elsewhere')).some((p) => p.id === payment.id)).toBe(true);
      await ledgerGreen();
      const counts = await countRefunds(t.db);
      expect(counts.disputesLost).toBeGreaterThanOrEqual(1);
      expect(counts.refundedAtSquare).toBeGreaterThanOrEqual(2);
      expect(counts.partlyRefunded).toBeGreaterThanOrEqual(1);
    });
  });
});
