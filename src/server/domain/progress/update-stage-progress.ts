import { and, eq } from 'drizzle-orm';
import { totalStages } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { courseHasStarted, formatLongDate, londonIsoDate, stageOpensOn } from '@shared/schedule';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { stageProgress, students } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { findIdVerification } from '../id-verification/find-id-verification';
import { getStudent } from '../students/find-student';
import { getProgress, type StudentProgress } from './get-progress';

/**
 * Marks one stage complete or incomplete. Only for a paid course whose student's ID is approved, and
 * from the course start date on (by `now`, the app's clock: a certificate can never be earned before the
 * course starts), and each stage from the day the stage calendar opens it (stageOpensOn). The first
 * completed stage moves the student from `enrolled` to `in_progress`.
 * The moment progress reaches 100 % is recorded (the certificate's completion date); unticking a
 * stage clears it.
 */
export async function updateStageProgress(
  db: Db,
  studentId: string,
  update: { stageNumber: number; completed: boolean },
  now: Date,
): Promise<StudentProgress> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    if (!student.coursePaid || !student.courseType)
      throw new DomainError('forbidden', messages.student.progressNeedsCoursePaid);
    const verification = await findIdVerification(tx, studentId);
    if (verification?.status !== 'approved')
      throw new DomainError('forbidden', messages.student.progressNeedsIdApproval);
    if (student.courseStartDate && !courseHasStarted(student.courseStartDate, now)) {
      throw new DomainError('conflict', messages.student.stagesOpenOn(formatLongDate(student.courseStartDate)));
    }
    const total = totalStages(student.courseType);
    if (update.stageNumber > total) throw new DomainError('invalid', messages.student.stageOutOfRange(total));
    // The stage calendar: a stage is ticked from the day it opens (UK calendar day); unticking is always allowed.
    if (update.completed && student.courseStartDate) {
      const opensOn = stageOpensOn(student.courseStartDate, update.stageNumber, total);
      if (londonIsoDate(now) < opensOn)
        throw new DomainError('conflict', messages.student.stageOpensOn(update.stageNumber, formatLongDate(opensOn)));
    }

    if (update.completed) {
      await tx
        .insert(stageProgress)
        .values({ studentId, stageNumber: update.stageNumber, completedAt: now })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(stageProgress)
        .where(and(eq(stageProgress.studentId, studentId), eq(stageProgress.stageNumber, update.stageNumber)));
    }

    const result = await getProgress(tx, student);
    const full = result.progress.percentage >= 100;
    const changes: Partial<typeof students.$inferInsert> = {};
    if (update.completed && student.completionStatus === 'enrolled') changes.completionStatus = 'in_progress';
    if (full && !student.progressCompletedAt) changes.progressCompletedAt = now;
    if (!full && student.progressCompletedAt) changes.progressCompletedAt = null;
    if (Object.keys(changes).length === 0) return result;
    const updated = one(
      await tx
        .update(students)
        .set({ ...changes, updatedAt: now })
        .where(eq(students.id, studentId))
        .returning(),
    );
    return { student: updated, progress: result.progress };
  });
}
