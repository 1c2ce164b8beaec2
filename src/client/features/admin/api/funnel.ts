/** The enrolment funnel (Funnel tab) and the reminders' figures beside the dashboard's cards. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunnelResponse } from '@shared/schemas/admin-outreach';
import { adminApi, queryString } from './admin-api';
import { adminKeys } from './query-keys';

export type { FunnelResponse };
export const FUNNEL_STAGES = ['registered', 'fee_paid', 'course_paid', 'id_approved', 'completed'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export type FunnelCounts = FunnelResponse['totals'];

/** `from`/`to` YYYY-MM-DD, or empty for the server's default (the last 12 weeks). */
export type FunnelRange = { from: string; to: string };

export function useFunnel(range: FunnelRange = { from: '', to: '' }) {
  return useQuery({
    queryKey: adminKeys.funnel(range),
    queryFn: ({ signal }) => adminApi<FunnelResponse>(`/api/admin/funnel${queryString(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
