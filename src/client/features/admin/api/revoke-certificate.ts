import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

/** POST /api/admin/certificate/{id}/revoke (owner), with the reason the activity log keeps. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId, reason }: { certificateId: string; reason: string }) =>
      adminApi<unknown>(`/api/admin/certificate/${encodeURIComponent(certificateId)}/revoke`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/certificate/{id}/reinstate (owner). */
export function useReinstateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ certificateId }: { certificateId: string }) =>
      adminApi<unknown>(`/api/admin/certificate/${encodeURIComponent(certificateId)}/reinstate`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
