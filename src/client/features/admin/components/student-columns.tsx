import { EmailText } from '@client/components/ui/email-text';
import { formatPence, poundsToPence } from '@shared/money';
import { COMPLETION_STATUS_LABELS, COMPLETION_STATUSES, type CompletionStatus } from '@shared/statuses';
import type { StudentRecord } from '@shared/schemas/student';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format';
import type { Column } from './data-table';
import { StudentRowButtons } from './student-row-buttons';
import { fullName } from './student-name';
import type { StudentRowActions } from './use-student-row-actions';

export function CourseBadge({ course }: { course: 'foundation' | 'pro' | null }) {
  if (!course) return <span className="text-slate-600">Not selected</span>;
  return course === 'pro' ? <Badge tone="purple">Pro</Badge> : <Badge tone="blue">Foundation</Badge>;
}

function PaymentStatus({ student }: { student: StudentRecord }) {
  if (student.enrollment_paid && student.course_paid) return <Badge tone="green">Fully Paid</Badge>;
  if (student.enrollment_paid) return <Badge tone="blue">Enrollment Only</Badge>;
  return <Badge tone="amber">Pending</Badge>;
}

function StatusSelect({
  student: s,
  onChange,
}: {
  student: StudentRecord;
  onChange: (status: CompletionStatus) => void;
}) {
  return (
    <select
      aria-label={`Status for ${fullName(s)}`}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
      value={s.completion_status}
      onChange={(e) => onChange(e.target.value as CompletionStatus)}
    >
      {COMPLETION_STATUSES.map((v) => (
        <option key={v} value={v}>
          {COMPLETION_STATUS_LABELS[v]}
        </option>
      ))}
    </select>
  );
}

/** The Student Management table's columns; the last two act through `actions`. */
export function studentColumns(actions: StudentRowActions, isOwner: boolean): Array<Column<StudentRecord>> {
  return [
    {
      header: 'Student',
      card: 'title',
      cell: (s) => (
        <>
          <div className="font-semibold text-slate-900">{fullName(s)}</div>
          <div className="font-mono text-xs text-slate-600">{s.id.slice(0, 8)}</div>
        </>
      ),
    },
    {
      header: 'Contact',
      cell: (s) => (
        <>
          <div>
            <EmailText email={s.email} />
          </div>
          {s.phone && <div className="text-slate-600">{s.phone}</div>}
        </>
      ),
    },
    { header: 'Course', cell: (s) => <CourseBadge course={s.course_type} /> },
    { header: 'Start Date', cell: (s) => (s.course_start_date ? formatDate(s.course_start_date) : 'Not selected') },
    { header: 'Payment Status', cell: (s) => <PaymentStatus student={s} /> },
    { header: 'Total Paid', cell: (s) => formatPence(poundsToPence(s.total_paid)) },
    {
      header: 'Status',
      cell: (s) => <StatusSelect student={s} onChange={(status) => actions.changeStatus(s, status)} />,
    },
    {
      header: 'Actions',
      card: 'actions',
      cell: (s) => <StudentRowButtons student={s} actions={actions} isOwner={isOwner} />,
    },
  ];
}
