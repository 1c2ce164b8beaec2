import type { StudentRecord } from '@shared/schemas/student';
import { messages } from '@shared/messages';
import { CompletionConfirmDialog } from './completion-confirm-dialog';
import { fullName } from './student-name';

/** Marks a student completed after the completion check; `student` null: closed. */
export function CompleteStudentDialog({
  student,
  loading,
  onConfirm,
  onClose,
}: {
  student: StudentRecord | null;
  loading: boolean;
  onConfirm: (student: StudentRecord, confirmIncomplete: boolean) => void;
  onClose: () => void;
}) {
  return (
    <CompletionConfirmDialog
      target={student && { studentId: student.id, search: student.email, name: fullName(student) }}
      title={messages.admin.completionCheck.completeTitle}
      question={student ? messages.admin.completionCheck.completeQuestion(fullName(student)) : ''}
      confirmLabel="Mark Completed"
      loading={loading}
      onConfirm={(confirmIncomplete) => student && onConfirm(student, confirmIncomplete)}
      onClose={onClose}
    />
  );
}
