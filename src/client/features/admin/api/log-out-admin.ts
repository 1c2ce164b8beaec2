import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { adminSession } from '@client/lib/session';
import { adminKeys } from './query-keys';

/** Revokes the token on the server; the local token goes whatever the answer. */
export function useLogOutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/api/admin/logout', { method: 'POST', auth: 'admin' }),
    onSettled: () => {
      adminSession.clear();
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
