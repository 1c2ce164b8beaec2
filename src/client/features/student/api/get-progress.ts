import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentProgress } from '@shared/schemas/student-area';
import { studentKeys } from './query-keys';

export const getProgress = (id: string) => api<StudentProgress>(`/api/student/${id}/progress`, { auth: 'student' });

export function useProgress(id: string) {
  return useQuery({ queryKey: studentKeys.progress(id), queryFn: () => getProgress(id), retry: false });
}
