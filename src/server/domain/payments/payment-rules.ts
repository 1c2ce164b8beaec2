import type { PaymentType } from '@shared/catalogue';
import type { Payment } from '@server/db/schema';
import { messages } from '@shared/messages';
import type { Student } from '@server/db/schema';
import { DomainError } from '@server/errors';

/** What each payment type pays for. */
export const PAYS_FOR: Record<PaymentType, { enrollment: boolean; course: boolean }> = {
  enrollment: { enrollment: true, course: false },
  course: { enrollment: false, course: true },
  combined: { enrollment: true, course: true },
};

/**
 * The rules every payment (card or manual) follows before money is taken or recorded:
 * nothing is paid twice, a course needs a chosen course, and a course alone needs the enrolment
 * fee paid first (otherwise the combined type).
 */
export function assertPayable(student: Student, type: PaymentType): void {
  const pays = PAYS_FOR[type];
  if (pays.enrollment && student.enrollmentPaid)
    throw new DomainError('conflict', messages.enrolment.enrolmentAlreadyPaid);
  if (pays.course && student.coursePaid)
    throw new DomainError('conflict', messages.enrolment.courseAlreadyPaidForStudent);
  if (pays.course && !student.courseType) throw new DomainError('invalid', messages.enrolment.selectCourseBeforePaying);
  if (type === 'course' && !student.enrollmentPaid)
    throw new DomainError('invalid', messages.enrolment.payEnrolmentFirst);
}

/**
 * Whether a payment paid the catalogue price of what it bought when it was made (its stored list
 * prices): what was charged plus its promo code's discount (a discounted course is paid, a short
 * payment is not). A later price change never makes an earlier payment short.
 */
export function atListPrice(
  payment: Pick<Payment, 'amountPence' | 'listFeePence' | 'listCoursePence'> & { discountPence?: number },
): boolean {
  return payment.amountPence + (payment.discountPence ?? 0) === payment.listFeePence + payment.listCoursePence;
}
