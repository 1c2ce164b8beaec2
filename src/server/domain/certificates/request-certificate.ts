import { eq } from 'drizzle-orm';
import type { CourseType } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { certificates } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { newCertificateId } from '@server/crypto/readable-codes';
import { hasPassedAssessment } from '../assessments/find-assessment';
import { completedStages } from '../progress/get-progress';
import { summariseProgress } from '../progress/summarise-progress';
import { getStudent } from '../students/find-student';

/**
 * A student at 100% asks for their certificate, once. It starts pending until an admin activates
 * it. The completion date is the day progress reached 100 % (students.progress_completed_at; `now`
 * when no time was recorded). While the school asks for a final piece, only once it has passed (409
 * before), whatever the ticks say.
 */
export async function requestCertificate(
  db: Db,
  studentId: string,
  request: { courseType?: CourseType },
  site: { finalAssessmentRequired: boolean },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId, true);
    if (!student.coursePaid || !student.courseType)
      throw new DomainError('forbidden', messages.student.progressNeedsCoursePaid);
    if (request.courseType && request.courseType !== student.courseType) {
      throw new DomainError('invalid', messages.student.certificateCourseMismatch);
    }
    if (site.finalAssessmentRequired && !(await hasPassedAssessment(tx, studentId)))
      throw new DomainError('conflict', messages.assessment.certificateNeedsPass);
    const stages = await completedStages(tx, studentId);
    const progress = summariseProgress(
      student.courseType,
      stages.map((s) => s.stageNumber),
    );
    if (progress.percentage < 100) throw new DomainError('invalid', messages.student.certificateNeedsFullProgress);

    const [existing] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.studentId, studentId))
      .limit(1);
    if (existing) throw new DomainError('conflict', messages.student.certificateAlreadyRequested);

    // Recorded when the last stage was ticked; for progress from before that was recorded, the
    // latest stage's time. Never before the course start (an admin may have moved it later since).
    const reachedAt =
      student.progressCompletedAt ??
      stages.reduce((latest, s) => (s.completedAt > latest ? s.completedAt : latest), new Date(0));
    const reachedOn = (reachedAt.getTime() > 0 ? reachedAt : now).toISOString().slice(0, 10);
    const start = student.courseStartDate;
    await tx.insert(certificates).values({
      certificateId: await unusedCertificateId(tx),
      studentId,
      courseType: student.courseType,
      completionDate: start && start > reachedOn ? start : reachedOn,
    });
  });
}

/** About 50 random bits: a clash is practically impossible, but the unique index is the last word. */
async function unusedCertificateId(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = newCertificateId();
    const taken = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.certificateId, candidate))
      .limit(1);
    if (taken.length === 0) return candidate;
  }
  throw new Error('could not find a free certificate id');
}
