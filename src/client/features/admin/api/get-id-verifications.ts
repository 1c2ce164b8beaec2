import { useQuery } from '@tanstack/react-query';
import type { PendingIdVerification } from '@shared/schemas/id-verification';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function usePendingIdVerifications() {
  return useQuery({
    queryKey: adminKeys.idVerifications(),
    queryFn: ({ signal }) => adminApi<PendingIdVerification[]>('/api/admin/id-verifications', { signal }),
  });
}
