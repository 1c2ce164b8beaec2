import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';

export function useAuditLog(params: { page: number; page_size: number }) {
  return useQuery({
    queryKey: ['admin', 'audit-log', params],
    queryFn: ({ signal }) => adminApi<AuditListResponse>(`/api/admin/audit-log${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
