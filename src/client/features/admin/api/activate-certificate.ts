import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useActivateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId, confirmIncomplete }: { certificateId: string; confirmIncomplete: boolean }) =>
      adminApi<unknown>(`/api/admin/certificate/${encodeURIComponent(certificateId)}/activate`, {
        method: 'POST',
        body: { confirm_incomplete: confirmIncomplete },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
