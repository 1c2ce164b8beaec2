import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount, AdminInviteBody, AdminInviteResponse, AdminListResponse } from '@shared/schemas/admin-auth';
import type { AdminRole } from '@shared/statuses';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

const accountPath = (username: string) => `/api/admin/admins/${encodeURIComponent(username)}`;

export function useAdminAccounts() {
  return useQuery({
    queryKey: adminKeys.admins(),
    queryFn: ({ signal }) => adminApi<AdminListResponse>('/api/admin/admins', { signal }),
  });
}

/** Every change reloads the dashboard (the list, the audit log, and `me` after changing oneself). */
function useAccountMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useInviteAdmin = () =>
  useAccountMutation((body: AdminInviteBody) =>
    adminApi<AdminInviteResponse>('/api/admin/admins', { method: 'POST', body }),
  );

export const useChangeAdminRole = () =>
  useAccountMutation(({ username, role }: { username: string; role: AdminRole }) =>
    adminApi<AdminAccount>(accountPath(username), { method: 'PATCH', body: { role } }),
  );

export const useResetAdminTotp = () =>
  useAccountMutation((username: string) =>
    adminApi<AdminAccount>(`${accountPath(username)}/reset-totp`, { method: 'POST' }),
  );

export const useRemoveAdmin = () =>
  useAccountMutation((username: string) => adminApi<null>(accountPath(username), { method: 'DELETE' }));
