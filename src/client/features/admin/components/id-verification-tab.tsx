import { useState } from 'react';
import { EmailText } from '@client/components/ui/email-text';
import { toast } from '@client/lib/toast';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { DecidedIdVerification, PendingIdVerification } from '@shared/schemas/id-verification';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { formatDate } from '@client/lib/format';
import { useDecidedIdVerifications, usePendingIdVerifications } from '../api/get-id-verifications';
import { openIdDocument } from '../api/open-id-document';
import { useReviewIdVerification } from '../api/review-id-verification';
import { ListSection } from './data-table';

export function IdVerificationTab() {
  return (
    <div className="space-y-10">
      <PendingIdVerifications />
      <DecidedIdVerifications />
    </div>
  );
}

function ViewIdButton({ name, url }: { name: string; url: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`View ID of ${name}`}
      onClick={() => openIdDocument(url).catch(() => toast.error(messages.admin.documentOpenFailed))}
    >
      View ID
    </Button>
  );
}

function StudentSummary({ item, dateLine }: { item: PendingIdVerification | DecidedIdVerification; dateLine: string }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{item.student_name}</h3>
      <p className="text-sm text-slate-600">
        <EmailText email={item.email} />
      </p>
      <p className="text-sm text-slate-700">
        {item.course_type ? COURSES[item.course_type].title : 'No course selected'} · {dateLine}
      </p>
    </div>
  );
}

const rowClass =
  'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between';

/** Approved and rejected documents: View ID until the retention job deletes the image, then a note saying so. */
function DecidedIdVerifications() {
  const decided = useDecidedIdVerifications();
  const rows = decided.data?.items ?? [];
  return (
    <ListSection
      heading="Recent decisions"
      query={decided}
      isEmpty={rows.length === 0}
      empty={messages.admin.noDecidedIdVerifications}
    >
      <ul className="space-y-3">
        {rows.map((item) => (
          <li key={item.student_id} className={rowClass}>
            <StudentSummary
              item={item}
              dateLine={`${item.status === 'approved' ? 'Approved' : 'Rejected'} ${formatDate(item.reviewed_date)}${
                item.rejection_reason ? ` · ${item.rejection_reason}` : ''
              }`}
            />
            {item.id_document_url ? (
              <ViewIdButton name={item.student_name} url={item.id_document_url} />
            ) : (
              <p className="text-sm text-slate-600">
                {messages.admin.idDocumentDeletedAfter(decided.data?.retention_days ?? 0)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </ListSection>
  );
}

function PendingIdVerifications() {
  const pending = usePendingIdVerifications();
  const review = useReviewIdVerification();
  const [rejecting, setRejecting] = useState<PendingIdVerification | null>(null);
  const [reason, setReason] = useState('');
  const rows = pending.data ?? [];

  function decide(item: PendingIdVerification, status: 'approved' | 'rejected', rejectionReason: string | null) {
    review.mutate(
      { studentId: item.student_id, status, rejection_reason: rejectionReason },
      {
        onSuccess: () => {
          toast.success(messages.admin.idReviewSuccess(status));
          setRejecting(null);
        },
        onError: () => toast.error(messages.admin.idReviewFailed(status)),
      },
    );
  }

  function confirmReject() {
    // As in the original prompt: an empty reason does nothing.
    if (!rejecting || reason.trim() === '') return;
    decide(rejecting, 'rejected', reason.trim());
  }

  return (
    <ListSection
      heading="ID Verification"
      query={pending}
      isEmpty={rows.length === 0}
      empty={messages.admin.noPendingIdVerifications}
      after={
        <RejectIdDialog
          item={rejecting}
          reason={reason}
          onReason={setReason}
          loading={review.isPending}
          onConfirm={confirmReject}
          onClose={() => setRejecting(null)}
        />
      }
    >
      <ul className="space-y-3">
        {rows.map((item) => (
          <PendingIdRow
            key={item.student_id}
            item={item}
            onApprove={() => decide(item, 'approved', null)}
            onReject={() => {
              setReason('');
              setRejecting(item);
            }}
          />
        ))}
      </ul>
    </ListSection>
  );
}

/** A document waiting for review: who sent it and when, View ID, Approve and Reject. */
function PendingIdRow({
  item,
  onApprove,
  onReject,
}: {
  item: PendingIdVerification;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <li className={rowClass}>
      <StudentSummary item={item} dateLine={`Uploaded ${formatDate(item.uploaded_date)}`} />
      <div className="flex flex-wrap gap-2">
        <ViewIdButton name={item.student_name} url={item.id_document_url} />
        <Button variant="success" size="sm" aria-label={`Approve ID of ${item.student_name}`} onClick={onApprove}>
          Approve
        </Button>
        <Button variant="danger" size="sm" aria-label={`Reject ID of ${item.student_name}`} onClick={onReject}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** Rejecting a document asks for the reason the student will read; `item` null: closed. */
function RejectIdDialog({
  item,
  reason,
  onReason,
  loading,
  onConfirm,
  onClose,
}: {
  item: PendingIdVerification | null;
  reason: string;
  onReason: (reason: string) => void;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reject ID"
      description={item ? `Reject the ID document of ${item.student_name}?` : ''}
      confirmLabel="Reject"
      tone="danger"
      loading={loading}
      onConfirm={onConfirm}
    >
      <TextAreaField label={messages.admin.rejectionReasonPrompt} value={reason} onChange={onReason} />
    </ConfirmDialog>
  );
}
