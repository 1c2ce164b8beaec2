import { z } from 'zod';

/** One row of the admin Emails view (the delivery log). Never the body: login codes stay out of it. */
export const adminEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AdminEmail = z.infer<typeof adminEmailSchema>;

/** GET /api/admin/emails: newest first, a page at a time. */
export const adminEmailListResponse = z.object({
  emails: z.array(adminEmailSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminEmailListResponse = z.infer<typeof adminEmailListResponse>;

export const emailIdParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
