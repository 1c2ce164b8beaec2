import { messages } from '@shared/messages';
import type { AdminPayment } from '@shared/schemas/admin-payments';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { amountText, studentText } from './payment-labels';

/**
 * The full refund of a payment; it cannot be confirmed without a reason: the Refund button shows,
 * disabled, with a hint saying what it waits for. `payment` null: closed.
 */
export function RefundPaymentDialog({
  payment,
  reason,
  onReason,
  loading,
  onConfirm,
  onClose,
}: {
  payment: AdminPayment | null;
  reason: string;
  onReason: (reason: string) => void;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Refund payment"
      description={payment ? messages.admin.confirmRefund(amountText(payment), studentText(payment)) : ''}
      confirmLabel="Refund"
      tone="danger"
      loading={loading}
      onConfirm={onConfirm}
      disabled={!reason.trim()}
    >
      <TextAreaField
        label="Reason (required)"
        value={reason}
        onChange={onReason}
        hint={reason.trim() ? undefined : messages.admin.refundReasonNeeded}
      />
    </ConfirmDialog>
  );
}
