import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { PublicConfig } from '@shared/schemas/enrolment';
import { enrolmentKeys } from './query-keys';

export const getPublicConfig = (signal?: AbortSignal) => api<PublicConfig>('/api/public-config', { signal });

/** Which card form to open: the offline test-card form or Square's Web Payments SDK. */
export function usePublicConfig() {
  return useQuery({
    queryKey: enrolmentKeys.publicConfig(),
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}
