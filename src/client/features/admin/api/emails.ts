import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEmail, AdminEmailListResponse } from '@shared/schemas/admin-emails';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type EmailListParams } from './query-keys';

export function useAdminEmails(params: EmailListParams) {
  return useQuery({
    queryKey: adminKeys.emails(params),
    queryFn: ({ signal }) => adminApi<AdminEmailListResponse>(`/api/admin/emails${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
    // While an email on the page is waiting to be sent, look again every 5 s to show how it went.
    refetchInterval: (query) => (query.state.data?.emails.some((e) => e.status === 'pending') ? 5000 : false),
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
