import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageReplyResponse } from '@shared/schemas/admin';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

/** Answers a contact message by email; the list reloads with the reply under the message. */
export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      adminApi<z.infer<typeof messageReplyResponse>>(`/api/admin/messages/${encodeURIComponent(id)}/reply`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.allMessages() }),
  });
}
