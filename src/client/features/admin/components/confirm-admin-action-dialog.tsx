import { messages } from '@shared/messages';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import type { PendingAdminAction } from './use-admin-row-actions';

/** Asks before removing an admin or resetting their two-factor sign-in; `pending` null: closed. */
export function ConfirmAdminActionDialog({
  pending,
  loading,
  onConfirm,
  onClose,
}: {
  pending: PendingAdminAction;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      title={pending?.kind === 'remove' ? 'Remove admin' : 'Reset two-factor sign-in'}
      description={
        pending?.kind === 'remove'
          ? messages.adminSecurity.confirmRemoveAdmin(pending.username)
          : pending
            ? messages.adminSecurity.confirmResetTotp(pending.username)
            : ''
      }
      confirmLabel={pending?.kind === 'remove' ? 'Remove' : 'Reset'}
      tone={pending?.kind === 'remove' ? 'danger' : 'primary'}
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
