import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProgressListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';

export function useStudentProgress(params: { page: number; page_size: number; search: string }) {
  return useQuery({
    queryKey: ['admin', 'student-progress', params],
    queryFn: ({ signal }) =>
      adminApi<ProgressListResponse>(`/api/admin/student-progress${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
