import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferralListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';

export function useReferralCodes(params: { page: number; page_size: number; search: string }) {
  return useQuery({
    queryKey: ['admin', 'referral-codes', params],
    queryFn: ({ signal }) =>
      adminApi<ReferralListResponse>(`/api/admin/referral-codes${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
