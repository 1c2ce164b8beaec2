/** Test data for the public site: students who paid, through the data layer. */
import { randomUUID } from 'node:crypto';
import type { CourseType } from '@shared/catalogue';
import type { Db } from '@server/db/client';
import { payments, type Student } from '@server/db/schema';
import { insertStudent } from './factories';

/** A student whose enrolment fee (and optionally course) was paid by card at `paidAt`. */
export async function insertPaidStudent(
  db: Db,
  options: { firstName: string; lastName: string; paidAt: Date; course?: CourseType; signupLocation?: string },
): Promise<Student> {
  const student = await insertStudent(db, {
    firstName: options.firstName,
    lastName: options.lastName,
    email: `${options.firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    enrollmentPaid: true,
    coursePaid: Boolean(options.course),
    courseType: options.course ?? null,
    signupLocation: options.signupLocation ?? null,
    registrationDate: new Date(options.paidAt.getTime() - 60_000),
  });
  await db.insert(payments).values({
    studentId: student.id,
    paymentType: options.course ? 'combined' : 'enrollment',
    courseType: options.course ?? null,
    amountPence: options.course === 'pro' ? 22499 : options.course === 'foundation' ? 8499 : 999,
    status: 'completed',
    method: 'card',
    idempotencyKey: randomUUID(),
    completedAt: options.paidAt,
  });
  return student;
}
