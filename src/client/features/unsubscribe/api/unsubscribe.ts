import { useMutation } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import type { UnsubscribeResponse } from '@shared/schemas/unsubscribe';

/** POST /api/unsubscribe/{token}: no session; the signed token names the address. */
const unsubscribe = (token: string) =>
  api<UnsubscribeResponse>(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' });

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
