/**
 * Files an outbox message carries: the certificate PDF for `certificate-issued`, the invoice or
 * credit note for `payment-receipt`. Drawn when the message is sent, from what the database holds.
 */
import { eq } from 'drizzle-orm';
import { renderCertificatePdf } from '@server/pdf/render-certificate-pdf';
import { renderInvoicePdf } from '@server/pdf/render-invoice-pdf';
import type { Db } from '@server/db/client';
import { invoices, type EmailOutboxRow } from '@server/db/schema';
import { getCertificateDocument } from '@server/domain/certificates/get-certificate-document';
import { certificateSite } from '@server/domain/certificates/certificate-site';
import type { Config } from '@server/config';
import type { OutgoingMail } from '@server/mail/transport';

const pdfAttachment = (filename: string, pdf: Uint8Array) => [
  { filename, content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), contentType: 'application/pdf' },
];

export async function emailAttachments(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'cpdProviderNumber' | 'courseAccessUrls' | 'support'>,
  row: EmailOutboxRow,
): Promise<OutgoingMail['attachments']> {
  if (row.template === 'payment-receipt') {
    const number = (row.data as { invoiceNumber?: unknown }).invoiceNumber;
    if (typeof number !== 'string') return undefined;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.number, number)).limit(1);
    return invoice ? pdfAttachment(`${invoice.number}.pdf`, await renderInvoicePdf(invoice)) : undefined;
  }
  if (row.template !== 'certificate-issued' || !row.studentId) return undefined;
  const document = await getCertificateDocument(db, row.studentId, await certificateSite(db, config));
  return pdfAttachment(`certificate-${document.certificateId}.pdf`, await renderCertificatePdf(document));
}
