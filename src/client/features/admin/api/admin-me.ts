import { useQuery } from '@tanstack/react-query';
import type { AdminMeResponse } from '@shared/schemas/admin-auth';
import { ApiError } from '@client/lib/api-client';
import { adminApi } from './admin-api';
import { adminKeys } from './query-keys';

/** Who is signed in, with their role and two-factor state: the UI hides what the role cannot do (the server decides). */
export function useAdminMe() {
  return useQuery({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => adminApi<AdminMeResponse>('/api/admin/me', { signal }),
    staleTime: 60_000,
  });
}

/** Only once the role is known to be owner: owner-only controls stay hidden while it loads. */
export function useIsOwner(): boolean {
  return useAdminMe().data?.role === 'owner';
}

/** An invited admin must replace the generated password before anything else. */
export const needsPasswordChange = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.flags.password_change_required === true;

/** ADMIN_REQUIRE_TOTP answered: this admin must turn on two-factor sign-in first. */
export const needsTotpSetup = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.flags.totp_setup_required === true;
