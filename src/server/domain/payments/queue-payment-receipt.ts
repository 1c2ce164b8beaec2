import type { Db } from '@server/db/client';
import type { Payment, Student } from '@server/db/schema';
import { enqueueEmail } from '../email/enqueue-email';
import { describePayment } from './describe-payment';

/**
 * The `payment-receipt` email for a completed payment (card or Mark Paid), queued in the
 * transaction that completes it. One call per completion site, kept separate so the payment rules
 * can change around it. `now`: the time of the completion.
 */
export async function queuePaymentReceipt(tx: Db, student: Student, payment: Payment, now: Date): Promise<void> {
  await enqueueEmail(
    tx,
    {
      template: 'payment-receipt',
      to: student.email,
      studentId: student.id,
      data: {
        firstName: student.firstName,
        kind: 'payment',
        paymentId: payment.id,
        reference: payment.providerReference ?? payment.id,
        description: describePayment(payment.paymentType, payment.courseType),
        amountPence: payment.amountPence,
        at: (payment.completedAt ?? now).toISOString(),
      },
    },
    now,
  );
}
