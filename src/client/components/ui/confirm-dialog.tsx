import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useReturnFocus } from './return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The question, e.g. the confirmation texts of `messages.admin`. */
  description: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  loading?: boolean;
  /** Without it there is nothing to confirm: the dialog only informs, with a Close button. */
  onConfirm?: () => void;
  /** Confirm cannot be pressed yet (e.g. an acknowledgement is missing). */
  disabled?: boolean;
  /** Extra content between the question and the buttons (e.g. a reason field). */
  children?: ReactNode;
}

/** A modal yes/no question (Radix Dialog: focus trapped, Escape cancels, focus back on the opener after). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  loading = false,
  disabled = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          {children}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline">{onConfirm ? 'Cancel' : 'Close'}</Button>
            </Dialog.Close>
            {onConfirm && (
              <Button variant={tone} loading={loading} disabled={disabled} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
