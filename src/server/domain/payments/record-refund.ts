/**
 * Recording a refund (docs/product/payments.md), one code path for every source: an admin's refund
 * here (refund-payment.ts), a refund made in Square's dashboard, a dispute lost (apply-provider-event.ts).
 * In the caller's transaction, which holds the student's row and the payment's (`lockPayment`): the
 * refund's reference is recorded once (a refund reported again changes nothing), the payment becomes
 * `refunded` when nothing is left of it (else it stays `completed`, refunded in part and flagged
 * needs_review), the student's flags and total_paid are recomputed from the payments, the audit row
 * is written, a credit note is issued against the payment's invoice, and the student gets the refund
 * receipt (the credit note attached) through the outbox. When the course payment is
 * refunded in full, the student's certificate is revoked at once (revoke-certificate.ts).
 */
import { eq } from 'drizzle-orm';
import type { AuditAction, RefundSource } from '@shared/statuses';
import { formatPence } from '@shared/money';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { paymentRefunds, payments, type Payment, type Student } from '@server/db/schema';
import { writeAudit, type AuditActor } from '../audit/write-audit';
import { revokeStudentCertificate } from '../certificates/revoke-certificate';
import { fullName } from '../students/find-student';
import { recomputeStudentMoney } from './apply-payment';
import { queueRefundReceipt } from './queue-payment-receipt';
import { issueCreditNote } from '../invoices/issue-invoice';

export interface RefundToRecord {
  /** What goes back, in pence: at most what is left of the payment. */
  amountPence: number;
  /** The provider's refund id (or `dispute-<id>`); null for the reversal of a manual payment. */
  reference: string | null;
  source: RefundSource;
  reason: string;
  /** Who is recorded as acting (an admin, or the Square webhook). */
  actor: AuditActor;
  action: AuditAction;
  /** The refund receipt e-mail to the student (not for a dispute the cardholder won from their bank). */
  notifyStudent: boolean;
}

/**
 * Records the refund as made at `now`. The payment after the refund, or null when this refund was
 * already recorded or nothing is left to refund.
 */
export async function recordRefund(
  tx: Db,
  locked: { payment: Payment; student: Student | null },
  refund: RefundToRecord,
  now: Date,
): Promise<Payment | null> {
  const { payment, student } = locked;
  if (payment.status !== 'completed') return null;
  const amountPence = Math.min(refund.amountPence, payment.amountPence - payment.refundedPence);
  if (amountPence <= 0) return null;
  if (refund.reference) {
    const [fresh] = await tx
      .insert(paymentRefunds)
      .values({ refundReference: refund.reference, paymentId: payment.id, amountPence, source: refund.source })
      .onConflictDoNothing()
      .returning({ reference: paymentRefunds.refundReference });
    if (!fresh) return null;
  }
  const refundedPence = payment.refundedPence + amountPence;
  const whole = refundedPence >= payment.amountPence;
  const updated = one(
    await tx
      .update(payments)
      .set({
        refundedPence,
        refundSource: refund.source,
        ...(whole
          ? {
              status: 'refunded' as const,
              refundedAt: now,
              refundReason: refund.reason,
              refundReference: refund.reference,
              refundedBy: refund.actor.adminId,
            }
          : // Refunded in part (only Square does that): the money left still counts, an admin decides.
            { needsReview: true, refundReason: refund.reason }),
      })
      .where(eq(payments.id, payment.id))
      .returning(),
  );
  const recomputed = student ? await recomputeStudentMoney(tx, student, now) : null;
  const creditNote = await issueCreditNote(tx, updated, student, amountPence, refund.reason, now);
  // Nothing is left of what paid for the course: the certificate it earned no longer stands.
  if (whole && student && isCoursePayment(payment))
    await revokeStudentCertificate(tx, student.id, messages.certificates.revokedRefundedInFull, now);
  await writeAudit(tx, refund.actor, {
    action: refund.action,
    studentId: student?.id ?? null,
    studentName: student ? fullName(student) : null,
    details: {
      payment_id: payment.id,
      payment_type: payment.paymentType,
      amount: formatPence(amountPence),
      method: payment.method,
      source: refund.source,
      whole,
      reason: refund.reason,
    },
  });
  if (recomputed && refund.notifyStudent)
    await queueRefundReceipt(tx, recomputed, payment, { amountPence, reference: refund.reference }, creditNote, now);
  return updated;
}

/** The payment that paid for a course: a course payment, or the fee and course together. */
export function isCoursePayment(payment: Pick<Payment, 'paymentType'>): boolean {
  return payment.paymentType === 'course' || payment.paymentType === 'combined';
}
