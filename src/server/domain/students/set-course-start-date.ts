import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { cohorts, payments, students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { cohortRowDate, placesTaken } from '../cohorts/places';
import { fullName, getStudent } from './find-student';

/**
 * 409 when `date` is a closed cohort, or one whose places are all taken (the student's own excepted);
 * the cohort's row stays locked until commit, so two moves into the last place are counted in turn.
 */
async function checkCohortOpen(tx: Db, student: Student, date: string, now: Date): Promise<void> {
  const [cohort] = await tx.select().from(cohorts).where(eq(cohorts.courseStartDate, date)).for('update');
  if (!cohort) return;
  if (cohort.closed) throw new DomainError('conflict', messages.admin.startDate.cohortClosed);
  if (cohort.capacity === null) return;
  const [row] = await tx
    .select({ taken: placesTaken(cohortRowDate, now, student) })
    .from(cohorts)
    .where(eq(cohorts.courseStartDate, date));
  if (Number(row?.taken ?? 0) >= cohort.capacity)
    throw new DomainError('conflict', messages.admin.startDate.cohortFull);
}

/**
 * An admin moves a student's course start date (any date, not only a listed intake): the day their
 * stages open. Refused while a card payment is pending, as every other change under a payment in
 * flight; a staff admin cannot place a student in a closed or full cohort (409: the owner decides
 * who goes over a limit); audited in the same transaction.
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
    if (admin.adminRole !== 'owner' && student.courseStartDate !== courseStartDate) {
      await checkCohortOpen(tx, student, courseStartDate, now);
    }
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
