import { z } from 'zod';
import { COURSE_TYPES } from '../catalogue';

/** GET /api/admin/certificates (SPEC.md section 3 "Certificate (admin list)"). */
export const adminCertificateSchema = z.object({
  certificate_id: z.string(),
  student_id: z.uuid(),
  student_name: z.string(),
  course_type: z.enum(COURSE_TYPES),
  completion_date: z.string(),
  activated: z.boolean(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

/** The certificate shown to its student. */
export const studentCertificateSchema = z.object({
  certificate_id: z.string(),
  student_name: z.string(),
  course_type: z.enum(COURSE_TYPES),
  completion_date: z.string(),
  course_start_date: z.string().nullable(),
  cpd_provider: z.string(),
  issued_date: z.string().nullable(),
  signatory: z.string(),
});
export type StudentCertificate = z.infer<typeof studentCertificateSchema>;

/** GET /api/student/{id}/certificate → 404 when none was requested. */
export const studentCertificateResponse = z.object({
  status: z.enum(['pending', 'ready']),
  certificate: studentCertificateSchema,
});
export type StudentCertificateResponse = z.infer<typeof studentCertificateResponse>;

/** GET /api/certificates/{certificate_id}: public verification; never an email. */
export const certificateVerificationSchema = z.object({
  certificate_id: z.string(),
  valid: z.boolean(),
  status: z.enum(['valid', 'pending']),
  holder_name: z.string(),
  course_title: z.string(),
  completion_date: z.string(),
  issued_date: z.string().nullable(),
  id_verified: z.boolean(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** The signatory printed on certificates and shown in the certificate modal. */
export const CERTIFICATE_SIGNATORY = 'Programme Director, Video Book Review Specialist Certification';
