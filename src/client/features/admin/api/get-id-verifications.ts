import { useQuery } from '@tanstack/react-query';
import type { DecidedIdVerifications, PendingIdVerification } from '@shared/schemas/id-verification';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function usePendingIdVerifications() {
  return useQuery({
    queryKey: adminKeys.idVerifications(),
    queryFn: ({ signal }) => adminApi<PendingIdVerification[]>('/api/admin/id-verifications', { signal }),
  });
}

/** The most recent decisions, each with its document link or null once the image was deleted. */
export function useDecidedIdVerifications() {
  return useQuery({
    queryKey: adminKeys.decidedIdVerifications(),
    queryFn: ({ signal }) => adminApi<DecidedIdVerifications>('/api/admin/id-verifications/decided', { signal }),
  });
}
