import { useState } from 'react';
import { toast } from '@client/lib/toast';
import type { MarkPaidType } from '@shared/schemas/admin';
import type { StudentRecord } from '@shared/schemas/student';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { cn } from '@client/lib/cn';
import { useMarkStudentPaid } from '../api/student-actions';
import { defaultMarkPaidType, markPaidOptions } from './mark-paid-rules';

export function MarkPaidDialog({ student, onClose }: { student: StudentRecord; onClose: () => void }) {
  const name = `${student.first_name} ${student.last_name}`;
  const options = markPaidOptions(student);
  const initial = defaultMarkPaidType(student);
  const [choice, setChoice] = useState<MarkPaidType | null>(
    options.find((o) => o.type === initial && !o.blocked)?.type ?? options.find((o) => !o.blocked)?.type ?? null,
  );
  const [notes, setNotes] = useState('');
  const markPaid = useMarkStudentPaid();
  const question = !choice
    ? messages.admin.nothingToMarkPaid
    : choice === 'both'
      ? messages.admin.confirmMarkFullyPaid(name)
      : messages.admin.confirmMarkPaid(choice, name);

  function confirm() {
    if (!choice) return;
    markPaid.mutate(
      { id: student.id, paymentType: choice, notes },
      {
        onSuccess: () => {
          toast.success(messages.admin.markPaidSuccess);
          onClose();
        },
        onError: () => toast.error(messages.admin.markPaidFailed),
      },
    );
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark Paid"
      description={question}
      confirmLabel="Confirm"
      loading={markPaid.isPending}
      onConfirm={choice ? confirm : undefined}
    >
      <fieldset className="mt-4 space-y-2">
        <legend className="text-sm font-medium text-slate-800">Payment received</legend>
        {options.map((option) => (
          <label
            key={option.type}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
              choice === option.type ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
              option.blocked && 'cursor-not-allowed opacity-70',
            )}
          >
            <input
              type="radio"
              name="mark-paid-type"
              className="mt-0.5"
              checked={choice === option.type}
              disabled={Boolean(option.blocked)}
              onChange={() => setChoice(option.type)}
            />
            <span>
              <span className="font-semibold text-slate-900">{option.label}</span>
              {option.blocked && <span className="block text-slate-700">{option.blocked}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Notes (optional)"
        rows={2}
        placeholder="e.g. bank transfer reference"
        value={notes}
        onChange={setNotes}
      />
    </ConfirmDialog>
  );
}
