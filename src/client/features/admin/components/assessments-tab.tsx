import { useState } from 'react';
import { toast } from '@client/lib/toast';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { errorDetail } from '@client/lib/api-client';
import { formatDate } from '@client/lib/format';
import { ASSESSMENT_TEXT_MAX } from '@shared/assessments';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { AdminAssessment } from '@shared/schemas/assessments';
import { useAssessments, useDownloadAssessmentFile, useReviewAssessment } from '../api/assessments';
import { DataTable, type Column } from './data-table';
import { FilterSelect, PAGE_SIZE } from './list-parts';

const m = messages.assessment;
const STATUS_TONE = { pending: 'amber', passed: 'green', resubmit: 'slate' } as const;
type Decision = { row: AdminAssessment; result: 'passed' | 'resubmit' };

/** Final pieces (owners and staff): waiting ones first; open the file or link, then pass or ask again. */
export function AssessmentsTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('pending');
  const list = useAssessments({ page, page_size: PAGE_SIZE, status });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [feedback, setFeedback] = useState('');
  const review = useReviewAssessment();
  const download = useDownloadAssessmentFile();

  const close = () => {
    setDecision(null);
    setFeedback('');
  };
  const confirm = () => {
    if (!decision) return;
    const name = decision.row.student_name;
    review.mutate(
      { id: decision.row.id, result: decision.result, feedback },
      {
        onSuccess: () => {
          toast.success(decision.result === 'passed' ? m.passedToast(name) : m.resubmitToast(name));
          close();
        },
        onError: (error) => toast.error(errorDetail(error, m.reviewFailed)),
      },
    );
  };
  const onDownload = (row: AdminAssessment) =>
    download.mutate(
      { id: row.id, fileName: row.file_name ?? 'final-piece' },
      { onError: (error) => toast.error(errorDetail(error, m.downloadFailed)) },
    );

  const toolbar = (
    <FilterSelect
      label="Show"
      value={status}
      onChange={(value) => {
        setStatus(value);
        setPage(1);
      }}
      options={[
        ['pending', m.statusLabels.pending],
        ['resubmit', m.statusLabels.resubmit],
        ['passed', m.statusLabels.passed],
      ]}
    />
  );

  return (
    <>
      <DataTable
        heading={m.adminTitle}
        toolbar={toolbar}
        query={list}
        empty={m.adminEmpty}
        columns={columns(onDownload, (row, result) => setDecision({ row, result }))}
        rows={list.data?.assessments ?? []}
        rowKey={(row) => row.id}
        rowTestId="assessment-row"
        cardsOnPhones
        pagination={{ page, total: list.data?.total ?? 0, onPage: setPage }}
      />
      <ReviewDialog
        decision={decision}
        feedback={feedback}
        onFeedback={setFeedback}
        loading={review.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}

/** Asks before a pass or a resubmission, with the feedback box (required to ask again); `decision` null: closed. */
function ReviewDialog({
  decision,
  feedback,
  onFeedback,
  loading,
  onConfirm,
  onClose,
}: {
  decision: Decision | null;
  feedback: string;
  onFeedback: (feedback: string) => void;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const passing = decision?.result === 'passed';
  return (
    <ConfirmDialog
      open={decision !== null}
      onOpenChange={(open) => !open && onClose()}
      title={passing ? m.passTitle : m.resubmitTitle}
      description={decision ? (passing ? m.passQuestion : m.resubmitQuestion)(decision.row.student_name) : ''}
      confirmLabel={passing ? m.pass : m.askResubmit}
      loading={loading}
      disabled={!passing && feedback.trim() === ''}
      onConfirm={onConfirm}
    >
      <TextAreaField
        label={passing ? m.feedbackOptionalLabel : m.feedbackLabel}
        value={feedback}
        onChange={onFeedback}
        rows={4}
        maxLength={ASSESSMENT_TEXT_MAX}
      />
    </ConfirmDialog>
  );
}

function columns(
  onDownload: (row: AdminAssessment) => void,
  onDecide: (row: AdminAssessment, result: Decision['result']) => void,
): Array<Column<AdminAssessment>> {
  return [
    {
      header: 'Student',
      card: 'title',
      cell: (r) => (
        <span>
          <span className="font-medium">{r.student_name}</span>
          <span className="block text-sm text-slate-600">{r.course_type ? COURSES[r.course_type].title : '—'}</span>
        </span>
      ),
    },
    { header: 'Sent', cell: (r) => formatDate(r.submitted_at) },
    {
      header: 'Piece',
      cell: (r) =>
        r.kind === 'link' && r.url ? (
          <a
            href={r.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium break-all text-brand-800 underline"
            aria-label={`${m.openLink}: ${r.student_name} (opens in a new tab)`}
          >
            {m.openLink}
          </a>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDownload(r)}
            aria-label={`${m.openFile}: ${r.file_name}`}
          >
            {m.openFile}
          </Button>
        ),
    },
    { header: 'Note', cell: (r) => <span className="whitespace-pre-line">{r.note ?? '—'}</span> },
    { header: 'Status', cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{m.statusLabels[r.status]}</Badge> },
    {
      header: 'Review',
      cell: (r) =>
        r.reviewed_at ? (
          <span className="text-sm">
            {formatDate(r.reviewed_at)}
            {r.reviewed_by ? ` by ${r.reviewed_by}` : ''}
            {r.feedback && <span className="block whitespace-pre-line text-slate-700">{r.feedback}</span>}
          </span>
        ) : (
          '—'
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => onDecide(r, 'passed')} aria-label={`${m.pass}: ${r.student_name}`}>
              {m.pass}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onDecide(r, 'resubmit')}
              aria-label={`${m.askResubmit}: ${r.student_name}`}
            >
              {m.askResubmit}
            </Button>
          </div>
        ) : null,
    },
  ];
}
