import { eq } from 'drizzle-orm';
import type { CourseType, PaymentType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { students, type Student } from '@server/db/schema';
import { badRequest, conflict } from '@server/errors';
import { newReferralCode } from '@server/lib/codes';

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
  if (pays.enrollment && student.enrollmentPaid) {
    throw conflict('The enrollment fee has already been paid for this student.');
  }
  if (pays.course && student.coursePaid) {
    throw conflict('The course has already been paid for this student.');
  }
  if (pays.course && !student.courseType) {
    throw badRequest('Please select a course before paying for it.');
  }
  if (type === 'course' && !student.enrollmentPaid) {
    throw badRequest('Please pay the enrollment fee first, or choose the Complete Package.');
  }
}

async function uniqueReferralCode(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = newReferralCode();
    const taken = await tx.select({ id: students.id }).from(students).where(eq(students.referralCode, code)).limit(1);
    if (taken.length === 0) return code;
  }
  throw new Error('could not find a free referral code');
}

/**
 * Records a completed payment on the student, inside the caller's transaction: the paid flags,
 * total_paid, and a referral code when the enrolment fee becomes paid. Returns the updated row.
 */
export async function applyPaymentToStudent(
  tx: Db,
  student: Student,
  payment: { paymentType: PaymentType; amountPence: number; courseType?: CourseType | null },
): Promise<Student> {
  const pays = PAYS_FOR[payment.paymentType];
  const referralCode = pays.enrollment && !student.referralCode ? await uniqueReferralCode(tx) : student.referralCode;
  const [updated] = await tx
    .update(students)
    .set({
      enrollmentPaid: student.enrollmentPaid || pays.enrollment,
      coursePaid: student.coursePaid || pays.course,
      totalPaidPence: student.totalPaidPence + payment.amountPence,
      referralCode,
      updatedAt: new Date(),
    })
    .where(eq(students.id, student.id))
    .returning();
  return updated;
}
