import { eq } from 'drizzle-orm';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { CertificateVerification } from '@shared/schemas/certificates';
import type { Db } from '@server/db/client';
import { certificates, idVerifications, students } from '@server/db/schema';
import { notFound } from '@server/errors';
import { normaliseCertificateId } from './normalise-certificate-id';

/**
 * Public verification: what an employer scanning the QR code may see — the holder's name, course,
 * dates and whether their ID was checked. Never an email or other personal data. Unknown and
 * malformed ids get the same 404, so the answer says nothing about which ids exist.
 */
export async function verifyCertificate(db: Db, rawId: string): Promise<CertificateVerification> {
  const certificateId = normaliseCertificateId(rawId);
  if (!certificateId) throw notFound(messages.certificates.notFound);
  const [row] = await db
    .select({
      certificateId: certificates.certificateId,
      courseType: certificates.courseType,
      completionDate: certificates.completionDate,
      activatedAt: certificates.activatedAt,
      firstName: students.firstName,
      lastName: students.lastName,
      idStatus: idVerifications.status,
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .leftJoin(idVerifications, eq(idVerifications.studentId, certificates.studentId))
    .where(eq(certificates.certificateId, certificateId))
    .limit(1);
  if (!row) throw notFound(messages.certificates.notFound);
  const valid = row.activatedAt !== null;
  return {
    certificate_id: row.certificateId,
    valid,
    status: valid ? 'valid' : 'pending',
    holder_name: `${row.firstName} ${row.lastName}`,
    course_title: COURSES[row.courseType].title,
    completion_date: row.completionDate,
    issued_date: row.activatedAt ? row.activatedAt.toISOString().slice(0, 10) : null,
    id_verified: row.idStatus === 'approved',
  };
}
