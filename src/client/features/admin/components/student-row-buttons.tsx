import { CalendarDays, Check, Download, Trash2, Wallet } from 'lucide-react';
import { messages } from '@shared/messages';
import type { StudentRecord } from '@shared/schemas/student';
import { Button } from '@client/components/ui/button';
import { fullName } from './student-name';
import type { StudentRowActions } from './use-student-row-actions';

/** A student row's buttons: Complete (paid, not completed), Start date, Download data, and for owners Mark Paid and Delete. */
export function StudentRowButtons({
  student: s,
  actions,
  isOwner,
}: {
  student: StudentRecord;
  actions: StudentRowActions;
  isOwner: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {s.completion_status !== 'completed' && s.course_paid && (
        <Button
          size="sm"
          variant="success"
          onClick={() => actions.askComplete(s)}
          aria-label={`Complete ${fullName(s)}`}
        >
          <Check className="size-4" aria-hidden />
          Complete
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => actions.askStartDate(s)}
        aria-label={`${messages.admin.startDate.action} ${fullName(s)}`}
      >
        <CalendarDays className="size-4" aria-hidden />
        {messages.admin.startDate.action}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => actions.downloadData(s)}
        loading={actions.isDownloading(s)}
        aria-label={`${messages.privacy.adminExportStudent} ${fullName(s)}`}
      >
        <Download className="size-4" aria-hidden />
        {messages.privacy.adminExportStudent}
      </Button>
      {isOwner && (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => actions.askMarkPaid(s)}
            aria-label={`Mark Paid ${fullName(s)}`}
          >
            <Wallet className="size-4" aria-hidden />
            Mark Paid
          </Button>
          <Button size="sm" variant="danger" onClick={() => actions.askDelete(s)} aria-label={`Delete ${fullName(s)}`}>
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </>
      )}
    </div>
  );
}
