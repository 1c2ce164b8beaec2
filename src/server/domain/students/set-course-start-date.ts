import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { payments, students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { fullName, getStudent } from './find-student';

/**
 * An admin moves a student's course start date (any date, not only a listed intake): the day their
 * stages open. Refused while a card payment is pending, as every other change under a payment in
 * flight; audited in the same transaction.
 */
export async function setCourseStartDate(
  db: Db,
  admin: AdminActor,
  studentId: string,
  courseStartDate: string,
  now: Date,
): Promise<Student> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    const [paying] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.studentId, student.id), eq(payments.status, 'pending')))
      .limit(1);
    if (paying) throw new DomainError('conflict', messages.admin.startDate.whilePaying);
    const updated = one(
      await tx.update(students).set({ courseStartDate, updatedAt: now }).where(eq(students.id, student.id)).returning(),
    );
    await writeAudit(tx, admin, {
      action: 'student.start_date_changed',
      studentId: student.id,
      studentName: fullName(student),
      details: { from: student.courseStartDate, to: courseStartDate },
    });
    return updated;
  });
}
