/** Certificates area: domain values → wire shapes. */
import type {
  CertificateVerification as CertificateVerificationWire,
  SampleCertificate,
} from '@shared/schemas/certificates';
import type { CertificateDocument } from '@server/pdf/certificate-document';
import { certificateQrDataUrl } from '@server/pdf/certificate-qr';
import { signatoryLine } from '@shared/certificate-signatory';
import type { CertificateVerification } from '@server/domain/certificates/verify-certificate';

export function toCertificateVerification(found: CertificateVerification): CertificateVerificationWire {
  return {
    certificate_id: found.certificateId,
    valid: found.valid,
    status: found.revokedAt ? 'revoked' : found.valid ? 'valid' : 'pending',
    revoked_on: found.revokedAt ? found.revokedAt.toISOString().slice(0, 10) : null,
    holder_name: found.holderName,
    course_title: found.courseTitle,
    completion_date: found.completionDate,
    issued_date: found.issuedAt ? found.issuedAt.toISOString().slice(0, 10) : null,
    id_verified: found.idVerified,
  };
}

/** The SAMPLE as the demo page shows it, QR code included. */
export async function toSampleCertificate(document: CertificateDocument): Promise<SampleCertificate> {
  return {
    certificate_id: document.certificateId,
    holder_name: document.holderName,
    course_title: document.courseTitle,
    completion_date: document.completionDate,
    issued_date: document.issuedDate,
    cpd_provider: document.cpdProviderNumber,
    signatory: signatoryLine(document.signatory),
    signatory_name: document.signatory.name,
    signatory_title: document.signatory.title,
    verification_url: document.verificationUrl,
    qr_code_data_url: await certificateQrDataUrl(document.verificationUrl),
  };
}
