import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '@shared/schemas/admin';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<ContactMessage>(`/api/admin/messages/${id}/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.allMessages() }),
  });
}
