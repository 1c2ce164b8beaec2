import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StudentListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type StudentListParams } from './query-keys';

export function useStudents(params: StudentListParams) {
  return useQuery({
    queryKey: adminKeys.students(params),
    queryFn: ({ signal }) => adminApi<StudentListResponse>(`/api/admin/students${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
