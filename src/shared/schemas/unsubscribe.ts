import { z } from 'zod';
import { SUPPRESSION_SOURCES } from '@shared/statuses';
import { paginationQuery } from './admin';

/** `/api/unsubscribe/{token}`: the signed token of an unsubscribe link (its check is the server's). */
export const unsubscribeParams = z.object({ token: z.string().min(1).max(1000) });

/** POST /api/unsubscribe/{token}: the address that will get no more reminders or broadcasts. */
export const unsubscribeResponse = z.object({ email: z.string() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** GET /api/admin/suppressions: the suppression list, newest first. */
export const suppressionListQuery = paginationQuery;
export const suppressionListResponse = z.object({
  suppressions: z.array(z.object({ email: z.string(), source: z.enum(SUPPRESSION_SOURCES), created_at: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
