import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdReviewBody, IdStatusResponse } from '@shared/schemas/id-verification';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useReviewIdVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, ...body }: IdReviewBody & { studentId: string }) =>
      adminApi<IdStatusResponse>(`/api/admin/id-verification/${studentId}/review`, {
        method: 'POST',
        body: { student_id: studentId, ...body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
