import { eq } from 'drizzle-orm';
import { COURSES } from '@shared/catalogue';
import { normaliseCertificateId } from '@shared/codes';
import { messages } from '@shared/messages';
import type { Db } from '@server/db/client';
import { certificates, idVerifications, students } from '@server/db/schema';
import { DomainError } from '@server/errors';
import { fullName } from '../students/find-student';

/** What anyone may learn about a certificate: never an email or other personal data. */
export interface CertificateVerification {
  certificateId: string;
  /** Activated by an admin and not revoked; a pending certificate is not valid yet. */
  valid: boolean;
  /** When it was revoked (the reason is never part of a public answer). */
  revokedAt: Date | null;
  holderName: string;
  courseTitle: string;
  completionDate: string;
  issuedAt: Date | null;
  idVerified: boolean;
}

/**
 * Public verification: what an employer scanning the QR code may see — the holder's name, course,
 * dates and whether their ID was checked. Unknown and malformed ids get the same 404, so the answer
 * says nothing about which ids exist.
 */
export async function verifyCertificate(db: Db, rawId: string): Promise<CertificateVerification> {
  const certificateId = normaliseCertificateId(rawId);
  if (!certificateId) throw new DomainError('not_found', messages.certificates.unknownId);
  const [row] = await db
    .select({
      certificateId: certificates.certificateId,
      courseType: certificates.courseType,
      completionDate: certificates.completionDate,
      activatedAt: certificates.activatedAt,
      revokedAt: certificates.revokedAt,
      firstName: students.firstName,
      lastName: students.lastName,
      idStatus: idVerifications.status,
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .leftJoin(idVerifications, eq(idVerifications.studentId, certificates.studentId))
    .where(eq(certificates.certificateId, certificateId))
    .limit(1);
  if (!row) throw new DomainError('not_found', messages.certificates.unknownId);
  return {
    certificateId: row.certificateId,
    valid: row.activatedAt !== null && row.revokedAt === null,
    revokedAt: row.revokedAt,
    holderName: fullName(row),
    courseTitle: COURSES[row.courseType].title,
    completionDate: row.completionDate,
    issuedAt: row.activatedAt,
    idVerified: row.idStatus === 'approved',
  };
}
