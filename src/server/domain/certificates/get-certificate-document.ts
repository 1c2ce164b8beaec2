import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { verificationUrl, type CertificateDocument } from '@server/certificates/certificate-document';
import type { Db } from '@server/db/client';
import { conflict, notFound } from '@server/errors';
import { getStudent } from '../students/find-student';
import { getStudentCertificate } from '../students/get-student-certificate';

/**
 * What the student's certificate PDF prints. 404 when none was requested, 409 while it awaits
 * admin activation (a pending certificate is not yet a certificate).
 */
export async function getCertificateDocument(
  db: Db,
  studentId: string,
  site: { publicUrl: string; cpdProviderNumber: string },
): Promise<CertificateDocument> {
  const student = await getStudent(db, studentId);
  const found = await getStudentCertificate(db, student, site.cpdProviderNumber);
  if (found.status === 'none') throw notFound(messages.certificates.noneRequested);
  const { status, certificate } = found;
  if (status !== 'ready' || !certificate.issued_date) throw conflict(messages.certificates.awaitingActivation);
  return {
    certificateId: certificate.certificate_id,
    holderName: certificate.student_name,
    courseTitle: COURSES[certificate.course_type].title,
    completionDate: certificate.completion_date,
    issuedDate: certificate.issued_date,
    cpdProviderNumber: certificate.cpd_provider,
    signatory: certificate.signatory,
    verificationUrl: verificationUrl(site.publicUrl, certificate.certificate_id),
    sample: false,
  };
}
