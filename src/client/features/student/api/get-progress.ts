import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentProgress } from '@shared/schemas/student-area';
import { studentKeys } from './query-keys';

export const getProgress = (id: string, signal?: AbortSignal) =>
  api<StudentProgress>(`/api/student/${id}/progress`, { auth: 'student', signal });

/** The query, for the hook and for the dashboard's route loader (student-dashboard-page.tsx). */
export const progressQuery = (id: string) =>
  queryOptions({ queryKey: studentKeys.progress(id), queryFn: ({ signal }) => getProgress(id, signal), retry: false });

export function useProgress(id: string) {
  return useQuery(progressQuery(id));
}
