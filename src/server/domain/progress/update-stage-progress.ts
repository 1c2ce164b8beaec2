import { and, eq } from 'drizzle-orm';
import { totalStages } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { stageProgress, students } from '@server/db/schema';
import { badRequest, forbidden } from '@server/errors';
import { findIdVerification } from '../id-verification/find-id-verification';
import { getStudent } from '../students/find-student';
import { getProgress, type StudentProgress } from './get-progress';

/**
 * Marks one stage complete or incomplete. Only for a paid course whose student's ID is approved.
 * The first completed stage moves the student from `enrolled` to `in_progress`.
 */
export async function updateStageProgress(
  db: Db,
  studentId: string,
  update: { stageNumber: number; completed: boolean },
): Promise<StudentProgress> {
  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    if (!student.coursePaid || !student.courseType) throw forbidden(messages.student.progressNeedsCoursePaid);
    const verification = await findIdVerification(tx, studentId);
    if (verification?.status !== 'approved') throw forbidden(messages.student.progressNeedsIdApproval);
    const total = totalStages(student.courseType);
    if (update.stageNumber > total) throw badRequest(messages.student.stageOutOfRange(total));

    if (update.completed) {
      await tx.insert(stageProgress).values({ studentId, stageNumber: update.stageNumber }).onConflictDoNothing();
    } else {
      await tx
        .delete(stageProgress)
        .where(and(eq(stageProgress.studentId, studentId), eq(stageProgress.stageNumber, update.stageNumber)));
    }

    let updated = student;
    if (update.completed && student.completionStatus === 'enrolled') {
      updated = one(
        await tx
          .update(students)
          .set({ completionStatus: 'in_progress', updatedAt: new Date() })
          .where(eq(students.id, studentId))
          .returning(),
      );
    }
    return getProgress(tx, updated);
  });
}
