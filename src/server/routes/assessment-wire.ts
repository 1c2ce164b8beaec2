/** The final assessment: domain values → the student's and the admins' wire shapes. */
import type { AdminAssessment, StudentAssessment } from '@shared/schemas/assessments';
import type { StudentAssessmentView, SubmissionSummary } from '@server/domain/assessments/find-assessment';
import type { AssessmentEntry } from '@server/domain/assessments/list-assessments';

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
const kindOf = (row: Pick<SubmissionSummary, 'url'>) => (row.url === null ? 'file' : 'link');

export function toStudentAssessment({ required, opensOn, latest }: StudentAssessmentView): StudentAssessment {
  return {
    required,
    status: latest?.status ?? 'none',
    opens_on: opensOn,
    submitted_at: isoOrNull(latest?.submittedAt ?? null),
    kind: latest ? kindOf(latest) : null,
    file_name: latest?.fileName ?? null,
    url: latest?.url ?? null,
    note: latest?.note ?? null,
    reviewed_at: isoOrNull(latest?.reviewedAt ?? null),
    feedback: latest?.feedback ?? null,
  };
}

export function toAdminAssessment(row: AssessmentEntry): AdminAssessment {
  return {
    id: row.id,
    student_id: row.studentId,
    student_name: row.studentName,
    course_type: row.courseType,
    submitted_at: row.submittedAt.toISOString(),
    status: row.status,
    kind: kindOf(row),
    url: row.url,
    note: row.note,
    file_name: row.fileName,
    size_bytes: row.sizeBytes,
    reviewed_at: isoOrNull(row.reviewedAt),
    reviewed_by: row.reviewedByName,
    feedback: row.feedback,
  };
}
