import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLoginResponse,
  AdminPasswordChangeBody,
  TotpCodeBody,
  TotpEnableResponse,
  TotpSetupBody,
  TotpSetupResponse,
} from '@shared/schemas/admin-auth';
import { adminSession } from '@client/lib/session';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: (body: TotpSetupBody) => adminApi<TotpSetupResponse>('/api/admin/totp/setup', { method: 'POST', body }),
  });
}

/**
 * Confirming or turning off ends every other session: the answer's token replaces the stored one, and
 * everything reloads (with ADMIN_REQUIRE_TOTP the other tabs open up).
 */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpCodeBody) =>
      adminApi<TotpEnableResponse>('/api/admin/totp/enable', { method: 'POST', body }),
    onSuccess: (session) => {
      adminSession.setToken(session.access_token);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpCodeBody) =>
      adminApi<AdminLoginResponse>('/api/admin/totp/disable', { method: 'POST', body }),
    onSuccess: (session) => {
      adminSession.setToken(session.access_token);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/**
 * The new token replaces the stored one: every token issued before the change is refused from now on.
 * Everything reloads: an invited admin's other tabs open up once the generated password is replaced.
 */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPasswordChangeBody) =>
      adminApi<AdminLoginResponse>('/api/admin/me/password', { method: 'POST', body }),
    onSuccess: (session) => {
      adminSession.setToken(session.access_token);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
