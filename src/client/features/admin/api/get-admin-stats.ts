import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@shared/schemas/admin';
import { adminApi } from './admin-api';

export function useAdminStats() {
  return useQuery({ queryKey: ['admin', 'stats'], queryFn: () => adminApi<AdminStats>('/api/admin/stats') });
}
