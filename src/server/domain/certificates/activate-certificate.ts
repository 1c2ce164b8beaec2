import { and, eq, isNull } from 'drizzle-orm';
import { normaliseCertificateId } from '@shared/codes';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { certificates, students } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';
import { fullName } from '../students/find-student';
import { requireCompletionConfirmed } from '../progress/completion-check';
import { lockCertificateStudent } from './revoke-certificate';

/**
 * An admin turns a pending certificate into an activated one (downloadable and verifiable).
 * The conditional update makes a second activation, or two at once, a harmless no-op: only the
 * call that changed the row writes the audit entry, in the same transaction. Before the student's
 * course has started (by `now`, the activation's time), or below 100 % progress, it needs
 * `confirmIncomplete` (else 409). A revoked certificate is never activated (409): the update asks for
 * revoked_at null, so an activation that waits on a revocation's row lock finds it revoked.
 */
export async function activateCertificate(
  db: Db,
  admin: Pick<AdminActor, 'adminId' | 'username'>,
  rawId: string,
  { confirmIncomplete = false }: { confirmIncomplete?: boolean },
  now: Date,
): Promise<{ certificateId: string; alreadyActive: boolean }> {
  const certificateId = normaliseCertificateId(rawId);
  if (!certificateId) throw new DomainError('not_found', messages.certificates.unknownId);
  return db.transaction(async (tx) => {
    // The student's row first, as a refund that revokes takes it before the certificate's: the two queue.
    const locked = await lockCertificateStudent(tx, certificateId);
    if (locked.revokedAt) throw new DomainError('conflict', messages.certificates.activateRevoked);
    // Before the course starts or below 100 %, only with an explicit confirmation (docs/product/admin.md).
    if (!locked.activatedAt) await requireCompletionConfirmed(tx, locked.student, confirmIncomplete, now);
    const [changed] = await tx
      .update(certificates)
      .set({ activatedAt: now, activatedBy: admin.adminId })
      .where(
        and(
          eq(certificates.certificateId, certificateId),
          isNull(certificates.activatedAt),
          isNull(certificates.revokedAt),
        ),
      )
      .returning({ studentId: certificates.studentId, courseType: certificates.courseType });
    if (!changed) {
      const [existing] = await tx
        .select({ id: certificates.id, revokedAt: certificates.revokedAt })
        .from(certificates)
        .where(eq(certificates.certificateId, certificateId))
        .limit(1);
      if (!existing) throw new DomainError('not_found', messages.certificates.unknownId);
      if (existing.revokedAt) throw new DomainError('conflict', messages.certificates.activateRevoked);
      return { certificateId, alreadyActive: true };
    }
    const [student] = await tx
      .select({ firstName: students.firstName, lastName: students.lastName, email: students.email })
      .from(students)
      .where(eq(students.id, changed.studentId))
      .limit(1);
    await writeAudit(tx, admin, {
      action: 'certificate.activated',
      studentId: changed.studentId,
      studentName: student ? fullName(student) : null,
      details: { certificate_id: certificateId, course_type: changed.courseType },
    });
    // The certificate by email (PDF attached by the outbox worker), in the activation's transaction.
    if (student) {
      await enqueueEmail(
        tx,
        {
          template: 'certificate-issued',
          to: student.email,
          studentId: changed.studentId,
          data: { firstName: student.firstName, certificateId },
        },
        now,
      );
    }
    return { certificateId, alreadyActive: false };
  });
}
