import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { verificationUrl, type CertificateDocument, type CertificateSite } from '@server/pdf/certificate-document';
import type { Db } from '@server/db/client';
import { DomainError } from '@server/errors';
import { fullName, getStudent } from '../students/find-student';
import { findStudentCertificate } from './find-student-certificate';

/**
 * What the student's certificate PDF prints. 404 when none was requested, 409 while it awaits
 * admin activation (a pending certificate is not yet a certificate) and while it is revoked.
 */
export async function getCertificateDocument(
  db: Db,
  studentId: string,
  site: CertificateSite,
): Promise<CertificateDocument> {
  const student = await getStudent(db, studentId);
  const certificate = await findStudentCertificate(db, student.id);
  if (!certificate) throw new DomainError('not_found', messages.certificates.noneRequested);
  if (certificate.revokedAt) throw new DomainError('conflict', messages.certificates.revoked);
  if (!certificate.activatedAt) throw new DomainError('conflict', messages.certificates.awaitingActivation);
  return {
    certificateId: certificate.certificateId,
    holderName: fullName(student),
    courseTitle: COURSES[certificate.courseType].title,
    completionDate: certificate.completionDate,
    issuedDate: certificate.activatedAt.toISOString().slice(0, 10),
    cpdProviderNumber: site.cpdProviderNumber,
    signatory: site.signatory,
    verificationUrl: verificationUrl(site.publicUrl, certificate.certificateId),
    sample: false,
  };
}
