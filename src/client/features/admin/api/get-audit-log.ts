import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type PageParams } from './query-keys';

export function useAuditLog(params: PageParams) {
  return useQuery({
    queryKey: adminKeys.auditLog(params),
    queryFn: ({ signal }) => adminApi<AuditListResponse>(`/api/admin/audit-log${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
