/**
 * The SAMPLE certificate of /certificate-demo: fixed, fictional details drawn by the same renderer
 * as real certificates. Its id contains 0 and 1, which real ids never do, so it can never match one.
 */
import { verificationUrl, type CertificateDocument, type CertificateSite } from './certificate-document';
import { renderCertificatePdf } from './render-certificate-pdf';

export const SAMPLE_CERTIFICATE_ID = 'VBR-SAMPLE0001';

/** The sample prints what a real certificate would: the school's CPD number (or no CPD line) and signatory. */
export function sampleCertificateDocument(site: CertificateSite): CertificateDocument {
  return {
    certificateId: SAMPLE_CERTIFICATE_ID,
    holderName: 'Alex Morgan',
    courseTitle: 'Pro Course',
    completionDate: '2026-06-12',
    issuedDate: '2026-06-15',
    cpdProviderNumber: site.cpdProviderNumber,
    signatory: site.signatory,
    verificationUrl: verificationUrl(site.publicUrl, SAMPLE_CERTIFICATE_ID),
    sample: true,
  };
}

/** The sample only depends on the configuration, so each process renders it once. */
const cache = new Map<string, Promise<Uint8Array>>();
export function sampleCertificatePdf(document: CertificateDocument): Promise<Uint8Array> {
  const key = JSON.stringify(document);
  let pdf = cache.get(key);
  if (!pdf) {
    pdf = renderCertificatePdf(document);
    pdf.catch(() => cache.delete(key));
    cache.set(key, pdf);
  }
  return pdf;
}
