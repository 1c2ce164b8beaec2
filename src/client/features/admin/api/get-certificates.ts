import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCertificatesResponse } from '@shared/schemas/certificates';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type PageParams } from './query-keys';

export function useAdminCertificates(params: PageParams) {
  return useQuery({
    queryKey: adminKeys.certificates(params),
    queryFn: ({ signal }) =>
      adminApi<AdminCertificatesResponse>(`/api/admin/certificates${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
