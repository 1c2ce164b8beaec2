import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StudentListQuery, StudentListResponse } from '@shared/schemas/admin';
import { adminApi, queryString } from './admin-api';

export type StudentListParams = Pick<StudentListQuery, 'page' | 'page_size'> & {
  search: string;
  status: string;
  course: string;
};

export function useStudents(params: StudentListParams) {
  return useQuery({
    queryKey: ['admin', 'students', params],
    queryFn: ({ signal }) => adminApi<StudentListResponse>(`/api/admin/students${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
