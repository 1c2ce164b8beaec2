import { z } from 'zod';
import { messages } from '@shared/messages';
import { multilineText, text } from './text';
import { COURSE_TYPES } from '@shared/catalogue';

/** GET /api/admin/certificates (docs/product/admin.md). */
export const adminCertificateSchema = z.object({
  certificate_id: z.string(),
  student_id: z.uuid(),
  student_name: z.string(),
  course_type: z.enum(COURSE_TYPES),
  completion_date: z.string(),
  activated: z.boolean(),
  /** Set while revoked (an owner's reason, or the automatic one); cleared on reinstatement. */
  revoked_at: z.string().nullable(),
  revocation_reason: z.string().nullable(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

/** The certificate shown to its student. */
export const studentCertificateSchema = z.object({
  certificate_id: z.string(),
  student_name: z.string(),
  course_type: z.enum(COURSE_TYPES),
  completion_date: z.string(),
  course_start_date: z.string().nullable(),
  /** Null when the school has no CPD provider number configured (nothing about CPD is shown then). */
  cpd_provider: z.string().nullable(),
  issued_date: z.string().nullable(),
  /** The day it was revoked (ISO date), null unless revoked; the reason is never shown. */
  revoked_on: z.string().nullable(),
  /** "Jane Smith, Programme Director", or the title alone when no name is set. */
  signatory: z.string(),
});
export type StudentCertificate = z.infer<typeof studentCertificateSchema>;

/** GET /api/student/{id}/certificate → 404 when none was requested. */
export const studentCertificateResponse = z.discriminatedUnion('status', [
  /** Nothing requested yet: a normal answer, not an error (the dashboard asks on every visit). */
  z.object({ status: z.literal('none'), certificate: z.null() }),
  z.object({ status: z.enum(['pending', 'ready', 'revoked']), certificate: studentCertificateSchema }),
]);
export type StudentCertificateResponse = z.infer<typeof studentCertificateResponse>;

/** GET /api/certificates/{certificate_id}: public verification; never an email. */
export const certificateVerificationSchema = z.object({
  certificate_id: z.string(),
  valid: z.boolean(),
  status: z.enum(['valid', 'pending', 'revoked']),
  /** The day it was revoked (ISO date); null unless revoked. Never the reason. */
  revoked_on: z.string().nullable(),
  holder_name: z.string(),
  course_title: z.string(),
  completion_date: z.string(),
  issued_date: z.string().nullable(),
  id_verified: z.boolean(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** Path parameter of the public verification and admin activation routes. */
export const certificateIdParams = z.object({ certificate_id: text().trim().min(1).max(64) });

/** GET /api/admin/certificates?page=&page_size= (pending first, then newest request first). */
export const adminCertificatesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export const adminCertificatesResponse = z.object({
  certificates: z.array(adminCertificateSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminCertificatesResponse = z.infer<typeof adminCertificatesResponse>;

/** POST /api/admin/certificate/{certificate_id}/activate: activating twice is harmless. */
/**
 * Body of admin Complete and certificate Activate (both optional): `confirm_incomplete: true` goes
 * ahead although the course has not started yet or progress is below 100 % (else 409).
 */
export const completionConfirmBody = z
  .object({ confirm_incomplete: z.boolean().optional() })
  .nullish()
  .transform((body) => ({ confirm_incomplete: body?.confirm_incomplete === true }));

export const activateCertificateResponse = z.object({
  certificate_id: z.string(),
  activated: z.literal(true),
  already_active: z.boolean(),
});

/** POST /api/admin/certificate/{certificate_id}/revoke (owner): the reason stays in the admin area. */
export const revokeCertificateBody = z.object(
  {
    reason: multilineText({ error: messages.certificates.revocationReasonRequired })
      .trim()
      .min(1, messages.certificates.revocationReasonRequired)
      .max(500, messages.certificates.revocationReasonRequired),
  },
  { error: messages.certificates.revocationReasonRequired },
);

/** Revoke and reinstate (owner): `changed` false when it already was so (nothing sent again). */
export const certificateRevocationResponse = z.object({
  certificate_id: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  changed: z.boolean(),
});

/**
 * GET /api/certificates/sample: exactly what the SAMPLE certificate PDF
 * (GET /api/certificates/sample.pdf) prints, for the /certificate-demo page.
 */
export const sampleCertificateSchema = z.object({
  certificate_id: z.string(),
  holder_name: z.string(),
  course_title: z.string(),
  completion_date: z.string(),
  issued_date: z.string(),
  /** Null without a CPD provider number: the sample then shows no seal and no CPD line, like a real one. */
  cpd_provider: z.string().nullable(),
  /** "Jane Smith, Programme Director", or the title alone. */
  signatory: z.string(),
  signatory_name: z.string().nullable(),
  signatory_title: z.string(),
  verification_url: z.string(),
  /** The QR code printed on the certificate, as a PNG data URL. */
  qr_code_data_url: z.string(),
});
export type SampleCertificate = z.infer<typeof sampleCertificateSchema>;
