/**
 * Revoking and reinstating certificates (docs/product/admin.md#certificates): by an owner with a
 * reason, or at once by the system when the course payment is refunded in full or a dispute about it
 * is lost (record-refund.ts, apply-provider-event.ts). A revoked certificate verifies as revoked (never
 * with its reason), cannot be downloaded and cannot be activated; a pending one is revoked too, so an
 * activation that comes later is refused.
 *
 * Every change is a conditional update (revoked_at null, or not null), so a repeat or two at once
 * change the row once: only the call that changed it writes the audit row and queues the student's
 * e-mail, in the same transaction. Under PostgreSQL's read committed, an activation that waits on a
 * revocation's row lock re-reads the row and finds it revoked (activate-certificate.ts).
 */
import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { normaliseCertificateId } from '@shared/codes';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { one } from '@server/db/rows';
import { certificates, emailOutbox, students, type Student } from '@server/db/schema';
import { DomainError } from '@server/errors';
import type { AdminActor } from '../actor';
import { writeAudit, type AuditActor } from '../audit/write-audit';
import { enqueueEmail } from '../email/enqueue-email';
import { fullName, getStudent } from '../students/find-student';

/** Who an automatic revocation names in the audit log. */
export const AUTOMATIC_REVOCATION_ACTOR = { adminId: null, username: 'system (automatic revocation)' } as const;

export interface RevocationResult {
  certificateId: string;
  revokedAt: Date | null;
  /** False when the certificate was already in the state asked for (nothing changed, nothing sent). */
  changed: boolean;
}

type Owner = Pick<AdminActor, 'adminId' | 'username'>;

function knownId(rawId: string): string {
  const certificateId = normaliseCertificateId(rawId);
  if (!certificateId) throw new DomainError('not_found', messages.certificates.unknownId);
  return certificateId;
}

/**
 * Locks the certificate's student row, then reads the certificate: every change of a certificate takes
 * the student's row first, as a refund does (lockPayment), so an activation, a revocation and a refund
 * of one student queue instead of deadlocking (their audit and outbox rows point at the student).
 */
export async function lockCertificateStudent(
  tx: Db,
  certificateId: string,
): Promise<{ student: Student; activatedAt: Date | null; revokedAt: Date | null }> {
  const [target] = await tx
    .select({ studentId: certificates.studentId })
    .from(certificates)
    .where(eq(certificates.certificateId, certificateId))
    .limit(1);
  if (!target) throw new DomainError('not_found', messages.certificates.unknownId);
  const student = await getStudent(tx, target.studentId, true);
  const current = one(
    await tx
      .select({ activatedAt: certificates.activatedAt, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(eq(certificates.certificateId, certificateId)),
  );
  return { student, ...current };
}

async function currentState(tx: Db, certificateId: string): Promise<RevocationResult> {
  const [existing] = await tx
    .select({ revokedAt: certificates.revokedAt })
    .from(certificates)
    .where(eq(certificates.certificateId, certificateId))
    .limit(1);
  if (!existing) throw new DomainError('not_found', messages.certificates.unknownId);
  return { certificateId, revokedAt: existing.revokedAt, changed: false };
}

/** The audit row and the student's e-mail of a change that happened. */
async function recordChange(
  tx: Db,
  actor: AuditActor,
  change: { certificateId: string; studentId: string; revoked: boolean; reason: string | null },
  now: Date,
): Promise<void> {
  const [student] = await tx
    .select({ firstName: students.firstName, lastName: students.lastName, email: students.email })
    .from(students)
    .where(eq(students.id, change.studentId))
    .limit(1);
  await writeAudit(tx, actor, {
    action: change.revoked ? 'certificate.revoked' : 'certificate.reinstated',
    studentId: change.studentId,
    studentName: student ? fullName(student) : null,
    details: change.revoked
      ? { certificate_id: change.certificateId, reason: change.reason }
      : { certificate_id: change.certificateId },
  });
  if (!student) return;
  await enqueueEmail(
    tx,
    {
      template: change.revoked ? 'certificate-revoked' : 'certificate-reinstated',
      to: student.email,
      studentId: change.studentId,
      data: { firstName: student.firstName, certificateId: change.certificateId },
    },
    now,
  );
}

/**
 * A `certificate-issued` e-mail not sent yet would carry the PDF of a revoked certificate (and its
 * attachment can no longer be made, so the outbox would retry it in vain): it is withdrawn.
 */
async function withdrawUnsentCertificate(tx: Db, studentId: string): Promise<void> {
  await tx
    .update(emailOutbox)
    .set({ status: 'failed', lastError: WITHDRAWN_ON_REVOCATION })
    .where(
      and(
        eq(emailOutbox.studentId, studentId),
        eq(emailOutbox.template, 'certificate-issued'),
        eq(emailOutbox.status, 'pending'),
      ),
    );
}

/** The outbox's note on a certificate e-mail withdrawn because the certificate was revoked first. */
export const WITHDRAWN_ON_REVOCATION = 'Not sent: the certificate was revoked before this e-mail went out.';

/** Sets revoked_at on the certificates `where` picks that are not revoked yet; the ids it changed. */
async function markRevoked(
  tx: Db,
  actor: AuditActor,
  where: SQL | undefined,
  reason: string,
  now: Date,
): Promise<string[]> {
  const changed = await tx
    .update(certificates)
    .set({ revokedAt: now, revokedBy: actor.adminId, revocationReason: reason })
    .where(and(where, isNull(certificates.revokedAt)))
    .returning({ certificateId: certificates.certificateId, studentId: certificates.studentId });
  for (const row of changed) {
    await recordChange(tx, actor, { ...row, revoked: true, reason }, now);
    await withdrawUnsentCertificate(tx, row.studentId);
  }
  return changed.map((row) => row.certificateId);
}

/** An owner revokes a certificate (pending or activated) with a reason; revoking it again changes nothing. */
export async function revokeCertificate(
  db: Db,
  owner: Owner,
  rawId: string,
  reason: string,
  now: Date,
): Promise<RevocationResult> {
  const certificateId = knownId(rawId);
  return db.transaction(async (tx) => {
    await lockCertificateStudent(tx, certificateId);
    const changed = await markRevoked(tx, owner, eq(certificates.certificateId, certificateId), reason, now);
    if (changed.length > 0) return { certificateId, revokedAt: now, changed: true };
    return currentState(tx, certificateId);
  });
}

/** An owner reinstates a revoked certificate: it is as it was before (pending or activated). */
export async function reinstateCertificate(db: Db, owner: Owner, rawId: string, now: Date): Promise<RevocationResult> {
  const certificateId = knownId(rawId);
  return db.transaction(async (tx) => {
    await lockCertificateStudent(tx, certificateId);
    const [changed] = await tx
      .update(certificates)
      .set({ revokedAt: null, revokedBy: null, revocationReason: null })
      .where(and(eq(certificates.certificateId, certificateId), isNotNull(certificates.revokedAt)))
      .returning({ studentId: certificates.studentId });
    if (!changed) return currentState(tx, certificateId);
    await recordChange(tx, owner, { certificateId, studentId: changed.studentId, revoked: false, reason: null }, now);
    return { certificateId, revokedAt: null, changed: true };
  });
}

/**
 * In the caller's transaction (a refund or a lost dispute of the student's course payment): revokes the
 * student's certificate, pending or activated, as the system. Nothing when there is none or it is
 * already revoked.
 */
export async function revokeStudentCertificate(tx: Db, studentId: string, reason: string, now: Date): Promise<void> {
  await markRevoked(tx, AUTOMATIC_REVOCATION_ACTOR, eq(certificates.studentId, studentId), reason, now);
}
