import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { adminSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { adminKeys } from './query-keys';

/**
 * Drops the local token first (so a list refetch answered 401 meanwhile is not taken for an ended
 * session), stops the dashboard's queries, then revokes the token on the server.
 */
export function useLogOutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const token = adminSession.getToken();
      adminSession.clear();
      toast.dismissAll();
      await queryClient.cancelQueries({ queryKey: adminKeys.all });
      if (token) await api<null>('/api/admin/logout', { method: 'POST', bearer: token });
    },
    onSettled: () => queryClient.removeQueries({ queryKey: adminKeys.all }),
  });
}
