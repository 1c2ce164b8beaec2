import { z } from 'zod';
import { multilineText } from './text';
import { COURSE_TYPES } from '@shared/catalogue';
import { ID_STATUSES } from '@shared/statuses';

/** GET /api/students/{email}/id-status (docs/product/student-area.md). */
export const idStatusSchema = z.object({
  status: z.enum(ID_STATUSES),
  uploaded_date: z.string().nullable(),
  reviewed_date: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  can_resubmit: z.boolean(),
});
export type IdStatusResponse = z.infer<typeof idStatusSchema>;

/** GET /api/admin/id-verifications: the pending documents. `id_document_url` is an API path that needs the admin token. */
export const pendingIdVerificationSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  email: z.string(),
  course_type: z.enum(COURSE_TYPES).nullable(),
  uploaded_date: z.string(),
  id_document_url: z.string(),
});
export type PendingIdVerification = z.infer<typeof pendingIdVerificationSchema>;

/**
 * GET /api/admin/id-verifications/decided: the most recent decisions. `id_document_url` is null once
 * the image was deleted, `retention_days` after the decision (ID_DOCUMENT_RETENTION_DAYS).
 */
export const decidedIdVerificationsSchema = z.object({
  retention_days: z.number().int(),
  items: z.array(
    z.object({
      student_id: z.uuid(),
      student_name: z.string(),
      email: z.string(),
      course_type: z.enum(COURSE_TYPES).nullable(),
      status: z.enum(['approved', 'rejected']),
      uploaded_date: z.string().nullable(),
      reviewed_date: z.string().nullable(),
      rejection_reason: z.string().nullable(),
      id_document_url: z.string().nullable(),
      document_deleted_date: z.string().nullable(),
    }),
  ),
});
export type DecidedIdVerifications = z.infer<typeof decidedIdVerificationsSchema>;
export type DecidedIdVerification = DecidedIdVerifications['items'][number];

/** POST /api/admin/id-verification/{student_id}/review */
export const idReviewBody = z.object({
  student_id: z.uuid().optional(),
  status: z.enum(['approved', 'rejected']),
  rejection_reason: multilineText().trim().max(500).nullable().optional(),
});
export type IdReviewBody = z.infer<typeof idReviewBody>;
