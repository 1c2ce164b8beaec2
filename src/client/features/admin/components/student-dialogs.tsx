import { CompleteStudentDialog } from './complete-student-dialog';
import { DeleteStudentDialog } from './delete-student-dialog';
import { MarkPaidDialog } from './mark-paid-dialog';
import { StartDateDialog } from './start-date-dialog';
import type { StudentRowActions } from './use-student-row-actions';

/** The dialogs a student row's buttons open (which one, for whom: `useStudentRowActions`). */
export function StudentDialogs({ actions: a }: { actions: StudentRowActions }) {
  return (
    <>
      {a.startDateFor && (
        <StartDateDialog key={a.startDateFor.id} student={a.startDateFor} onClose={a.closeStartDate} />
      )}
      {a.markPaidFor && <MarkPaidDialog key={a.markPaidFor.id} student={a.markPaidFor} onClose={a.closeMarkPaid} />}
      <DeleteStudentDialog
        student={a.deleteFor}
        loading={a.deleting}
        onConfirm={a.confirmDelete}
        onClose={a.closeDelete}
      />
      <CompleteStudentDialog
        student={a.completeFor}
        loading={a.completing}
        onConfirm={a.confirmComplete}
        onClose={a.closeComplete}
      />
    </>
  );
}
