import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '@shared/schemas/admin';
import { adminApi } from './admin-api';

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<ContactMessage>(`/api/admin/messages/${id}/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });
}
