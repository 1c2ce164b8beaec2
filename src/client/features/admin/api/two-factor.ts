import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLoginResponse,
  AdminPasswordChangeBody,
  TotpEnableResponse,
  TotpSetupResponse,
} from '@shared/schemas/admin-auth';
import { adminSession } from '@client/lib/session';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () => adminApi<TotpSetupResponse>('/api/admin/totp/setup', { method: 'POST' }),
  });
}

/** Confirming or turning off reloads everything: with ADMIN_REQUIRE_TOTP the other tabs open up. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      adminApi<TotpEnableResponse>('/api/admin/totp/enable', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => adminApi<null>('/api/admin/totp/disable', { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The new token replaces the stored one: every token issued before the change is refused from now on. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: AdminPasswordChangeBody) =>
      adminApi<AdminLoginResponse>('/api/admin/me/password', { method: 'POST', body }),
    onSuccess: (session) => adminSession.setToken(session.access_token),
  });
}
