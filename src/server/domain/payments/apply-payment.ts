import { eq } from 'drizzle-orm';
import type { CourseType, PaymentType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { students, type Student } from '@server/db/schema';
import { newReferralCode } from '@server/lib/codes';
import { PAYS_FOR } from './payment-rules';
import { one } from '@server/db/rows';

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
  const updated = one(
    await tx
      .update(students)
      .set({
        enrollmentPaid: student.enrollmentPaid || pays.enrollment,
        coursePaid: student.coursePaid || pays.course,
        totalPaidPence: student.totalPaidPence + payment.amountPence,
        referralCode,
        updatedAt: new Date(),
      })
      .where(eq(students.id, student.id))
      .returning(),
  );
  return updated;
}
