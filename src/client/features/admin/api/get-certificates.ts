import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCertificatesResponse } from '@shared/schemas/certificates';
import { adminApi, queryString } from './admin-api';

export function useAdminCertificates(params: { page: number; page_size: number }) {
  return useQuery({
    queryKey: ['admin', 'certificates', params],
    queryFn: ({ signal }) =>
      adminApi<AdminCertificatesResponse>(`/api/admin/certificates${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
