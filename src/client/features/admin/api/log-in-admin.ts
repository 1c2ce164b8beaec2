import { useMutation } from '@tanstack/react-query';
import type { AdminLoginBody, AdminLoginResponse } from '@shared/schemas/admin-auth';
import { api } from '@client/lib/api-client';
import { adminSession } from '@client/lib/session';

export const logInAdmin = (body: AdminLoginBody) =>
  api<AdminLoginResponse>('/api/admin/login', { method: 'POST', body });

export function useLogInAdmin() {
  return useMutation({
    mutationFn: logInAdmin,
    onSuccess: (data) => adminSession.setToken(data.access_token),
  });
}
