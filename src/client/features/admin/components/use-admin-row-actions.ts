import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { messages } from '@shared/messages';
import type { AdminRole } from '@shared/statuses';
import { errorDetail } from '@client/lib/api-client';
import { useChangeAdminRole, useRemoveAdmin, useResetAdminTotp } from '../api/admin-accounts';

export type PendingAdminAction = { kind: 'remove' | 'reset'; username: string } | null;
export type AdminRowActions = ReturnType<typeof useAdminRowActions>;

/**
 * What an admin row's role select and buttons do: the role change at once; two-factor reset and
 * removal after a confirmation (`pending`), each with its toasts.
 */
export function useAdminRowActions() {
  const changeRole = useChangeAdminRole();
  const reset = useResetAdminTotp();
  const remove = useRemoveAdmin();
  const [pending, setPending] = useState<PendingAdminAction>(null);
  const failed = (e: unknown) => toast.error(errorDetail(e, messages.adminSecurity.adminActionFailed));

  const onRole = (username: string, role: AdminRole) =>
    changeRole.mutate(
      { username, role },
      { onSuccess: () => toast.success(messages.adminSecurity.adminRoleChanged(username)), onError: failed },
    );

  function onConfirm() {
    if (!pending) return;
    const { kind, username } = pending;
    const done = {
      onSuccess: () => {
        toast.success(
          kind === 'remove'
            ? messages.adminSecurity.adminRemoved(username)
            : messages.adminSecurity.adminTotpReset(username),
        );
        setPending(null);
      },
      onError: (e: unknown) => {
        failed(e);
        setPending(null);
      },
    };
    if (kind === 'remove') remove.mutate(username, done);
    else reset.mutate(username, done);
  }

  return {
    changeRole: onRole,
    roleChanging: changeRole.isPending,
    ask: setPending,
    pending,
    confirm: onConfirm,
    confirming: remove.isPending || reset.isPending,
    close: () => setPending(null),
  };
}
