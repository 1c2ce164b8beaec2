// engines: once
import { beforeAll, describe, expect, it } from 'vitest';
import { verificationUrl, type CertificateDocument } from '@server/certificates/certificate-document';
import { renderCertificatePdf } from '@server/certificates/render-certificate-pdf';
import { CERTIFICATE_SIGNATORY } from '@shared/catalogue';
import { embeddedFontNames, readPdf, readPdfText, type ReadPdf } from '../helpers/pdf';

const certificate: CertificateDocument = {
  certificateId: 'VBR-AB3DE6GH9K',
  holderName: 'Eleanor Whitfield',
  courseTitle: 'Pro Course',
  completionDate: '2027-03-05',
  issuedDate: '2027-03-16',
  cpdProviderNumber: 'CPD-778899',
  signatory: CERTIFICATE_SIGNATORY,
  verificationUrl: verificationUrl('https://certify.example.com', 'VBR-AB3DE6GH9K'),
  sample: false,
};

describe('the certificate PDF', () => {
  let bytes: Uint8Array;
  let pdf: ReadPdf;
  beforeAll(async () => {
    bytes = await renderCertificatePdf(certificate);
    pdf = await readPdf(bytes);
  });

  it('prints the holder, course, id, en-GB dates, CPD number, signatory and verification link', () => {
    expect(pdf.text).toContain('Certificate of Completion');
    expect(pdf.text).toContain('Eleanor Whitfield');
    expect(pdf.text).toContain('Pro Course');
    expect(pdf.text).toContain('VBR-AB3DE6GH9K');
    expect(pdf.text).toContain('5 March 2027');
    expect(pdf.text).toContain('16 March 2027');
    expect(pdf.text).toContain('CPD provider number CPD-778899');
    expect(pdf.text).toContain('Programme Director');
    expect(pdf.text).toContain('Video Book Review Specialist Certification');
    expect(pdf.text).toContain('https://certify.example.com/verify/VBR-AB3DE6GH9K');
    expect(pdf.text).not.toContain('SAMPLE');
  });

  it('has a QR code that opens the same verification page as the printed link', () => {
    expect(pdf.qrText).toBe('https://certify.example.com/verify/VBR-AB3DE6GH9K');
  });

  it('is one A4 landscape page with its fonts embedded', async () => {
    expect(pdf.pageCount).toBe(1);
    expect(pdf.width).toBeCloseTo(841.89, 1);
    expect(pdf.height).toBeCloseTo(595.28, 1);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const fonts = await embeddedFontNames(bytes);
    expect(fonts).toHaveLength(4);
    expect(fonts.join(' ')).toMatch(/EBGaramond-Regular/);
    expect(fonts.join(' ')).toMatch(/EBGaramond-Italic/);
    expect(fonts.join(' ')).toMatch(/EBGaramond-SemiBold/);
    expect(fonts.join(' ')).toMatch(/GreatVibes-Regular/);
  });

  it('keeps long and accented names whole on the page', async () => {
    for (const holderName of [
      'Maximilian Alexander Fitzgerald-Worthington-Smythe',
      'Zoë Ødegård',
      "Siobhán O'Connor-Łukasiewicz",
    ]) {
      const named = await readPdfText(await renderCertificatePdf({ ...certificate, holderName }));
      expect(named.text).toContain(holderName);
    }
  });

  it('marks a sample as SAMPLE and not valid', async () => {
    const sample = await readPdfText(await renderCertificatePdf({ ...certificate, sample: true }));
    expect(sample.text).toContain('SAMPLE — NOT A VALID CERTIFICATE');
  });
});
