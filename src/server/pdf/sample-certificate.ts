/**
 * The SAMPLE certificate of /certificate-demo: fixed, fictional details drawn by the same renderer
 * as real certificates. Its id contains 0 and 1, which real ids never do, so it can never match one.
 */
import { CERTIFICATE_SIGNATORY } from '@shared/catalogue';
import { verificationUrl, type CertificateDocument } from './certificate-document';
import { renderCertificatePdf } from './render-certificate-pdf';

export const SAMPLE_CERTIFICATE_ID = 'VBR-SAMPLE0001';

/** Printed on the SAMPLE when the school has no CPD provider number configured: marked as an example. */
export const SAMPLE_CPD_PROVIDER_NUMBER = '000000 (sample number)';

export function sampleCertificateDocument(site: {
  publicUrl: string;
  cpdProviderNumber: string | null;
}): CertificateDocument {
  return {
    certificateId: SAMPLE_CERTIFICATE_ID,
    holderName: 'Alex Morgan',
    courseTitle: 'Pro Course',
    completionDate: '2026-06-12',
    issuedDate: '2026-06-15',
    cpdProviderNumber: site.cpdProviderNumber ?? SAMPLE_CPD_PROVIDER_NUMBER,
    signatory: CERTIFICATE_SIGNATORY,
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
