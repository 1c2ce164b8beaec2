/** Privacy (docs/product/student-area.md, "Your data"): a student's data export and erasure requests. */
import { z } from 'zod';
import { INVOICE_KINDS } from '@shared/invoices';
import { COURSE_TYPES, PAYMENT_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { ERASURE_REQUEST_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '@shared/statuses';
import { paginationQuery } from './admin';
import { studentRecordSchema } from './student';
import { multilineText } from './text';

const iso = z.string();
const isoOrNull = z.string().nullable();

/** GET /api/student/{id}/export: everything the site holds about the student, as a JSON file. */
export const studentDataExportSchema = z.object({
  generated_at: iso,
  profile: studentRecordSchema.extend({
    signup_location: z.string().nullable(),
    referred_by: z.string().nullable(),
    /** The step-1 consent to appear in the recent sign-ups widget (first name and town) once paid. */
    show_in_recent_signups: z.boolean(),
    /** The step-1 opt-out of reminders and news. */
    marketing_opt_out: z.boolean(),
  }),
  payments: z.array(
    z.object({
      id: z.string(),
      payment_type: z.enum(PAYMENT_TYPES),
      course_type: z.enum(COURSE_TYPES).nullable(),
      amount: z.number(),
      currency: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      method: z.enum(PAYMENT_METHODS),
      description: z.string().nullable(),
      provider_reference: z.string().nullable(),
      created_at: iso,
      completed_at: isoOrNull,
      refunded_at: isoOrNull,
      refund_reason: z.string().nullable(),
      /** The terms of sale agreed to at checkout and when (null for manual payments). */
      terms_version: z.string().nullable(),
      terms_accepted_at: isoOrNull,
    }),
  ),
  /** Invoices and credit notes issued to them (each also as a PDF in the student area). */
  invoices: z.array(
    z.object({ number: z.string(), kind: z.enum(INVOICE_KINDS), issued_at: iso, total_pence: z.number().int() }),
  ),
  progress: z.array(z.object({ stage_number: z.number().int(), stage_name: z.string(), completed_at: iso })),
  id_verification: z
    .object({
      status: z.string(),
      uploaded_at: isoOrNull,
      reviewed_at: isoOrNull,
      rejection_reason: z.string().nullable(),
      document_deleted_at: isoOrNull,
      /** The image itself (base64), only while it is still kept. */
      document: z.object({ content_type: z.string(), data_base64: z.string() }).nullable(),
    })
    .nullable(),
  certificates: z.array(
    z.object({
      certificate_id: z.string(),
      course_type: z.enum(COURSE_TYPES),
      completion_date: z.string(),
      requested_at: iso,
      activated_at: isoOrNull,
    }),
  ),
  /** Final pieces sent (docs/product/student-area.md, "Final assessment"), oldest first; a file as base64. */
  assessments: z.array(
    z.object({
      submitted_at: iso,
      status: z.string(),
      url: z.string().nullable(),
      note: z.string().nullable(),
      file: z.object({ file_name: z.string(), content_type: z.string(), data_base64: z.string() }).nullable(),
      reviewed_at: isoOrNull,
      feedback: z.string().nullable(),
    }),
  ),
  emails: z.array(z.object({ template: z.string(), status: z.string(), created_at: iso, sent_at: isoOrNull })),
  audit: z.array(
    z.object({ action: z.string(), by: z.string(), at: iso, details: z.record(z.string(), z.unknown()).nullable() }),
  ),
  support_messages: z.array(
    z.object({ subject: z.string().nullable(), category: z.string(), message: z.string(), sent_at: iso }),
  ),
  /** Start-date waitlists joined under the student's address. */
  waitlists: z.array(
    z.object({ course_start_date: z.string(), first_name: z.string(), joined_at: iso, offered_at: isoOrNull }),
  ),
  erasure_requests: z.array(
    z.object({
      status: z.enum(ERASURE_REQUEST_STATUSES),
      requested_at: iso,
      decided_at: isoOrNull,
      refusal_reason: z.string().nullable(),
    }),
  ),
});
export type StudentDataExport = z.infer<typeof studentDataExportSchema>;

export const erasureRequestSchema = z.object({
  id: z.string(),
  status: z.enum(ERASURE_REQUEST_STATUSES),
  requested_at: iso,
  decided_at: isoOrNull,
  refusal_reason: z.string().nullable(),
});
export type ErasureRequestWire = z.infer<typeof erasureRequestSchema>;

/** GET /api/student/{id}/erasure-request: the latest request, if any. */
export const studentErasureResponse = z.object({ request: erasureRequestSchema.nullable() });

/** GET /api/admin/erasure-requests?status=&page=&page_size= (status: open ones by default). */
export const erasureRequestListQuery = paginationQuery.extend({
  status: z.enum([...ERASURE_REQUEST_STATUSES, 'all']).default('requested'),
});

export const adminErasureRequestSchema = erasureRequestSchema.extend({
  student_id: z.string(),
  /** Null once the student has been erased. */
  student: z.object({ name: z.string(), email: z.string(), total_paid: z.number() }).nullable(),
});
export type AdminErasureRequest = z.infer<typeof adminErasureRequestSchema>;

export const erasureRequestListResponse = z.object({
  requests: z.array(adminErasureRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** POST /api/admin/erasure-requests/{id}/refuse */
export const refuseErasureBody = z.object({
  reason: multilineText().trim().min(1, messages.privacy.refusalReasonRequired).max(500),
});
