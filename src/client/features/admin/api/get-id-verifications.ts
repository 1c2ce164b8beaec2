import { useQuery } from '@tanstack/react-query';
import type { PendingIdVerification } from '@shared/schemas/id-verification';
import { adminApi } from './admin-api';

export function usePendingIdVerifications() {
  return useQuery({
    queryKey: ['admin', 'id-verifications'],
    queryFn: ({ signal }) => adminApi<PendingIdVerification[]>('/api/admin/id-verifications', { signal }),
  });
}
