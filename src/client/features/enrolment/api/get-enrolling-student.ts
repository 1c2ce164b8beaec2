import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentAreaRecord } from '@shared/schemas/student-area';
import { enrolmentKeys } from './query-keys';

/** GET /api/student/{id}: what the server knows of the student the wizard is enrolling (paid, course, date). */
const getEnrollingStudent = (id: string, signal?: AbortSignal) =>
  api<StudentAreaRecord>(`/api/student/${id}`, { auth: 'student', signal });

export function useEnrollingStudent(id: string | null) {
  return useQuery({
    queryKey: enrolmentKeys.student(id ?? ''),
    queryFn: ({ signal }) => getEnrollingStudent(id ?? '', signal),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}
