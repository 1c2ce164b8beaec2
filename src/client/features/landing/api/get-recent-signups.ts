import { useQuery } from '@tanstack/react-query';
import { signupWidget } from '@client/content-signup-widget';
import { api } from '@client/lib/api-client';
import type { RecentSignupsResponse } from '@shared/schemas/public';
import { landingKeys } from './query-keys';

export const getRecentSignups = (signal?: AbortSignal) => api<RecentSignupsResponse>('/api/recent-signups', { signal });

/** Loads on mount and every 30 s (docs/product/public-pages.md). Failures are handled by the widget's fallback. */
export function useRecentSignups() {
  return useQuery({
    queryKey: landingKeys.recentSignups(),
    queryFn: ({ signal }) => getRecentSignups(signal),
    refetchInterval: signupWidget.pollIntervalMs,
    retry: false,
  });
}
