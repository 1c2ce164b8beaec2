/**
 * Domain values → the API's wire shapes (docs/product/api-contracts.md: snake_case, pounds, ISO dates), for the
 * shapes several route areas answer with. Each area's own shapes are in routes/<area>/wire.ts.
 */
import { FOUNDATION_STAGES } from '@shared/catalogue';
import { penceToPounds } from '@shared/money';
import type { IdStatusResponse } from '@shared/schemas/id-verification';
import type { StudentRecord } from '@shared/schemas/student';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import type { Student, IdVerification } from '@server/db/schema';
import { canUploadId, idStatusOf } from '@server/domain/id-verification/find-id-verification';
import type { ProgressSummary } from '@server/domain/progress/summarise-progress';
import type { StudentAccount } from '@server/domain/students/student-account';

export function toStudentRecord(student: Student): StudentRecord {
  return {
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    email: student.email,
    phone: student.phone,
    course_type: student.courseType ?? null,
    course_start_date: student.courseStartDate,
    enrollment_paid: student.enrollmentPaid,
    course_paid: student.coursePaid,
    total_paid: penceToPounds(student.totalPaidPence),
    completion_status: student.completionStatus,
    registration_date: student.registrationDate.toISOString(),
    referral_code: student.referralCode,
  };
}

export function toStudentAreaRecord(account: StudentAccount): StudentAreaRecord {
  return {
    ...toStudentRecord(account.student),
    course_access_url: account.courseAccessUrl,
    days_until_start: account.daysUntilStart,
    refunds: account.refunds.map((refund) => ({
      description: refund.description,
      paid_pence: refund.paidPence,
      refunded_pence: refund.refundedPence,
      full: refund.full,
      refunded_at: refund.refundedAt.toISOString(),
    })),
  };
}

/** The ID status (docs/product/student-area.md); no row means `not_required`. */
export function toIdStatus(row: IdVerification | null): IdStatusResponse {
  return {
    status: idStatusOf(row),
    uploaded_date: row?.uploadedAt?.toISOString() ?? null,
    reviewed_date: row?.reviewedAt?.toISOString() ?? null,
    rejection_reason: row?.status === 'rejected' ? row.rejectionReason : null,
    can_resubmit: canUploadId(row),
  };
}

/** The progress fields: `foundation_progress` holds stages 1-5, `pro_progress` stages 6-9 (empty for Foundation). */
export function toProgressFields(progress: ProgressSummary) {
  return {
    foundation_progress: progress.stages.slice(0, FOUNDATION_STAGES.length),
    pro_progress: progress.stages.slice(FOUNDATION_STAGES.length),
    progress_percentage: progress.percentage,
    total_stages: progress.total,
    completed_stages: progress.completed,
  };
}

/** `{ <items>, total, page, page_size }` of every admin list. */
export const pageFields = (total: number, query: { page: number; page_size: number }) => ({
  total,
  page: query.page,
  page_size: query.page_size,
});

/** The domain's page request from a list query. */
export const pageRequest = (query: { page: number; page_size: number }) => ({
  page: query.page,
  pageSize: query.page_size,
});
