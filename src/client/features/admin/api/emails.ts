import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEmail, AdminEmailListResponse } from '@shared/schemas/admin-emails';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type PageParams } from './query-keys';

export function useAdminEmails(params: PageParams) {
  return useQuery({
    queryKey: adminKeys.emails(params),
    queryFn: ({ signal }) => adminApi<AdminEmailListResponse>(`/api/admin/emails${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminApi<AdminEmail>(`/api/admin/emails/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
