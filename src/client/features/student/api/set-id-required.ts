import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { IdStatusResponse } from '@shared/schemas/id-verification';
import { emailPath, studentKeys } from './query-keys';

/** POST /api/students/{email}/set-id-required ('Start ID Verification'). */
export const setIdRequired = (email: string) =>
  api<IdStatusResponse>(`/api/students/${emailPath(email)}/set-id-required`, { method: 'POST', auth: 'student' });

export function useSetIdRequired(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => setIdRequired(email),
    onSuccess: (status) => queryClient.setQueryData(studentKeys.idStatus(email), status),
    // ID status and set-required errors are only logged (docs/product/student-area.md).
    onError: (error) => console.error('Could not start ID verification', error),
  });
}
