import type { StudentRecord } from '@shared/schemas/student';
import { messages } from '@shared/messages';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { fullName } from './student-name';

/** Asks before deleting a student (owners); `student` null: closed. */
export function DeleteStudentDialog({
  student,
  loading,
  onConfirm,
  onClose,
}: {
  student: StudentRecord | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={student !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete student"
      description={student ? messages.admin.confirmDelete(fullName(student)) : ''}
      confirmLabel="Delete"
      tone="danger"
      loading={loading}
      onConfirm={onConfirm}
    />
  );
}
