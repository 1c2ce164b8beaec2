/** The Payments tab: the list (paged and filtered on the server) and the refund action, which reloads the dashboard. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '@client/lib/download';
import type { AdminPayment, PaymentListResponse } from '@shared/schemas/admin-payments';
import { adminApi, queryString } from './admin-api';
import { adminKeys, type PaymentListParams } from './query-keys';

export function usePayments(params: PaymentListParams) {
  return useQuery({
    queryKey: adminKeys.payments(params),
    queryFn: ({ signal }) => adminApi<PaymentListResponse>(`/api/admin/payments${queryString(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Owners: a payment flagged needs_review marked reviewed (a Square payment not made here then counts in revenue). */
export function useMarkPaymentReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminApi<AdminPayment>(`/api/admin/payments/${id}/reviewed`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      adminApi<AdminPayment>(`/api/admin/payments/${id}/refund`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Saves a payment's invoice PDF with the admin's token (a plain link cannot send it). */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ url, number }: { url: string; number: string }) =>
      downloadFile(url, 'admin', `${number}.pdf`, 'application/pdf'),
  });
}
