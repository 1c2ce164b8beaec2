import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { type CourseType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { payments, students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { claimCourseStartDate } from '../cohorts/cohorts';
import { holdUntil } from '../cohorts/places';
import { getStudent } from '../students/find-student';
import { one } from '@server/db/rows';

/**
 * Step 3 of the wizard: the course and one of the offered start dates (a cohort with a place left,
 * or the every-two-months rule when no cohort is saved: domain/cohorts). Once the course is paid the
 * course type is fixed (a paid Foundation place cannot become Pro without paying); the start date
 * may still move to another listed intake. While a payment for a course is pending, the course cannot
 * change either (the payment fixed what it buys: docs/product/payments.md). `now`: the app's clock
 * (which dates are still offered). An unpaid course holds the place for `holdMinutes` from now.
 */
export async function selectCourse(
  db: Db,
  options: { studentId: string; courseType: CourseType; courseStartDate: string },
  now: Date,
  holdMinutes: number,
): Promise<Student> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, options.studentId, true);
    if (student.coursePaid && student.courseType !== options.courseType)
      throw new DomainError('conflict', messages.enrolment.courseAlreadyPaid);
    // A pending payment fixed the course it buys: the course cannot change under it.
    const [paying] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.studentId, student.id),
          eq(payments.status, 'pending'),
          isNotNull(payments.courseType),
          ne(payments.courseType, options.courseType),
        ),
      )
      .limit(1);
    if (paying) throw new DomainError('conflict', messages.enrolment.courseChangeWhilePaying);
    // Last, so the cohort's row stays locked only for the student's update that follows.
    await claimCourseStartDate(tx, student, options.courseStartDate, now);
    const updated = one(
      await tx
        .update(students)
        .set({
          courseType: options.courseType,
          courseStartDate: options.courseStartDate,
          courseHoldUntil: student.coursePaid ? null : holdUntil(now, holdMinutes),
          updatedAt: now,
        })
        .where(eq(students.id, student.id))
        .returning(),
    );
    return updated;
  });
}
