/**
 * What a certificate PDF prints. Built from a certificate row (or the SAMPLE) and the config, then
 * handed to renderCertificatePdf: the renderer never reads the database.
 */
import type { CertificateSignatory } from '@shared/certificate-signatory';
import { paths } from '@shared/routes';

export interface CertificateDocument {
  certificateId: string;
  holderName: string;
  /** "Foundation Course" / "Pro Course" (COURSES[type].title). */
  courseTitle: string;
  /** ISO dates (YYYY-MM-DD). */
  completionDate: string;
  issuedDate: string;
  /** Null when none is configured: the certificate then prints no CPD line. */
  cpdProviderNumber: string | null;
  signatory: CertificateSignatory;
  /** PUBLIC_URL/verify/{certificate_id}: printed and encoded in the QR code. */
  verificationUrl: string;
  /** A demonstration certificate: watermarked SAMPLE and not valid. */
  sample: boolean;
}

/** What a certificate takes from the site: its address and the owner's settings in force. */
export interface CertificateSite {
  publicUrl: string;
  cpdProviderNumber: string | null;
  signatory: CertificateSignatory;
}

/** The public verification page of a certificate. */
export function verificationUrl(publicUrl: string, certificateId: string): string {
  return `${publicUrl.replace(/\/$/, '')}${paths.verifyCertificate(certificateId)}`;
}
