import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useActivateCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificateId: string) =>
      adminApi<unknown>(`/api/admin/certificate/${encodeURIComponent(certificateId)}/activate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
