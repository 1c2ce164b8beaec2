/** Certificates area: domain values → wire shapes. */
import type { CertificateVerification as CertificateVerificationWire } from '@shared/schemas/certificates';
import type { CertificateVerification } from '@server/domain/certificates/verify-certificate';

export function toCertificateVerification(found: CertificateVerification): CertificateVerificationWire {
  return {
    certificate_id: found.certificateId,
    valid: found.valid,
    status: found.valid ? 'valid' : 'pending',
    holder_name: found.holderName,
    course_title: found.courseTitle,
    completion_date: found.completionDate,
    issued_date: found.issuedAt ? found.issuedAt.toISOString().slice(0, 10) : null,
    id_verified: found.idVerified,
  };
}
