import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProgressListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type SearchPageParams } from './query-keys';

export function useStudentProgress(params: SearchPageParams) {
  return useQuery({
    queryKey: adminKeys.studentProgress(params),
    queryFn: ({ signal }) =>
      adminApi<ProgressListResponse>(`/api/admin/student-progress${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
