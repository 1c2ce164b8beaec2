import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { IdReviewBody, IdStatusResponse } from '@shared/schemas/id-verification';
import type { Db } from '@server/db/client';
import { idVerifications } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/errors';
import type { AdminAuth } from '@server/plugins/auth';
import { writeAudit } from '../audit/write-audit';
import { getStudent } from '../students/find-student';
import { findIdVerification, toIdStatus } from './get-id-status';

/**
 * An admin approves or rejects the document under review. A rejection needs a reason; the audit
 * entry is written in the same transaction as the decision.
 */
export async function reviewIdDocument(
  db: Db,
  admin: AdminAuth,
  studentId: string,
  review: IdReviewBody,
): Promise<IdStatusResponse> {
  const reason = review.rejection_reason?.trim() ?? '';
  if (review.status === 'rejected' && reason === '') throw badRequest(messages.admin.rejectionReasonRequired);
  if (review.student_id && review.student_id !== studentId) throw badRequest(messages.student.studentIdMismatch);

  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId);
    const current = await findIdVerification(tx, studentId, true);
    if (!current?.documentKey) throw notFound(messages.student.idDocumentNotFound);
    if (current.status !== 'pending') throw conflict(messages.student.idAlreadyReviewed);
    const [row] = await tx
      .update(idVerifications)
      .set({
        status: review.status,
        reviewedAt: new Date(),
        reviewedBy: admin.adminId,
        rejectionReason: review.status === 'rejected' ? reason : null,
      })
      .where(eq(idVerifications.studentId, studentId))
      .returning();
    await writeAudit(tx, admin, {
      action: review.status === 'approved' ? 'id.approved' : 'id.rejected',
      studentId,
      studentName: `${student.firstName} ${student.lastName}`,
      details: review.status === 'rejected' ? { rejection_reason: reason } : undefined,
    });
    return toIdStatus(row);
  });
}
