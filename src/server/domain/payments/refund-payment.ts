/**
 * Refund (docs/product/payments.md): a full refund of a completed payment. In one transaction holding the student's
 * row and the payment's: the provider's refund (its own idempotency key, one per payment, so a retry
 * or a concurrent refund refunds once; a manual payment is a recorded reversal), the payment marked
 * refunded, the student's flags and total recomputed from the ledger (a refunded course payment
 * re-opens the course choice), and the audit row. A refusal or an unknown answer changes nothing.
 */
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import { formatPence } from '@shared/money';
import type { Db } from '@server/db/client';
import { payments, type Payment } from '@server/db/schema';
import { AppError, conflict, notFound } from '@server/errors';
import { ProviderUnavailableError, type PaymentProvider } from '@server/payments/provider';
import { one } from '@server/db/rows';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { fullName, getStudent } from '../students/find-student';
import { recomputeStudentMoney } from './apply-payment';

export const refundKey = (paymentId: string) => `refund-${paymentId}`;

export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  admin: AdminActor,
  paymentId: string,
  reason: string,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!found) throw notFound(messages.admin.paymentNotFound);
    // Student first, then the payment: the order every payment path locks in.
    const student = found.studentId ? await getStudent(tx, found.studentId, true) : null;
    const payment = one(await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update'));
    if (payment.status !== 'completed') throw conflict(messages.admin.refundOnlyCompleted);

    let refundReference: string | null = null;
    if (payment.method === 'card') {
      let result;
      try {
        result = await provider.refund(tx, {
          idempotencyKey: refundKey(payment.id),
          providerReference: payment.providerReference ?? '',
          amountPence: payment.amountPence,
          currency: 'GBP',
          reason,
        });
      } catch (error) {
        if (error instanceof ProviderUnavailableError)
          throw new AppError(502, messages.admin.refundProviderUnavailable);
        throw error;
      }
      if (result.outcome === 'failed') throw new AppError(502, result.detail);
      refundReference = result.refundReference;
    }

    const refunded = one(
      await tx
        .update(payments)
        .set({
          status: 'refunded',
          refundedAt: new Date(),
          refundReason: reason,
          refundReference,
          refundedBy: admin.adminId,
        })
        .where(eq(payments.id, payment.id))
        .returning(),
    );
    if (student) await recomputeStudentMoney(tx, student);
    await writeAudit(tx, admin, {
      action: 'payment.refunded',
      studentId: student?.id ?? null,
      studentName: student ? fullName(student) : null,
      details: {
        payment_id: payment.id,
        payment_type: payment.paymentType,
        amount: formatPence(payment.amountPence),
        method: payment.method,
        reason,
      },
    });
    return refunded;
  });
}
