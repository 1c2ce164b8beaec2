/** The Promo Codes tab: list (owners and staff), create and stop (owners). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCodeBody, PromoCodeItem } from '@shared/schemas/promo-codes';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

const promoKey = () => [...adminKeys.all, 'promo-codes'] as const;

export function usePromoCodes() {
  return useQuery({
    queryKey: promoKey(),
    queryFn: ({ signal }) => adminApi<{ promo_codes: PromoCodeItem[] }>('/api/admin/promo-codes', { signal }),
  });
}

function usePromoMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKey() }) });
}

export const useCreatePromoCode = () =>
  usePromoMutation((body: CreatePromoCodeBody) =>
    adminApi<PromoCodeItem>('/api/admin/promo-codes', { method: 'POST', body }),
  );

export const useSetPromoCodeActive = () =>
  usePromoMutation(({ code, active }: { code: string; active: boolean }) =>
    adminApi<PromoCodeItem>(`/api/admin/promo-codes/${encodeURIComponent(code)}`, {
      method: 'PATCH',
      body: { active },
    }),
  );
