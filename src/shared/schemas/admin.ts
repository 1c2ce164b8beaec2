/**
 * Contracts of the admin area (docs/product/admin.md). Lists are
 * paginated in the database: every list answers `{ <items>, total, page, page_size }`.
 */
import { z } from 'zod';
import { multilineText, text } from './text';
import { COMPLETION_STATUSES } from '@shared/statuses';
import { COURSE_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { studentRecordSchema } from './student';

const STATUS_MESSAGE = `completion_status must be one of: ${COMPLETION_STATUSES.join(', ')}`;
export const completionStatusSchema = z.enum(COMPLETION_STATUSES, { error: STATUS_MESSAGE });

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(25);
const search = text().trim().max(100).optional();

export const paginationQuery = z.object({ page, page_size: pageSize });

/** Filters shared by the students list and the CSV export. Empty strings mean "All". */
export const studentFilterQuery = z.object({
  search,
  status: z.preprocess((v) => (v === '' ? undefined : v), completionStatusSchema.optional()),
  course: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COURSE_TYPES).optional()),
});

/** GET /api/admin/students?search=&status=&course=&page=&page_size= */
export const studentListQuery = studentFilterQuery.extend({ page, page_size: pageSize });
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const studentListResponse = z.object({
  students: z.array(studentRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type StudentListResponse = z.infer<typeof studentListResponse>;

/** GET /api/admin/stats (docs/product/admin.md) plus 12 weeks for the chart. */
export const weeklyFigureSchema = z.object({
  week_start: z.string(),
  enrollments: z.number().int(),
  revenue: z.number(),
});
export type WeeklyFigure = z.infer<typeof weeklyFigureSchema>;

export const adminStatsSchema = z.object({
  total_students: z.number().int(),
  enrollment_paid: z.number().int(),
  total_revenue: z.number(),
  pending_payments: z.number().int(),
  foundation_students: z.number().int(),
  pro_students: z.number().int(),
  weekly: z.array(weeklyFigureSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** PUT /api/admin/students/{id}/status */
export const statusUpdateBody = z.object({ completion_status: completionStatusSchema });

/**
 * PUT /api/admin/students/{id}/start-date: any calendar date (not only a listed intake), within
 * years a course can plausibly start in.
 */
export const startDateBody = z.object({
  course_start_date: z.iso
    .date({ error: messages.admin.startDate.invalid })
    .refine((day) => day >= '2000-01-01' && day <= '2199-12-31', { error: messages.admin.startDate.invalid }),
});

/** POST /api/admin/students/{id}/mark-paid ('both' is recorded as a combined payment). */
export const MARK_PAID_TYPES = ['enrollment', 'course', 'both'] as const;
export type MarkPaidType = (typeof MARK_PAID_TYPES)[number];
export const markPaidBody = z.object({
  payment_type: z.enum(MARK_PAID_TYPES, { error: 'payment_type must be enrollment, course or both' }),
  payment_method: z.literal('manual').default('manual'),
  notes: multilineText().trim().max(500).nullable().optional(),
});

/** A page of a list with a name/email search (Course Progress, Referral Codes). */
export const searchPageQuery = paginationQuery.extend({ search });

/** GET /api/admin/student-progress (students whose course is paid). */
export const adminProgressSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  email: z.string(),
  course_type: z.enum(COURSE_TYPES),
  foundation_progress: z.array(z.boolean()),
  pro_progress: z.array(z.boolean()),
  progress_percentage: z.number(),
  total_stages: z.number().int(),
  completed_stages: z.number().int(),
});
export type AdminProgress = z.infer<typeof adminProgressSchema>;
export const progressListResponse = z.object({
  students: z.array(adminProgressSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ProgressListResponse = z.infer<typeof progressListResponse>;

/** GET /api/admin/referral-codes */
export const referralRowSchema = z.object({
  student_id: z.uuid(),
  student_name: z.string(),
  email: z.string(),
  referral_code: z.string().nullable(),
  enrollment_paid: z.boolean(),
  course_paid: z.boolean(),
  course_type: z.enum(COURSE_TYPES).nullable(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;
export const referralListResponse = z.object({
  referrals: z.array(referralRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ReferralListResponse = z.infer<typeof referralListResponse>;

/** GET /api/admin/audit-log (newest first). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  admin_username: z.string(),
  action: z.string(),
  student_id: z.string().nullable(),
  student_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponse = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;

/** GET /api/admin/messages (contact form messages, newest first). */
export const contactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  category: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
/** An admin's answer to a contact message, e-mailed to its sender. */
export const contactReplySchema = z.object({
  id: z.uuid(),
  body: z.string(),
  admin_username: z.string(),
  created_at: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;
/** In the list, each message comes with its replies, oldest first. */
export const contactMessageWithRepliesSchema = contactMessageSchema.extend({ replies: z.array(contactReplySchema) });
export const messageListResponse = z.object({
  messages: z.array(contactMessageWithRepliesSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MessageListResponse = z.infer<typeof messageListResponse>;
export const messageIdParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });

/** POST /api/admin/messages/{id}/reply */
export const messageReplyBody = z.object({
  body: multilineText({ error: messages.admin.replyBody })
    .trim()
    .min(1, { error: messages.admin.replyBody })
    .max(5000, { error: messages.admin.replyBody }),
});
export const messageReplyResponse = z.object({ reply: contactReplySchema });
