import { and, eq } from 'drizzle-orm';
import { totalStages } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { stageProgress, assessmentSubmissions, students } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';
import { getProgress } from '../progress/get-progress';
import { fullName, getStudent } from '../students/find-student';

const m = messages.assessment;

/**
 * A pass completes the last stage (docs/product/student-area.md, "Final assessment"): its stage row is
 * written as ticking would write it, and the time progress reaches 100 % is recorded, as a tick records it
 * (update-stage-progress.ts).
 */
async function completeLastStage(tx: Db, studentId: string, now: Date): Promise<void> {
  const student = await getStudent(tx, studentId, true);
  if (!student.courseType) return;
  await tx
    .insert(stageProgress)
    .values({ studentId, stageNumber: totalStages(student.courseType), completedAt: now })
    .onConflictDoNothing();
  const { progress } = await getProgress(tx, student);
  const changes: Partial<typeof students.$inferInsert> = {};
  if (student.completionStatus === 'enrolled') changes.completionStatus = 'in_progress';
  if (progress.percentage >= 100 && !student.progressCompletedAt) changes.progressCompletedAt = now;
  if (Object.keys(changes).length > 0)
    await tx
      .update(students)
      .set({ ...changes, updatedAt: now })
      .where(eq(students.id, studentId));
}

/**
 * An owner or staff member passes a waiting submission or asks for it again (with feedback), at `now`.
 * The update only applies to a submission still waiting, so a second review of the same one is 409
 * whichever came first; the audit entry and the student's e-mail are written in the same transaction.
 */
export async function reviewAssessment(
  db: Db,
  admin: AdminActor,
  submissionId: string,
  review: { result: 'passed' | 'resubmit'; feedback?: string },
  now: Date,
): Promise<void> {
  const feedback = review.feedback?.trim() ?? '';
  if (review.result === 'resubmit' && feedback === '') throw new DomainError('invalid', m.feedbackRequired);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(assessmentSubmissions)
      .set({ status: review.result, reviewedAt: now, reviewedBy: admin.adminId, feedback: feedback || null })
      .where(and(eq(assessmentSubmissions.id, submissionId), eq(assessmentSubmissions.status, 'pending')))
      .returning({ studentId: assessmentSubmissions.studentId });
    if (!row) {
      const [exists] = await tx
        .select({ id: assessmentSubmissions.id })
        .from(assessmentSubmissions)
        .where(eq(assessmentSubmissions.id, submissionId));
      throw exists ? new DomainError('conflict', m.alreadyReviewed) : new DomainError('not_found', m.notFound);
    }
    const student = await getStudent(tx, row.studentId);
    if (review.result === 'passed') await completeLastStage(tx, student.id, now);
    await writeAudit(tx, admin, {
      action: review.result === 'passed' ? 'assessment.passed' : 'assessment.resubmit',
      studentId: student.id,
      studentName: fullName(student),
      details: { submission_id: submissionId, ...(feedback ? { feedback } : {}) },
    });
    await enqueueEmail(
      tx,
      {
        template: review.result === 'passed' ? 'assessment-passed' : 'assessment-resubmit',
        to: student.email,
        studentId: student.id,
        data: { firstName: student.firstName, feedback },
      },
      now,
    );
  });
}
