import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferralListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type SearchPageParams } from './query-keys';

export function useReferralCodes(params: SearchPageParams) {
  return useQuery({
    queryKey: adminKeys.referralCodes(params),
    queryFn: ({ signal }) =>
      adminApi<ReferralListResponse>(`/api/admin/referral-codes${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
