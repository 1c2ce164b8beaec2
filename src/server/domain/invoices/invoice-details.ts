/** An invoice's lines and VAT, worked out from the payment it is for (docs/product/payments.md#invoices). */
import { COURSES } from '@shared/catalogue';
import { vatIncludedPence, type InvoiceLine, type InvoiceSeller } from '@shared/invoices';
import type { Payment } from '@server/db/schema';

/**
 * The lines a payment bought, at the list prices it was made at (the enrolment fee and the course,
 * split as the wizard showed them). The course keeps its registered name.
 */
export function invoiceLines(
  payment: Pick<Payment, 'paymentType' | 'courseType' | 'listFeePence' | 'listCoursePence'>,
): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  if (payment.paymentType !== 'course')
    lines.push({ description: 'Enrollment fee', amountPence: payment.listFeePence });
  if (payment.paymentType !== 'enrollment' && payment.courseType)
    lines.push({
      description: `${COURSES[payment.courseType].title} (online course)`,
      amountPence: payment.listCoursePence,
    });
  return lines;
}

export function vatFor(seller: InvoiceSeller, totalPence: number): number | null {
  return seller.vatNumber ? vatIncludedPence(totalPence, seller.vatRatePercent) : null;
}
