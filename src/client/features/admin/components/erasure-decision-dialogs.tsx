import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { messages } from '@shared/messages';
import type { AdminErasureRequest } from '@shared/schemas/privacy';

const text = messages.privacy;
export const nameOf = (r: AdminErasureRequest) => r.student?.name ?? text.adminErasedStudent;

/** Asks before carrying out an erasure (the account is erased); `request` null: closed. */
export function EraseAccountDialog({
  request,
  loading,
  onConfirm,
  onClose,
}: {
  request: AdminErasureRequest | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Erase this account?"
      description={request ? text.adminConfirmCarryOut(nameOf(request)) : ''}
      confirmLabel={text.adminCarryOut}
      tone="danger"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}

/** Refuses an erasure request with the reason the admin must give; `request` null: closed. */
export function RefuseErasureDialog({
  request,
  reason,
  onReason,
  loading,
  onConfirm,
  onClose,
}: {
  request: AdminErasureRequest | null;
  reason: string;
  onReason: (reason: string) => void;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Refuse this request?"
      description={request ? `${nameOf(request)}: ${text.adminRefusePrompt}` : ''}
      confirmLabel={text.adminRefuse}
      loading={loading}
      disabled={reason.trim() === ''}
      onConfirm={onConfirm}
    >
      <TextAreaField label="Reason" value={reason} onChange={onReason} />
    </ConfirmDialog>
  );
}
