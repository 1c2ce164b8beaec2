/**
 * What a certificate PDF prints. Built from a certificate row (or the SAMPLE) and the config, then
 * handed to renderCertificatePdf: the renderer never reads the database.
 */
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
  signatory: string;
  /** PUBLIC_URL/verify/{certificate_id}: printed and encoded in the QR code. */
  verificationUrl: string;
  /** A demonstration certificate: watermarked SAMPLE and not valid. */
  sample: boolean;
}

/** The public verification page of a certificate. */
export function verificationUrl(publicUrl: string, certificateId: string): string {
  return `${publicUrl.replace(/\/$/, '')}${paths.verifyCertificate(certificateId)}`;
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2027-03-01" → "1 March 2027": the en-GB long form the site uses everywhere. */
export function formatCertificateDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}
