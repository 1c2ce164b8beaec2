import { useState } from 'react';
import { toast } from '@client/lib/toast';
import type { StudentRecord } from '@shared/schemas/student';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useSetStartDate } from '../api/student-actions';

const m = messages.admin.startDate;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Moves a student's course start date: a date input, the question with the chosen date, the server's refusal shown in place. */
export function StartDateDialog({ student, onClose }: { student: StudentRecord; onClose: () => void }) {
  const name = `${student.first_name} ${student.last_name}`;
  const [date, setDate] = useState(student.course_start_date ?? '');
  const [error, setError] = useState<string | null>(null);
  const setStartDate = useSetStartDate();
  const valid = ISO_DATE.test(date) && formatDate(date) !== '';

  function confirm() {
    if (!valid) return setError(m.invalid);
    setError(null);
    setStartDate.mutate(
      { id: student.id, date },
      {
        onSuccess: () => {
          toast.success(m.updated);
          onClose();
        },
        onError: (failure) => setError(errorDetail(failure, m.failed)),
      },
    );
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={m.title}
      description={valid ? m.confirm(name, formatDate(date)) : m.hint}
      confirmLabel="Change start date"
      loading={setStartDate.isPending}
      disabled={!valid || date === student.course_start_date}
      onConfirm={confirm}
    >
      <Field
        className="mt-4"
        type="date"
        label={m.label}
        hint={valid ? m.hint : undefined}
        value={date}
        onChange={(event) => {
          setDate(event.target.value);
          setError(null);
        }}
        required
      />
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}
