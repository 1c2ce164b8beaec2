import { z } from 'zod';
import { EMAIL_STATUSES } from '@shared/statuses';
import { paginationQuery } from './admin';
import { text } from './text';

/** One row of the admin Emails view (the delivery log). Never the body: login codes stay out of it. */
export const adminEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

/** GET /api/admin/emails?status=&search=&page=&page_size= (an empty status means all). */
export const emailListQuery = paginationQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(EMAIL_STATUSES).optional()),
  search: text().trim().max(100).optional(),
});

/** GET /api/admin/emails: newest first, a page at a time. */
export const adminEmailListResponse = z.object({
  emails: z.array(adminEmailSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminEmailListResponse = z.infer<typeof adminEmailListResponse>;

export const emailIdParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
