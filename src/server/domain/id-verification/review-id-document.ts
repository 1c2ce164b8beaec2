import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { idVerifications, type IdVerification } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { fullName, getStudent } from '../students/find-student';
import { findIdVerification } from './find-id-verification';
import { one } from '@server/db/rows';
import { enqueueEmail } from '../email/enqueue-email';
import { courseAccessUrl, type CourseAccessUrls } from '../settings/site-settings';

/**
 * An admin approves or rejects the document under review, at `now` (from which its retention counts).
 * A rejection needs a reason; the audit entry is written in the same transaction as the decision.
 */
export async function reviewIdDocument(
  db: Db,
  admin: AdminActor,
  studentId: string,
  review: { decision: 'approved' | 'rejected'; rejectionReason?: string | null },
  site: { courseAccessUrls: CourseAccessUrls },
  now: Date,
): Promise<IdVerification> {
  const reason = review.rejectionReason?.trim() ?? '';
  if (review.decision === 'rejected' && reason === '')
    throw new DomainError('invalid', messages.admin.rejectionReasonRequired);

  return db.transaction(async (tx) => {
    const student = await getStudent(tx, studentId);
    const current = await findIdVerification(tx, studentId, true);
    if (!current || current.status === 'required')
      throw new DomainError('not_found', messages.student.idDocumentNotFound);
    if (current.status !== 'pending') throw new DomainError('conflict', messages.student.idAlreadyReviewed);
    const row = one(
      await tx
        .update(idVerifications)
        .set({
          status: review.decision,
          reviewedAt: now,
          reviewedBy: admin.adminId,
          rejectionReason: review.decision === 'rejected' ? reason : null,
        })
        .where(eq(idVerifications.studentId, studentId))
        .returning(),
    );
    await writeAudit(tx, admin, {
      action: review.decision === 'approved' ? 'id.approved' : 'id.rejected',
      studentId,
      studentName: fullName(student),
      details: review.decision === 'rejected' ? { rejection_reason: reason } : undefined,
    });
    // The student's email, in the decision's transaction (the email outbox).
    if (review.decision === 'approved') {
      const link = student.courseType && student.coursePaid ? courseAccessUrl(site, student.courseType) : null;
      await enqueueEmail(
        tx,
        {
          template: 'id-approved',
          to: student.email,
          studentId,
          data: { firstName: student.firstName, courseAccessUrl: link },
        },
        now,
      );
    } else {
      await enqueueEmail(
        tx,
        { template: 'id-rejected', to: student.email, studentId, data: { firstName: student.firstName, reason } },
        now,
      );
    }
    return row;
  });
}
