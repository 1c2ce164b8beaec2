import { useState } from 'react';
import { EmailText } from '@client/components/ui/email-text';
import { toast } from 'sonner';
import { COURSES } from '@shared/catalogue';
import { messages } from '@shared/messages';
import type { PendingIdVerification } from '@shared/schemas/id-verification';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TextAreaField } from '@client/components/ui/field';
import { formatDate } from '@client/lib/format';
import { usePendingIdVerifications } from '../api/get-id-verifications';
import { openIdDocument } from '../api/open-id-document';
import { useReviewIdVerification } from '../api/review-id-verification';
import { ListSection } from './data-table';

export function IdVerificationTab() {
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

  const rejectDialog = (
    <ConfirmDialog
      open={rejecting !== null}
      onOpenChange={(open) => !open && setRejecting(null)}
      title="Reject ID"
      description={rejecting ? `Reject the ID document of ${rejecting.student_name}?` : ''}
      confirmLabel="Reject"
      tone="danger"
      loading={review.isPending}
      onConfirm={confirmReject}
    >
      <TextAreaField label={messages.admin.rejectionReasonPrompt} value={reason} onChange={setReason} />
    </ConfirmDialog>
  );

  return (
    <ListSection
      heading="ID Verification"
      query={pending}
      isEmpty={rows.length === 0}
      empty={messages.admin.noPendingIdVerifications}
      after={rejectDialog}
    >
      <ul className="space-y-3">
        {rows.map((item) => (
          <li
            key={item.student_id}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between"
          >
            <div>
              <h3 className="font-semibold text-slate-900">{item.student_name}</h3>
              <p className="text-sm text-slate-600">
                <EmailText email={item.email} />
              </p>
              <p className="text-sm text-slate-700">
                {item.course_type ? COURSES[item.course_type].title : 'No course selected'} · Uploaded{' '}
                {formatDate(item.uploaded_date)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-label={`View ID of ${item.student_name}`}
                onClick={() =>
                  openIdDocument(item.id_document_url).catch(() => toast.error(messages.admin.documentOpenFailed))
                }
              >
                View ID
              </Button>
              <Button
                variant="success"
                size="sm"
                aria-label={`Approve ID of ${item.student_name}`}
                onClick={() => decide(item, 'approved', null)}
              >
                Approve
              </Button>
              <Button
                variant="danger"
                size="sm"
                aria-label={`Reject ID of ${item.student_name}`}
                onClick={() => {
                  setReason('');
                  setRejecting(item);
                }}
              >
                Reject
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </ListSection>
  );
}
