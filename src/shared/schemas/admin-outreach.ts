/**
 * Contracts of the owner's broadcasts and of the enrolment funnel (docs/product/admin.md#broadcasts,
 * docs/product/admin.md#funnel).
 */
import { z } from 'zod';
import { COURSE_TYPES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import { paginationQuery } from './admin';
import { multilineText, text } from './text';

const isoDay = z.iso
  .date({ error: messages.admin.invalidDate })
  .refine((day) => day >= '2000-01-01' && day <= '2199-12-31', { error: messages.admin.invalidDate });
/** An empty query value means "not given" (the client sends empty fields as they are). */
const optionalDay = z.preprocess((v) => (v === '' ? undefined : v), isoDay.optional());

/** GET /api/admin/funnel?from=&to= (UK calendar dates, both included; default the last 12 weeks). */
export const funnelQuery = z.object({ from: optionalDay, to: optionalDay });

const funnelCountsSchema = z.object({
  registered: z.number().int(),
  fee_paid: z.number().int(),
  course_paid: z.number().int(),
  id_approved: z.number().int(),
  completed: z.number().int(),
});
export const funnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  weeks: z.array(funnelCountsSchema.extend({ week: z.string() })),
  totals: funnelCountsSchema,
  reminders: z.object({
    sent: z.number().int(),
    recovered: z.number().int(),
    recovered_revenue_pence: z.number().int(),
  }),
});
export type FunnelResponse = z.infer<typeof funnelResponse>;

/** Who a broadcast goes to; a field left out does not narrow it. */
export const broadcastSegmentSchema = z.object({
  course: z.enum(COURSE_TYPES, { error: messages.admin.broadcastCourse }).optional(),
  start_date: isoDay.optional(),
  /** true: the enrolment fee is paid; false: it is not. */
  paid: z.boolean({ error: messages.admin.broadcastPaid }).optional(),
});
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

/** POST /api/admin/broadcasts/count */
export const broadcastCountBody = z.object({ segment: broadcastSegmentSchema });
export const broadcastCountResponse = z.object({
  /** Who would receive it now. */
  recipients: z.number().int(),
  /** In the segment but skipped: unsubscribed, or said no to such e-mails at step 1. */
  suppressed: z.number().int(),
});

/** POST /api/admin/broadcasts (a draft: sending is a separate step). */
export const broadcastBody = z.object({
  subject: text({ error: messages.admin.broadcastSubject })
    .trim()
    .min(1, { error: messages.admin.broadcastSubject })
    .max(200, { error: messages.admin.broadcastSubject }),
  body: multilineText({ error: messages.admin.broadcastBody })
    .trim()
    .min(1, { error: messages.admin.broadcastBody })
    .max(20_000, { error: messages.admin.broadcastBody }),
  segment: broadcastSegmentSchema,
});
export const broadcastCreatedResponse = z.object({ id: z.uuid(), recipients: z.number().int() });

export const broadcastSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  segment: broadcastSegmentSchema,
  recipients: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  sent_at: z.string().nullable(),
  sent_by: z.string().nullable(),
  /** Written to the outbox by the send (null before it). */
  queued: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  /** Of the queued e-mails, how many have gone and how many failed for good (the outbox). */
  sent: z.number().int(),
  failed: z.number().int(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

/** GET /api/admin/broadcasts: newest first, a page at a time. */
export const broadcastListQuery = paginationQuery;
export const broadcastListResponse = z.object({
  broadcasts: z.array(broadcastSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const broadcastIdParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });

/** POST /api/admin/broadcasts/{id}/test: one copy, subject "[Test] …", to this address. */
export const broadcastTestBody = z.object({
  to: z.email({ error: messages.admin.broadcastTestAddress }).max(254, { error: messages.admin.broadcastTestAddress }),
});
export const broadcastQueuedResponse = z.object({ queued: z.number().int(), skipped: z.number().int() });
