/** An invoice's lines and VAT, worked out from the payment it is for (docs/product/payments.md#invoices). */
import { COURSES, paymentParts } from '@shared/catalogue';
import { vatIncludedPence, type InvoiceLine, type InvoiceSeller } from '@shared/invoices';
import type { Payment } from '@server/db/schema';

/**
 * The lines a payment bought, at list price (what it charged plus any discount): the enrolment fee
 * and the course, split as the wizard showed them.
 */
export function invoiceLines(
  payment: Pick<Payment, 'paymentType' | 'courseType' | 'amountPence' | 'discountPence'>,
): InvoiceLine[] {
  const listPence = payment.amountPence + payment.discountPence;
  const fee = 'Enrollment fee';
  if (payment.paymentType === 'enrollment' || !payment.courseType)
    return [{ description: fee, amountPence: listPence }];
  const course = `${COURSES[payment.courseType].title} (online course)`;
  if (payment.paymentType === 'course') return [{ description: course, amountPence: listPence }];
  const { feePence } = paymentParts('enrollment', null);
  return [
    { description: fee, amountPence: feePence },
    { description: course, amountPence: listPence - feePence },
  ];
}

export function vatFor(seller: InvoiceSeller, totalPence: number): number | null {
  return seller.vatNumber ? vatIncludedPence(totalPence, seller.vatRatePercent) : null;
}
