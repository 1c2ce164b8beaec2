import type { ProgressListQuery, ReferralListResponse } from '@shared/schemas/admin';
import type { Db } from '@server/db/client';
import { pageOfStudents, studentFilterWhere } from './student-filters';

/** Referral Codes tab: every student with their code and payment state. */
export async function listReferralCodes(db: Db, query: ProgressListQuery): Promise<ReferralListResponse> {
  const { rows, total } = await pageOfStudents(db, studentFilterWhere(query), query);
  return {
    referrals: rows.map((s) => ({
      student_id: s.id,
      student_name: `${s.firstName} ${s.lastName}`,
      email: s.email,
      referral_code: s.referralCode,
      enrollment_paid: s.enrollmentPaid,
      course_paid: s.coursePaid,
      course_type: s.courseType ?? null,
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
