/** Files an outbox message carries: the certificate PDF for `certificate-issued`. */
import { renderCertificatePdf } from '@server/pdf/render-certificate-pdf';
import type { Db } from '@server/db/client';
import type { EmailOutboxRow } from '@server/db/schema';
import { getCertificateDocument } from '@server/domain/certificates/get-certificate-document';
import { certificateSite } from '@server/domain/certificates/certificate-site';
import type { Config } from '@server/config';
import type { OutgoingMail } from '@server/mail/transport';

export async function emailAttachments(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'cpdProviderNumber' | 'courseAccessUrls' | 'support'>,
  row: EmailOutboxRow,
): Promise<OutgoingMail['attachments']> {
  if (row.template !== 'certificate-issued' || !row.studentId) return undefined;
  const document = await getCertificateDocument(db, row.studentId, await certificateSite(db, config));
  const pdf = await renderCertificatePdf(document);
  return [
    {
      filename: `certificate-${document.certificateId}.pdf`,
      content: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      contentType: 'application/pdf',
    },
  ];
}
