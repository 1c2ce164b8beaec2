import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { StudentProgress } from '@shared/schemas/student-area';
import { studentKeys } from './query-keys';

export interface StageUpdate {
  stage_number: number;
  completed: boolean;
}

/** POST /api/student/{id}/progress: marks one stage complete or incomplete. */
export const updateStage = (id: string, update: StageUpdate) =>
  api<StudentProgress>(`/api/student/${id}/progress`, {
    method: 'POST',
    auth: 'student',
    body: { student_id: id, ...update },
  });

export function useUpdateStage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: StageUpdate) => updateStage(id, update),
    onSuccess: (progress) => {
      queryClient.setQueryData(studentKeys.progress(id), progress);
      // The first completed stage changes the status shown in the information panel.
      void queryClient.invalidateQueries({ queryKey: studentKeys.record(id) });
    },
  });
}
