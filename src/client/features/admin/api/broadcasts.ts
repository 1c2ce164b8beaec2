/** The owner's Broadcasts tab: count a segment, draft, test, send, the history; and the unsubscribed addresses. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BroadcastSegment,
  broadcastBody,
  broadcastCountResponse,
  broadcastCreatedResponse,
  broadcastListResponse,
  broadcastQueuedResponse,
} from '@shared/schemas/admin-outreach';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type PageParams } from './query-keys';

export type BroadcastDraft = z.input<typeof broadcastBody>;
type BroadcastList = z.infer<typeof broadcastListResponse>;

export interface SuppressionItem {
  email: string;
  source: string;
  created_at: string;
}

const path = (id: string) => `/api/admin/broadcasts/${encodeURIComponent(id)}`;

export function useBroadcasts(params: PageParams) {
  return useQuery({
    queryKey: adminKeys.broadcasts(params),
    queryFn: ({ signal }) => adminApi<BroadcastList>(`/api/admin/broadcasts${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many a segment reaches now, and how many of them are skipped as unsubscribed. */
export function useBroadcastCount(segment: BroadcastSegment) {
  return useQuery({
    queryKey: adminKeys.broadcastCount(segment),
    queryFn: ({ signal }) =>
      adminApi<z.infer<typeof broadcastCountResponse>>('/api/admin/broadcasts/count', {
        method: 'POST',
        body: { segment },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a draft (its recipients counted now); the test and the send act on it. */
export function useCreateBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: BroadcastDraft) =>
      adminApi<z.infer<typeof broadcastCreatedResponse>>('/api/admin/broadcasts', { method: 'POST', body: draft }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.allBroadcasts() }),
  });
}

export function useSendTestBroadcast() {
  return useMutation({
    mutationFn: ({ id, to }: { id: string; to: string }) =>
      adminApi<null>(`${path(id)}/test`, { method: 'POST', body: { to } }),
  });
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminApi<z.infer<typeof broadcastQueuedResponse>>(`${path(id)}/send`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSuppressions(params: PageParams) {
  return useQuery({
    queryKey: adminKeys.suppressions(params),
    queryFn: ({ signal }) =>
      adminApi<{ suppressions: SuppressionItem[]; total: number }>(`/api/admin/suppressions${queryString(params)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
