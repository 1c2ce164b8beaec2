import type { Db } from '@server/db/client';
import type { Invoice, Payment, Student } from '@server/db/schema';
import { enqueueEmail } from '../email/enqueue-email';
import { describePayment } from './describe-payment';

/**
 * The `payment-receipt` email for a completed payment (card or Mark Paid), with its invoice attached
 * (email-attachments.ts), queued in the transaction that completes it. One call per completion site, kept separate so the payment rules
 * can change around it. `now`: the time of the completion.
 */
export async function queuePaymentReceipt(
  tx: Db,
  student: Student,
  payment: Payment,
  invoiceNumber: string,
  now: Date,
): Promise<void> {
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
        invoiceNumber,
      },
    },
    now,
  );
}

/**
 * The refund receipt (`payment-receipt`, kind refund) for `refunded.amountPence` of a payment, with
 * its credit note attached, queued in the refund's transaction. `now`: the time of the refund.
 */
export async function queueRefundReceipt(
  tx: Db,
  student: Student,
  payment: Payment,
  refunded: { amountPence: number; reference: string | null },
  creditNote: Invoice | null,
  now: Date,
): Promise<void> {
  await enqueueEmail(
    tx,
    {
      template: 'payment-receipt',
      to: student.email,
      studentId: student.id,
      data: {
        firstName: student.firstName,
        kind: 'refund',
        paymentId: payment.id,
        reference: refunded.reference ?? payment.providerReference ?? payment.id,
        description: describePayment(payment.paymentType, payment.courseType),
        amountPence: refunded.amountPence,
        at: now.toISOString(),
        ...(creditNote ? { invoiceNumber: creditNote.number } : {}),
      },
    },
    now,
  );
}
