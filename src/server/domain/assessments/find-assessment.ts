import { desc, eq } from 'drizzle-orm';
import { totalStages } from '@shared/catalogue';
import { stageOpensOn } from '@shared/schedule';
import type { Db } from '@server/db/client';
import { assessmentSubmissions, type Student } from '@server/db/schema';
import { messages } from '@shared/messages';
import { DomainError } from '@server/errors';
import { getStudent } from '../students/find-student';

/** A submission without its encrypted bytes (what every view of it shows). */
export const submissionColumns = {
  id: assessmentSubmissions.id,
  studentId: assessmentSubmissions.studentId,
  submittedAt: assessmentSubmissions.submittedAt,
  status: assessmentSubmissions.status,
  url: assessmentSubmissions.url,
  note: assessmentSubmissions.note,
  fileName: assessmentSubmissions.fileName,
  contentType: assessmentSubmissions.contentType,
  sizeBytes: assessmentSubmissions.sizeBytes,
  reviewedAt: assessmentSubmissions.reviewedAt,
  feedback: assessmentSubmissions.feedback,
};

/** A submission as its views show it: never the encrypted bytes. */
export type SubmissionSummary = Omit<
  typeof assessmentSubmissions.$inferSelect,
  'keyId' | 'nonce' | 'authTag' | 'ciphertext' | 'reviewedBy'
>;

/** The student's newest submission (the one that counts), or null before the first. */
export async function latestSubmission(db: Db, studentId: string): Promise<SubmissionSummary | null> {
  const [row] = await db
    .select(submissionColumns)
    .from(assessmentSubmissions)
    .where(eq(assessmentSubmissions.studentId, studentId))
    .orderBy(desc(assessmentSubmissions.submittedAt), desc(assessmentSubmissions.id))
    .limit(1);
  return row ?? null;
}

/** Whether the student's final piece has passed (their newest submission). */
export async function hasPassedAssessment(db: Db, studentId: string): Promise<boolean> {
  return (await latestSubmission(db, studentId))?.status === 'passed';
}

/** The day the student's last stage opens (ISO): null without a course or a start date. */
export function lastStageOpensOn(student: Pick<Student, 'courseType' | 'courseStartDate'>): string | null {
  if (!student.courseType || !student.courseStartDate) return null;
  const total = totalStages(student.courseType);
  return stageOpensOn(student.courseStartDate, total, total);
}

/** What the student's panel shows: whether a piece is asked for, and their newest submission. */
export interface StudentAssessmentView {
  required: boolean;
  opensOn: string | null;
  latest: SubmissionSummary | null;
}

/** The student's panel: read whatever the setting, so a piece sent while it was on stays visible. */
export async function getStudentAssessment(
  db: Db,
  studentId: string,
  required: boolean,
): Promise<StudentAssessmentView> {
  const student = await getStudent(db, studentId);
  return { required, opensOn: lastStageOpensOn(student), latest: await latestSubmission(db, studentId) };
}

/**
 * While the setting is on, the last stage is completed by a pass, never by a tick (nor unticked once
 * passed): a tick of it is refused with 409. Other stages are ticked as usual.
 */
export async function assertStageTickable(
  db: Db,
  studentId: string,
  stageNumber: number,
  required: boolean,
): Promise<void> {
  if (!required) return;
  const student = await getStudent(db, studentId);
  if (student.courseType && stageNumber === totalStages(student.courseType))
    throw new DomainError('conflict', messages.assessment.lastStageByPass);
}
