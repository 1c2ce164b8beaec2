import { CalendarDays, Check, Download, Trash2, Wallet } from 'lucide-react';
import { EmailText } from '@client/components/ui/email-text';
import { formatPence, poundsToPence } from '@shared/money';
import { useCallback, useState } from 'react';
import { toast } from '@client/lib/toast';
import { COMPLETION_STATUSES, type CompletionStatus } from '@shared/statuses';
import { messages } from '@shared/messages';
import { COMPLETION_STATUS_LABELS } from '@shared/statuses';
import type { StudentRecord } from '@shared/schemas/student';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { ApiError, errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { useIsOwner } from '../api/admin-me';
import { useExportStudentsCsv } from '../api/export-students-csv';
import { useStudents } from '../api/get-students';
import { useCompleteStudent, useDeleteStudent, useUpdateStudentStatus } from '../api/student-actions';
import { useDownloadStudentData } from '../api/erasure-requests';
import { CompletionConfirmDialog } from './completion-confirm-dialog';
import { DataTable, type Column } from './data-table';
import { FilterSelect, PAGE_SIZE, SearchBox } from './list-parts';
import { MarkPaidDialog } from './mark-paid-dialog';
import { StartDateDialog } from './start-date-dialog';
import { defaultMarkPaidType } from './mark-paid-rules';

const fullName = (s: StudentRecord) => `${s.first_name} ${s.last_name}`;

export function CourseBadge({ course }: { course: 'foundation' | 'pro' | null }) {
  if (!course) return <span className="text-slate-600">Not selected</span>;
  return course === 'pro' ? <Badge tone="purple">Pro</Badge> : <Badge tone="blue">Foundation</Badge>;
}

function PaymentStatus({ student }: { student: StudentRecord }) {
  if (student.enrollment_paid && student.course_paid) return <Badge tone="green">Fully Paid</Badge>;
  if (student.enrollment_paid) return <Badge tone="blue">Enrollment Only</Badge>;
  return <Badge tone="amber">Pending</Badge>;
}

export function StudentsTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [course, setCourse] = useState('');
  const [page, setPage] = useState(1);
  const [markPaidFor, setMarkPaidFor] = useState<StudentRecord | null>(null);
  const [deleteFor, setDeleteFor] = useState<StudentRecord | null>(null);
  const [completeFor, setCompleteFor] = useState<StudentRecord | null>(null);
  const [startDateFor, setStartDateFor] = useState<StudentRecord | null>(null);
  const students = useStudents({ search, status, course, page, page_size: PAGE_SIZE });
  const updateStatus = useUpdateStudentStatus();
  const complete = useCompleteStudent();
  const remove = useDeleteStudent();
  // Mark Paid, Delete and Export are for owners (the server refuses staff; this only hides them).
  const isOwner = useIsOwner();
  const downloadData = useDownloadStudentData();
  const onDownloadData = (s: StudentRecord) =>
    downloadData.mutate(s.id, {
      onError: (error) => toast.error(errorDetail(error, messages.privacy.adminExportFailed)),
    });
  const { state: exportState, exportCsv } = useExportStudentsCsv();
  const onSearch = useCallback((value: string) => {
    setSearch(value);
    setPage(1);
  }, []);

  const rows = students.data?.students ?? [];
  const total = students.data?.total ?? 0;

  async function onExport() {
    try {
      const count = await exportCsv({ search, status, course });
      toast.success(messages.admin.exportDone(count));
    } catch {
      toast.error(messages.admin.exportFailed);
    }
  }

  function onMarkPaid(student: StudentRecord) {
    if (!defaultMarkPaidType(student)) toast.info(messages.admin.alreadyPaidEverything(fullName(student)));
    else setMarkPaidFor(student);
  }

  function onStatus(student: StudentRecord, value: CompletionStatus) {
    updateStatus.mutate(
      { id: student.id, status: value },
      {
        onSuccess: () => toast.success(messages.admin.statusUpdated),
        onError: () => toast.error(messages.admin.statusUpdateFailed),
      },
    );
  }

  function onComplete(student: StudentRecord, confirmIncomplete: boolean) {
    complete.mutate(
      { id: student.id, confirmIncomplete },
      {
        onSuccess: () => {
          toast.success(messages.admin.completed);
          setCompleteFor(null);
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status === 409
              ? errorDetail(error, messages.admin.completeFailed)
              : messages.admin.completeFailed,
          ),
      },
    );
  }

  function onDelete() {
    if (!deleteFor) return;
    remove.mutate(deleteFor.id, {
      onSuccess: () => {
        toast.success(messages.admin.deleted);
        setDeleteFor(null);
      },
      onError: (error) => toast.error(errorDetail(error, messages.admin.deleteFailed)),
    });
  }

  const columns: Array<Column<StudentRecord>> = [
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
      cell: (s) => (
        <select
          aria-label={`Status for ${fullName(s)}`}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm"
          value={s.completion_status}
          onChange={(e) => onStatus(s, e.target.value as CompletionStatus)}
        >
          {COMPLETION_STATUSES.map((v) => (
            <option key={v} value={v}>
              {COMPLETION_STATUS_LABELS[v]}
            </option>
          ))}
        </select>
      ),
    },
    {
      header: 'Actions',
      card: 'actions',
      cell: (s) => (
        <div className="flex flex-wrap gap-2">
          {s.completion_status !== 'completed' && s.course_paid && (
            <Button
              size="sm"
              variant="success"
              onClick={() => setCompleteFor(s)}
              aria-label={`Complete ${fullName(s)}`}
            >
              <Check className="size-4" aria-hidden />
              Complete
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            onClick={() => setStartDateFor(s)}
            aria-label={`${messages.admin.startDate.action} ${fullName(s)}`}
          >
            <CalendarDays className="size-4" aria-hidden />
            {messages.admin.startDate.action}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDownloadData(s)}
            loading={downloadData.isPending && downloadData.variables === s.id}
            aria-label={`${messages.privacy.adminExportStudent} ${fullName(s)}`}
          >
            <Download className="size-4" aria-hidden />
            {messages.privacy.adminExportStudent}
          </Button>
          {isOwner && (
            <>
              <Button size="sm" variant="outline" onClick={() => onMarkPaid(s)} aria-label={`Mark Paid ${fullName(s)}`}>
                <Wallet className="size-4" aria-hidden />
                Mark Paid
              </Button>
              <Button size="sm" variant="danger" onClick={() => setDeleteFor(s)} aria-label={`Delete ${fullName(s)}`}>
                <Trash2 className="size-4" aria-hidden />
                Delete
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];

  const toolbar = (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchBox label="Search students" onSearch={onSearch} />
        <FilterSelect
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[
            ['', 'All'],
            ['enrolled', 'Enrolled'],
            ['in_progress', 'In Progress'],
            ['completed', 'Completed'],
          ]}
        />
        <FilterSelect
          label="Course"
          value={course}
          onChange={(v) => {
            setCourse(v);
            setPage(1);
          }}
          options={[
            ['', 'All'],
            ['foundation', 'Foundation'],
            ['pro', 'Pro'],
          ]}
        />
        {isOwner && (
          <Button variant="secondary" onClick={onExport} loading={exportState.status === 'downloading'}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
        )}
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {exportState.status === 'downloading' &&
          `Exporting… ${Math.round(exportState.bytes / 1024).toLocaleString('en-GB')} KB received`}
      </p>
    </>
  );

  const dialogs = (
    <>
      {startDateFor && (
        <StartDateDialog key={startDateFor.id} student={startDateFor} onClose={() => setStartDateFor(null)} />
      )}
      {markPaidFor && (
        <MarkPaidDialog key={markPaidFor.id} student={markPaidFor} onClose={() => setMarkPaidFor(null)} />
      )}
      <ConfirmDialog
        open={deleteFor !== null}
        onOpenChange={(open) => !open && setDeleteFor(null)}
        title="Delete student"
        description={deleteFor ? messages.admin.confirmDelete(fullName(deleteFor)) : ''}
        confirmLabel="Delete"
        tone="danger"
        loading={remove.isPending}
        onConfirm={onDelete}
      />
      <CompletionConfirmDialog
        target={completeFor && { studentId: completeFor.id, search: completeFor.email, name: fullName(completeFor) }}
        title={messages.admin.completionCheck.completeTitle}
        question={completeFor ? messages.admin.completionCheck.completeQuestion(fullName(completeFor)) : ''}
        confirmLabel="Mark Completed"
        loading={complete.isPending}
        onConfirm={(confirmIncomplete) => completeFor && onComplete(completeFor, confirmIncomplete)}
        onClose={() => setCompleteFor(null)}
      />
    </>
  );

  return (
    <DataTable
      heading="Student Management"
      toolbar={toolbar}
      query={students}
      empty={messages.admin.noStudentsFound}
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      rowTestId="student-row"
      cardsOnPhones
      pagination={{ page, total, onPage: setPage }}
      summary={`Showing ${rows.length} of ${total.toLocaleString('en-GB')} students`}
      after={dialogs}
    />
  );
}
