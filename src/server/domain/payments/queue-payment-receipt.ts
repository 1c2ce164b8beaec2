import type { Db } from '@server/db/client';
import type { Invoice, Payment, Student } from '@server/db/schema';
import type { EmailData } from '@server/mail/message-types';
import { enqueueEmail } from '../email/enqueue-email';
import { describePayment } from './describe-payment';

type Receipt = Pick<EmailData['payment-receipt'], 'kind' | 'reference' | 'amountPence' | 'invoiceNumber'> & {
  at: Date;
};

/** The `payment-receipt` e-mail about `payment`, its invoice or credit note attached (email-attachments.ts). */
async function queueReceipt(tx: Db, student: Student, payment: Payment, receipt: Receipt, now: Date): Promise<void> {
  const { at, invoiceNumber, ...rest } = receipt;
  await enqueueEmail(
    tx,
    {
      template: 'payment-receipt',
      to: student.email,
      studentId: student.id,
      data: {
        ...rest,
        firstName: student.firstName,
        paymentId: payment.id,
        description: describePayment(payment.paymentType, payment.courseType),
        at: at.toISOString(),
        ...(invoiceNumber ? { invoiceNumber } : {}),
      },
    },
    now,
  );
}

/**
 * The receipt for a completed payment (card or Mark Paid) with its invoice, queued in the transaction
 * that completes it. One call per completion site, kept separate so the payment rules can change
 * around it. `now`: the time of the completion.
 */
export function queuePaymentReceipt(
  tx: Db,
  student: Student,
  payment: Payment,
  invoiceNumber: string,
  now: Date,
): Promise<void> {
  const reference = payment.providerReference ?? payment.id;
  const at = payment.completedAt ?? now;
  return queueReceipt(
    tx,
    student,
    payment,
    { kind: 'payment', reference, amountPence: payment.amountPence, at, invoiceNumber },
    now,
  );
}

/**
 * The refund receipt for `refunded.amountPence` of a payment with its credit note (none for a payment
 * made before invoices), queued in the refund's transaction. `now`: the time of the refund.
 */
export function queueRefundReceipt(
  tx: Db,
  student: Student,
  payment: Payment,
  refunded: { amountPence: number; reference: string | null },
  creditNote: Invoice | null,
  now: Date,
): Promise<void> {
  const reference = refunded.reference ?? payment.providerReference ?? payment.id;
  const receipt = { kind: 'refund' as const, reference, amountPence: refunded.amountPence, at: now };
  return queueReceipt(tx, student, payment, { ...receipt, invoiceNumber: creditNote?.number }, now);
}
