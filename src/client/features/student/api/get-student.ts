import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import { studentKeys } from './query-keys';

/** GET /api/student/{id}: the logged-in student's fresh record. */
export const getStudent = (id: string, signal?: AbortSignal) =>
  api<StudentAreaRecord>(`/api/student/${id}`, { auth: 'student', signal });

/** The query, for the hook and for the dashboard's route loader (student-dashboard-page.tsx). */
export const studentQuery = (id: string) =>
  queryOptions({ queryKey: studentKeys.record(id), queryFn: ({ signal }) => getStudent(id, signal), retry: false });

export function useStudent(id: string) {
  return useQuery(studentQuery(id));
}
