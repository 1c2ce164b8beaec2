import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import { studentKeys } from './query-keys';

/** GET /api/student/{id}: the logged-in student's fresh record. */
export const getStudent = (id: string, signal?: AbortSignal) =>
  api<StudentAreaRecord>(`/api/student/${id}`, { auth: 'student', signal });

export function useStudent(id: string) {
  return useQuery({ queryKey: studentKeys.record(id), queryFn: ({ signal }) => getStudent(id, signal), retry: false });
}
