// engines: both
/** The admin Payments tab (docs/product/payments.md): the list with its filters, and refunds (offline provider and manual). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { auditLog, offlineProviderLedger, payments, students } from '@server/db/schema';
import { one } from '@server/db/rows';
import { recordCompletedPayment } from '@server/domain/payments/apply-payment';
import { findLedgerViolations } from '@server/domain/payments/ledger-invariants';
import { refundKey } from '@server/domain/payments/refund-payment';
import { insertPaidStudent, insertPayment, pricePence, pricePounds } from '../factories';
import { bearer, buildTestApp, type TestApp } from '../helpers/app';
import { pay, registerStudent, selectCourse } from '../helpers/enrolment';

describe('admin payments (GET /api/admin/payments, POST /api/admin/payments/{id}/refund)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await t.adminToken();
  });
  afterAll(() => t.close());

  const list = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/admin/payments${query}`, headers: bearer(token) });
  const refund = (id: string, reason: unknown = 'Customer asked for a refund') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/refund`,
      headers: bearer(token),
      payload: { reason },
    });
  const studentRow = async (id: string) => one(await t.db.select().from(students).where(eq(students.id, id)));
  const paymentOf = async (studentId: string) =>
    one(await t.db.select().from(payments).where(eq(payments.studentId, studentId)));

  it('lists payments newest first with student, amount, method, status and the pending count; filters and searches', async () => {
    const card = await registerStudent(t, { first_name: 'Grace', last_name: 'Hopper' });
    await selectCourse(t, card, 'pro');
    expect((await pay(t, card, 'combined', { amount: pricePounds('combined', 'pro') })).statusCode).toBe(200);
    const declined = await registerStudent(t, { first_name: 'Alan', last_name: 'Turing' });
    await pay(t, declined, 'enrollment', { amount: pricePounds('enrollment'), sourceId: 'cnon:card-nonce-declined' });
    const manual = await registerStudent(t, { first_name: 'Katherine', last_name: 'Johnson' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${manual.id}/mark-paid`,
      headers: bearer(token),
      payload: { payment_type: 'enrollment' },
    });
    const waiting = await insertPaidStudent(t.db);
    await insertPayment(t.db, {
      studentId: waiting.id,
      paymentType: 'course',
      course: 'foundation',
      status: 'pending',
    });

    const all = await list('?page_size=200');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.pending_count).toBeGreaterThanOrEqual(1);
    expect(body.total).toBeGreaterThanOrEqual(5);
    const grace = body.payments.find((p: { student_id: string }) => p.student_id === card.id);
    expect(grace).toMatchObject({
      student_name: 'Grace Hopper',
      payment_type: 'combined',
      course_type: 'pro',
      amount: pricePounds('combined', 'pro'),
      method: 'card',
      status: 'completed',
      description: 'Enrollment Fee + Pro Course',
    });
    expect(grace.provider_reference).toMatch(/^offline-/);

    const byStatus = (await list('?status=failed&search=turing')).json();
    expect(byStatus.payments).toHaveLength(1);
    expect(byStatus.payments[0]).toMatchObject({ student_name: 'Alan Turing', status: 'failed' });
    const manualOnly = (await list('?method=manual&search=katherine')).json();
    expect(manualOnly.payments).toHaveLength(1);
    expect(manualOnly.payments[0]).toMatchObject({ method: 'manual', payment_type: 'enrollment' });
    const pending = (await list('?status=pending&type=course')).json();
    expect(pending.payments.map((p: { student_id: string }) => p.student_id)).toContain(waiting.id);
    const paged = (await list('?page=2&page_size=2')).json();
    expect(paged).toMatchObject({ page: 2, page_size: 2 });
    expect(paged.payments).toHaveLength(2);
    expect((await list('?status=everything')).statusCode).toBe(400);
  });

  it('refunds a card payment: provider ledger, flags and total recomputed, audit row, course choice re-opened', async () => {
    const student = await registerStudent(t, { first_name: 'Refund', last_name: 'Card' });
    await selectCourse(t, student, 'pro');
    await pay(t, student, 'combined', { amount: pricePounds('combined', 'pro') });
    const payment = await paymentOf(student.id);
    // A paid course cannot change…
    expect((await selectCourse(t, student, 'foundation')).statusCode).toBe(409);

    const res = await refund(payment.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: payment.id,
      status: 'refunded',
      refund_reason: 'Customer asked for a refund',
    });
    expect(await studentRow(student.id)).toMatchObject({ enrollmentPaid: false, coursePaid: false, totalPaidPence: 0 });
    const ledger = one(
      await t.db
        .select()
        .from(offlineProviderLedger)
        .where(eq(offlineProviderLedger.idempotencyKey, refundKey(payment.id))),
    );
    expect(ledger).toMatchObject({ kind: 'refund', amountPence: pricePence('combined', 'pro') });
    const audit = one(await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id)));
    expect(audit).toMatchObject({ action: 'payment.refunded', adminUsername: 'admin', studentName: 'Refund Card' });
    // …until it is refunded.
    expect((await selectCourse(t, student, 'foundation')).statusCode).toBe(200);
    expect((await list('?status=refunded&search=refund card')).json().payments).toHaveLength(1);
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('refunds a manual payment as a recorded reversal', async () => {
    const student = await registerStudent(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/students/${student.id}/mark-paid`,
      headers: bearer(token),
      payload: { payment_type: 'enrollment' },
    });
    const payment = await paymentOf(student.id);
    const res = await refund(payment.id, 'Recorded by mistake');
    expect(res.statusCode).toBe(200);
    expect(await paymentOf(student.id)).toMatchObject({ status: 'refunded', refundReference: null });
    expect(await studentRow(student.id)).toMatchObject({ enrollmentPaid: false, totalPaidPence: 0 });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });

  it('refuses a refund without a reason, of an unknown payment, or of a payment that is not completed', async () => {
    const student = await registerStudent(t);
    await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') });
    const payment = await paymentOf(student.id);
    const blank = await refund(payment.id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: 'A reason for the refund is required' });
    const unknown = await refund('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: messages.admin.paymentNotFound });
    expect((await refund(payment.id)).statusCode).toBe(200);
    const twice = await refund(payment.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: messages.admin.refundOnlyCompleted });
  });

  it('concurrent refunds of one payment refund it once (30 tries)', { timeout: 180_000 }, async () => {
    const ids: string[] = [];
    let refundedTwice = 0;
    for (let i = 0; i < 30; i += 1) {
      const student = await registerStudent(t);
      ids.push(student.id);
      await pay(t, student, 'enrollment', { amount: pricePounds('enrollment') });
      const payment = await paymentOf(student.id);
      const results = await Promise.all([refund(payment.id), refund(payment.id), refund(payment.id)]);
      const ok = results.filter((r) => r.statusCode === 200).length;
      if (ok !== 1) refundedTwice += 1;
      for (const r of results) expect([200, 409]).toContain(r.statusCode);
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.studentId, student.id));
      if (audits.length !== 1) refundedTwice += 1;
    }
    const violations = await findLedgerViolations(t.db, { studentIds: ids });
    expect({ refundedTwice, violations: violations.length }).toEqual({ refundedTwice: 0, violations: 0 });
  });

  it('a payment that no longer fits when it completes is recorded, flagged needs_review, applied once and listed', async () => {
    const student = await insertPaidStudent(t.db);
    const late = await insertPayment(t.db, { studentId: student.id, paymentType: 'enrollment', status: 'pending' });
    const recorded = await t.db.transaction((tx) => recordCompletedPayment(tx, late.id, 'offline-late', t.app.clock()));
    expect(recorded?.payment).toMatchObject({ status: 'completed', needsReview: true });
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: true,
      totalPaidPence: 2 * pricePence('enrollment'),
    });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
    const flagged = (await list('?status=needs_review')).json();
    expect(flagged.payments.map((p: { id: string }) => p.id)).toContain(late.id);
    // Refunding the extra payment leaves the student paid once.
    expect((await refund(late.id, 'Charged twice')).statusCode).toBe(200);
    expect(await studentRow(student.id)).toMatchObject({
      enrollmentPaid: true,
      totalPaidPence: pricePence('enrollment'),
    });
    expect(await findLedgerViolations(t.db, { studentIds: [student.id] })).toEqual([]);
  });
});
