import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@shared/schemas/admin';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats(), queryFn: () => adminApi<AdminStats>('/api/admin/stats') });
}
