import { queuePaymentReceipt } from './queue-payment-receipt';
import { and, eq } from 'drizzle-orm';
import type { ChargeRequest } from '@server/square/provider';
import type { Db } from '@server/db/client';
import { payments, students, type Payment, type Student } from '@server/db/schema';
import { newReferralCode } from '@server/crypto/readable-codes';
import { atListPrice, PAYS_FOR } from './payment-rules';
import { expectedMoney } from './ledger-invariants';
import { getStudent } from '../students/find-student';
import { releasePromoCode } from '../promo-codes/promo-codes';
import { issueInvoice } from '../invoices/issue-invoice';
import { one } from '@server/db/rows';

async function uniqueReferralCode(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = newReferralCode();
    const taken = await tx.select({ id: students.id }).from(students).where(eq(students.referralCode, code)).limit(1);
    if (taken.length === 0) return code;
  }
  throw new Error('could not find a free referral code');
}

type Bought = Pick<Payment, 'paymentType' | 'amountPence' | 'courseType' | 'listFeePence' | 'listCoursePence'> &
  Partial<Pick<Payment, 'discountPence' | 'promoCode'>>;

/**
 * Whether a payment still fits the student it is applied to: nothing it pays for is paid already,
 * its course is the student's course, and its amount is the catalogue price of what it bought.
 */
export function paymentFits(student: Student, payment: Bought): boolean {
  const pays = PAYS_FOR[payment.paymentType];
  if (pays.enrollment && student.enrollmentPaid) return false;
  if (pays.course && (student.coursePaid || !payment.courseType || payment.courseType !== student.courseType))
    return false;
  if (payment.paymentType === 'course' && !student.enrollmentPaid) return false;
  return atListPrice(payment);
}

/**
 * Records a completed payment on the student, inside the caller's transaction (which holds the
 * student's row): total_paid, the paid flags, and a referral code when the enrolment fee becomes
 * paid. The course is paid only by a payment for the student's own course at its price, so the
 * flags always agree with the ledger (ledger-invariants.ts). Returns the updated row (updated at `now`).
 */
export async function applyPaymentToStudent(tx: Db, student: Student, payment: Bought, now: Date): Promise<Student> {
  const pays = PAYS_FOR[payment.paymentType];
  const enrollmentPaid = student.enrollmentPaid || pays.enrollment;
  const coursePaid =
    student.coursePaid ||
    (pays.course && payment.courseType !== null && payment.courseType === student.courseType && atListPrice(payment));
  const updated = await updateMoney(
    tx,
    student,
    { enrollmentPaid, coursePaid, totalPaidPence: student.totalPaidPence + payment.amountPence },
    now,
  );
  // The code is used: the next payment starts without it.
  if (!payment.promoCode || updated.promoCode !== payment.promoCode) return updated;
  return one(await tx.update(students).set({ promoCode: null }).where(eq(students.id, student.id)).returning());
}

/**
 * Locks a payment for a change, in the order every payment path locks in: the student's row first,
 * then the payment's. Returns the payment as it is once both are held (null when there is no such
 * payment), and its student (null once the student was deleted).
 */
export async function lockPayment(
  tx: Db,
  paymentId: string,
): Promise<{ payment: Payment; student: Student | null } | null> {
  const [found] = await tx
    .select({ studentId: payments.studentId })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!found) return null;
  const student = found.studentId ? await getStudent(tx, found.studentId, true) : null;
  const payment = one(await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update'));
  return { payment, student };
}

/** Recomputes the student's flags and total from their payments (after a refund), in the caller's transaction. */
export async function recomputeStudentMoney(tx: Db, student: Student, now: Date): Promise<Student> {
  const rows = await tx.select().from(payments).where(eq(payments.studentId, student.id));
  return updateMoney(tx, student, expectedMoney(student, rows), now);
}

async function updateMoney(
  tx: Db,
  student: Student,
  money: { enrollmentPaid: boolean; coursePaid: boolean; totalPaidPence: number },
  now: Date,
): Promise<Student> {
  const referralCode =
    money.enrollmentPaid && !student.referralCode ? await uniqueReferralCode(tx) : student.referralCode;
  return one(
    await tx
      .update(students)
      .set({ ...money, referralCode, updatedAt: now })
      .where(eq(students.id, student.id))
      .returning(),
  );
}

/**
 * The provider charged a pending payment: in the caller's transaction, lock the student, re-check
 * that the payment still fits (needs_review when it does not), mark it completed and apply it once.
 * Completed at `now`. Returns null when the payment was no longer pending (another request or the
 * reconciler recorded it).
 */
export async function recordCompletedPayment(
  tx: Db,
  paymentId: string,
  providerReference: string,
  now: Date,
): Promise<{ payment: Payment; student: Student | null } | null> {
  const current = one(await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1));
  // Student first, then the payment: the order every payment path locks in.
  const student = current.studentId ? await getStudent(tx, current.studentId, true) : null;
  const [pending] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .for('update');
  if (!pending) return null;
  const fits = student ? paymentFits(student, pending) : false;
  const completed = one(
    await tx
      .update(payments)
      .set({
        status: 'completed',
        completedAt: now,
        providerReference,
        failureDetail: null,
        replaySourceId: null,
        needsReview: !fits,
      })
      .where(eq(payments.id, paymentId))
      .returning(),
  );
  const updated = student ? await applyPaymentToStudent(tx, student, completed, now) : null;
  // The invoice and the receipt that carries it, in this transaction, whichever path completed the payment.
  const invoice = await issueInvoice(tx, completed, updated, now);
  if (updated) await queuePaymentReceipt(tx, updated, completed, invoice.number, now);
  return { payment: completed, student: updated };
}

/** What the provider is asked to charge (or asked about) for a claimed payment row. */
export const chargeRequestFor = <S extends string | null>(
  payment: Payment,
  sourceId: S,
): Omit<ChargeRequest, 'sourceId'> & { sourceId: S } => ({
  sourceId,
  idempotencyKey: payment.idempotencyKey,
  amountPence: payment.amountPence,
  currency: 'GBP',
  note: payment.description ?? 'Enrollment',
  referenceId: payment.id,
});

/** Marks a still-pending payment failed (the kept card token is dropped); false when it was settled meanwhile. */
export async function recordFailedPayment(db: Db, paymentId: string, detail: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed', failureDetail: detail, replaySourceId: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning({ id: payments.id, promoCode: payments.promoCode });
    // Nothing was charged: the promo code's use is given back.
    if (failed) await releasePromoCode(tx, failed.promoCode);
    return failed !== undefined;
  });
}
